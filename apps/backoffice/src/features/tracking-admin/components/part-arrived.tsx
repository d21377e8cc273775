import { useState } from 'react';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { jobRecordMessages, type StaffAppointment } from '@repo/contracts';
import { errorMessage, showToast } from '@repo/ui';
import { paths } from '../../../config/paths.ts';
import { returnVisitFrom, returnVisitState, type ReturnVisit } from '../../../lib/return-visit.ts';
import { usePartArrived } from '../api/appointments.ts';

/**
 * "Part arrived" on a visit waiting for a part: the waiting ends, and the office books the return visit as a new
 * booking with the dispatch board's "Book for caller" on the day that suits the customer, the form filled in from this
 * visit (lib/return-visit.ts). Not a reschedule of this visit: the technician was there, so it keeps its record (and
 * reschedules move only visits not yet started).
 */
export function PartArrived({ appointment }: { appointment: StaffAppointment }) {
  const arrived = usePartArrived();
  // The part as it was when marked: once it has arrived, the visit no longer says what it waited for.
  const [returnVisit, setReturnVisit] = useState<ReturnVisit | null>(null);
  if (arrived.isSuccess) {
    return (
      <Stack gap={4} role="status">
        <Text size="sm">{jobRecordMessages.partArrived}</Text>
        <Anchor component={Link} to={paths.dispatchBoard} state={returnVisit ? returnVisitState(returnVisit) : undefined} size="sm" fw={600}>
          Book the return visit on the dispatch board
        </Anchor>
      </Stack>
    );
  }
  const waited = appointment.waitingForParts;
  if (!waited) return null;
  return (
    <Stack gap={4} align="flex-start">
      <Button
        variant="default"
        loading={arrived.isPending}
        aria-label={`Part arrived for ${appointment.customerName}`}
        onClick={() => {
          setReturnVisit(returnVisitFrom(appointment, waited));
          arrived.mutate(appointment.id, {
            onError: (error) => showToast({ title: 'Not changed', description: errorMessage(error, "That didn't go through. Try again."), variant: 'destructive' }),
          });
        }}
      >
        Part arrived
      </Button>
    </Stack>
  );
}
