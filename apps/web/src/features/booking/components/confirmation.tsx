import { Anchor, Button, Group, List, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { Ref } from 'react';
import { Link } from 'react-router-dom';
import { booking, type Appointment } from '@repo/contracts';
import { RoundIcon } from '@repo/ui';
import { useDownloadCalendar } from '@repo/ui/api';
import { business } from '../../../config/business.ts';
import { paths, portalUrls } from '../../../config/paths.ts';
import { arrivalWindow, formatLongDate, formatSlot } from '../lib/dates.ts';
import { manageAppointmentUrl } from '../lib/manage-link.ts';

type Props = {
  appointment: Appointment;
  /** The appointment's manage link token: its page on the portal and its calendar file. */
  manageToken: string;
  headingRef?: Ref<HTMLHeadingElement>;
};

/** The calendar file booking makes for the appointment, fetched with the manage token and saved. */
function AddToCalendar({ id, manageToken }: { id: number; manageToken: string }) {
  const download = useDownloadCalendar();
  return (
    <Button variant="light" onClick={() => download.mutate({ id, accessToken: manageToken })} disabled={download.isPending}>
      {download.isPending ? 'Preparing calendar file...' : 'Add to calendar'}
    </Button>
  );
}

/**
 * Step 4: the request is received and the arrival window held; the call within 24 hours confirms the details. Then
 * the link to manage it, what happens next, and a calendar file.
 */
export function Confirmation({ appointment, manageToken, headingRef }: Props) {
  // Booked with a session: the service linked the appointment to the account, so the portal lists it too.
  const inPortal = appointment.customerId !== null;
  const arrival = arrivalWindow(appointment.timeSlot);

  return (
    <Stack gap="lg" align="stretch">
      <Stack gap="xs" align="center" ta="center">
        <RoundIcon size={56} color="green.8" aria-hidden>
          ✓
        </RoundIcon>
        <Title order={2} id="confirmation-heading" tabIndex={-1} ref={headingRef}>
          Appointment Confirmed!
        </Title>
        <Text>
          Thank you, {appointment.customerName}. We have received your request and are holding this arrival window for you:
        </Text>
        <Text fw={700} data-testid="arrival-window">
          {formatLongDate(appointment.appointmentDate)}, {arrival} (Eastern time)
        </Text>
        <Text>
          We will call you within {booking.confirmationCallHours} hours to confirm your appointment and go over the details.
        </Text>
        <Text>
          Confirmation code: <strong data-testid="confirmation-code">{appointment.confirmationCode}</strong>
        </Text>
      </Stack>

      <Paper withBorder radius="md" p="md" bg="gray.0">
        <Stack gap="sm" align="flex-start">
          <Text id="manage-appointment-note">
            Your appointment has its own page: view it, reschedule or cancel it, and add it to your calendar.{' '}
            {inPortal ? (
              <>
                It is also in your <Anchor href={portalUrls.customerPortal}>customer portal</Anchor>.
              </>
            ) : (
              'The link works until the day after your appointment; keep it to yourself, as anyone who has it can change the booking.'
            )}
          </Text>
          <Button component="a" href={manageAppointmentUrl(appointment.id, manageToken)} aria-describedby="manage-appointment-note">
            Manage your appointment
          </Button>
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p="md">
        <Title order={3} fz="lg" mb="xs">
          What&apos;s Next?
        </Title>
        <List spacing="xs">
          <List.Item>You&apos;ll receive a confirmation call from our team.</List.Item>
          <List.Item>Our technician will arrive at the scheduled time ({formatSlot(appointment.timeSlot)}).</List.Item>
          <List.Item>We&apos;ll provide a detailed diagnosis and repair estimate.</List.Item>
          <List.Item>Payment is due upon completion of service.</List.Item>
        </List>
      </Paper>

      <Group justify="center" gap="sm">
        <Button component={Link} to={paths.home} variant="default">
          Back to Home
        </Button>
        <Button component="a" href={`tel:${business.phoneTel}`}>
          Call {business.phoneDisplay}
        </Button>
        <AddToCalendar id={appointment.id} manageToken={manageToken} />
        <Anchor href={business.leaveReviewUrl} target="_blank" rel="noopener noreferrer" fw={600}>
          Leave a Review<VisuallyHidden> (opens in a new tab)</VisuallyHidden>
        </Anchor>
      </Group>
    </Stack>
  );
}
