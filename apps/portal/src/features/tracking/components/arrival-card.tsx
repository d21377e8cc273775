import { useEffect, useState } from 'react';
import { getRadius, Group, Progress, Stack, Text } from '@mantine/core';
import { arrivalProgress, tracking, type TrackingRecord } from '@repo/contracts';
import { formatArrivalWindow, formatDayTime } from '../../../lib/dates.ts';
import { formatCountdown, hasArrived, secondsUntil } from '../lib/arrival.ts';
import { StatusCard } from './status-card.tsx';

/** The current time, once a second: only this card re-renders with the countdown. */
function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/**
 * Estimated Arrival: the countdown, progress over the 45 minutes before the arrival time, the scheduled window and
 * the status. Until live data exists the arrival time is the start of the scheduled window, and the card says so
 * instead of presenting it as a live estimate. The countdown is a timer, which screen readers do not announce on
 * every tick; they read it when the visitor reaches it.
 */
export function ArrivalCard({ record }: { record: TrackingRecord }) {
  const now = useNow(tracking.countdownTickMs);
  const scheduled = record.estimatedArrivalSource === 'schedule';
  const arrived = hasArrived(record);
  const progress = arrivalProgress(record, now);
  const countdownLabel = scheduled ? 'Time until your scheduled arrival window opens' : 'Estimated time until your technician arrives';

  return (
    <StatusCard title="Estimated Arrival" headingId="arrival-heading" status={record.status}>
      <Stack gap={4} mt="md">
        {arrived ? (
          <Text fz={28} fw={800}>
            {record.actualArrival ? `Arrived at ${formatDayTime(record.actualArrival)}` : 'Your technician has arrived'}
          </Text>
        ) : (
          <>
            <Text size="sm" c="dimmed" id="countdown-label">
              {countdownLabel}
            </Text>
            <Text
              role="timer"
              aria-live="off"
              aria-labelledby="countdown-label countdown-value"
              id="countdown-value"
              fz={40}
              fw={800}
              lh={1.1}
              style={{ fontVariantNumeric: 'tabular-nums' }}
              data-testid="countdown"
            >
              {formatCountdown(secondsUntil(record.estimatedArrival, now))}
            </Text>
          </>
        )}
      </Stack>
      {/* The bar itself carries the name and value for screen readers; this is the same for the eye. */}
      <Group justify="space-between" gap="xs" mt="md" aria-hidden="true">
        <Text size="sm">Progress toward the arrival time</Text>
        <Text size="sm" fw={600}>{`${progress}%`}</Text>
      </Group>
      {/* The rounding as Progress's variable: a `radius` prop would also reach its div as an attribute. */}
      <Progress value={progress} aria-label="Progress toward the arrival time" mt={4} size="lg" style={{ '--progress-radius': getRadius('xl') }} />
      <Text mt="md" fw={600}>
        {scheduled ? 'Scheduled arrival window' : 'Scheduled time'}
      </Text>
      <Text size="sm">{formatArrivalWindow(record.scheduledStart, record.scheduledEnd)}</Text>
      {scheduled && !arrived ? (
        <Text size="sm" c="dimmed" mt="xs">
          This is your booked arrival window, not a live estimate: a live estimate appears once your technician shares their
          position.
        </Text>
      ) : null}
    </StatusCard>
  );
}
