import type { ReactNode } from 'react';
import { Card, Container, Stack, Text, Title } from '@mantine/core';
import { AppAnchor } from '@repo/ui';

export type NoticeProps = { title: string; message: string; href: string; linkLabel: string; children?: ReactNode };

/** A card in place of a page's content: why it cannot be shown, and where to go instead (`children`: more ways on). */
export function Notice({ title, message, href, linkLabel, children }: NoticeProps) {
  return (
    <Container size="sm" className="frame-block">
      <Card withBorder shadow="sm" padding="xl" radius="md" component="section" aria-labelledby="notice-heading">
        <Stack gap="sm" align="flex-start">
          <Title order={1} id="notice-heading">
            {title}
          </Title>
          <Text>{message}</Text>
          <AppAnchor href={href} fw={600}>
            {linkLabel}
          </AppAnchor>
          {children}
        </Stack>
      </Card>
    </Container>
  );
}
