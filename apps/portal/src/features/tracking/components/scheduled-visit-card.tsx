import { Button, Card, Group, Text, Title } from '@mantine/core';
import type { TrackingRecord } from '@repo/contracts';
import { formatArrivalWindow } from '../../../lib/dates.ts';
import { TrackingStatusBadge } from './tracking-status-badge.tsx';

export type ScheduledVisitCardProps = {
  record: TrackingRecord;
  /** A Refresh the visitor asked for is under way. */
  refreshing: boolean;
  onRefresh: () => void;
};

/**
 * Scheduled Visit: a visit the technician has not set off for yet (it may be days away, the technician out on other
 * jobs). It shows the booked arrival window and says live tracking starts once the technician is on the way; nothing
 * live (no countdown, position, distance or ETA), whatever the record carries.
 */
export function ScheduledVisitCard({ record, refreshing, onRefresh }: ScheduledVisitCardProps) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="scheduled-visit-heading">
      <Group justify="space-between" align="flex-start" gap="xs">
        <Title order={2} size="h4" id="scheduled-visit-heading">
          Scheduled Visit
        </Title>
        <TrackingStatusBadge status={record.status} />
      </Group>
      <Text mt="md" fw={600}>
        Scheduled arrival window
      </Text>
      <Text size="lg">{formatArrivalWindow(record.scheduledStart, record.scheduledEnd)}</Text>
      <Text size="sm" c="dimmed" mt="xs">
        Your technician has been assigned. Live tracking, with their position and arrival time, starts here once they set
        off for your visit.
      </Text>
      <Group mt="lg">
        {/* Not disabled while busy: a disabled button would drop the keyboard focus. */}
        <Button variant="default" onClick={refreshing ? undefined : onRefresh} aria-busy={refreshing}>
          {refreshing ? 'Refreshing...' : 'Refresh'}
        </Button>
      </Group>
    </Card>
  );
}
