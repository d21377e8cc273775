import { Text } from '@mantine/core';
import type { TrackingRecord } from '@repo/contracts';
import { formatArrivalWindow } from '../../../lib/dates.ts';
import { StatusCard } from './status-card.tsx';

/**
 * Your Visit, before the technician sets off: the booked window and nothing live (no countdown, no position), since
 * the technician may be days away or at another customer's.
 */
export function ScheduledVisitCard({ record }: { record: TrackingRecord }) {
  return (
    <StatusCard title="Your Visit" headingId="scheduled-visit-heading" status={record.status}>
      <Text mt="md" fw={600}>
        {`Your visit is scheduled for ${formatArrivalWindow(record.scheduledStart, record.scheduledEnd)}.`}
      </Text>
      <Text size="sm" c="dimmed" mt="xs">
        Once your technician is on the way to you, this page shows where they are and when they will arrive.
      </Text>
    </StatusCard>
  );
}
