import type { ReactNode } from 'react';
import { Alert, Text } from '@mantine/core';

type NoticeProps = {
  title: string;
  color: 'green' | 'yellow' | 'red' | 'brand';
  /** 'alert' interrupts a screen reader: only for something that just went wrong. */
  role: 'alert' | 'status' | 'note';
  children: ReactNode;
};

/**
 * A boxed message. Its title and text are drawn dark on the light tint (Mantine's coloured title would fall below
 * the contrast people need to read it).
 */
export function Notice({ title, color, role, children }: NoticeProps) {
  return (
    <Alert
      color={color}
      variant="light"
      role={role}
      title={
        <Text component="span" fw={700} size="sm" c="dark.9">
          {title}
        </Text>
      }
    >
      <Text size="sm" c="dark.8" component="div">
        {children}
      </Text>
    </Alert>
  );
}
