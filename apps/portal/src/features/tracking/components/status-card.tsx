import type { ReactNode } from 'react';
import { Card, Group, Title } from '@mantine/core';
import type { TrackingStatus } from '@repo/contracts';
import { TrackingStatusBadge } from './tracking-status-badge.tsx';

/** A card about where the visit stands (Your Visit, Estimated Arrival): its heading with the status badge beside it. */
export function StatusCard({ title, headingId, status, children }: { title: string; headingId: string; status: TrackingStatus; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-start" gap="xs">
        <Title order={2} size="h4" id={headingId}>
          {title}
        </Title>
        <TrackingStatusBadge status={status} />
      </Group>
      {children}
    </Card>
  );
}
