import type { ReactNode } from 'react';
import { Group, Text, Title } from '@mantine/core';

/** A staff page's h1 and what the page is for, with its controls (the live indicator, buttons) beside them. */
export function PageHeader({ title, description, children }: { title: string; description: string; children?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      <div>
        <Title order={1}>{title}</Title>
        <Text c="dimmed" mt={4}>
          {description}
        </Text>
      </div>
      {children}
    </Group>
  );
}
