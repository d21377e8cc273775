import { Anchor, Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { jobRecordMessages, type StaffAppointment } from '@repo/contracts';
import { errorMessage, showToast } from '@repo/ui';
import { paths } from '../../../config/paths.ts';
import { usePartArrived } from '../api/appointments.ts';

/**
 * "Part arrived" on a visit waiting for a part: the waiting ends, and the office books the return visit as a new
 * booking with the dispatch board's "Book for caller" on the day that suits the customer. Not a reschedule of this
 * visit: the technician was there, so it keeps its record (and reschedules move only visits not yet started).
 */
export function PartArrived({ appointment }: { appointment: StaffAppointment }) {
  const arrived = usePartArrived();
  if (arrived.isSuccess) {
    return (
      <Stack gap={4} role="status">
        <Text size="sm">{jobRecordMessages.partArrived}</Text>
        <Anchor component={Link} to={paths.dispatchBoard} size="sm" fw={600}>
          Book the return visit on the dispatch board
        </Anchor>
      </Stack>
    );
  }
  if (!appointment.waitingForParts) return null;
  return (
    <Stack gap={4} align="flex-start">
      <Button
        variant="default"
        loading={arrived.isPending}
        aria-label={`Part arrived for ${appointment.customerName}`}
        onClick={() =>
          arrived.mutate(appointment.id, {
            onError: (error) => showToast({ title: 'Not changed', description: errorMessage(error, "That didn't go through. Try again."), variant: 'destructive' }),
          })}
      >
        Part arrived
      </Button>
    </Stack>
  );
}
