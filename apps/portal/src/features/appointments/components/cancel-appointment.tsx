import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { appointmentPageMessages, type Appointment } from '@repo/contracts';
import { ApiRequestError, errorMessage, showToast } from '@repo/ui';
import { formatDate, formatTimeSlot } from '../../../lib/dates.ts';
import { useCancelAppointment } from '../api/change-appointment.ts';

type Props = { appointment: Appointment; accessToken: string | undefined; onChanged: () => void };

/**
 * Cancel, behind a confirmation dialog. The dialog keeps focus inside it, starts on "Keep appointment" (the safe
 * choice), closes with Escape and gives focus back to the button that opened it.
 */
export function CancelAppointment({ appointment, accessToken, onChanged }: Props) {
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const cancel = useCancelAppointment();
  const busy = cancel.isPending;

  function close() {
    if (busy) return;
    setConfirming(false);
    setFailure(undefined);
  }

  async function confirm() {
    setFailure(undefined);
    try {
      await cancel.mutateAsync({ id: appointment.id, accessToken });
    } catch (error) {
      setFailure(errorMessage(error, error instanceof ApiRequestError ? 'The appointment could not be cancelled. Please try again.' : 'An error occurred. Please try again.'));
      return;
    }
    setConfirming(false);
    showToast({ title: 'Appointment Cancelled', description: appointmentPageMessages.cancelled });
    onChanged();
  }

  return (
    <Stack gap="xs" align="flex-start">
      <Title order={3} size="h5">
        Cancel
      </Title>
      <Text size="sm">Cancelling frees the time for someone else. You can book again at any time.</Text>
      <Button color="red.9" variant="outline" onClick={() => setConfirming(true)}>
        Cancel appointment
      </Button>
      {/* Built from Modal's parts: its ready-made header is a <header>, which screen readers would list as a second banner. */}
      <Modal.Root opened={confirming} onClose={close} centered>
        <Modal.Overlay />
        <Modal.Content>
          <Stack gap="md" p="lg">
            <Modal.Title fw={700} fz="lg">
              Cancel this appointment?
            </Modal.Title>
            <Text>
              {`Your ${appointment.appliance} appointment on ${formatDate(appointment.appointmentDate)}, ${formatTimeSlot(appointment.timeSlot)} will be cancelled.`}
            </Text>
            {failure ? (
              <Alert color="red" variant="light" role="alert">
                {failure}
              </Alert>
            ) : null}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={busy} data-autofocus>
                Keep appointment
              </Button>
              <Button color="red.9" onClick={() => void confirm()} disabled={busy}>
                {busy ? 'Cancelling...' : 'Yes, cancel it'}
              </Button>
            </Group>
          </Stack>
        </Modal.Content>
      </Modal.Root>
    </Stack>
  );
}
