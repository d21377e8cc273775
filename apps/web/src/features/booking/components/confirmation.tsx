import { Anchor, Button, Group, List, Paper, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router-dom';
import { booking, business, type CreateAppointmentResponse } from '@repo/contracts';
import { paths, portalUrls } from '../../../config/paths.ts';
import { formatLongDate, formatSlot } from '../lib/dates.ts';
import { appointmentIcs } from '../lib/ics.ts';
import { manageAppointmentUrl } from '../lib/manage-link.ts';
import { reviewUrl } from '../review-link.ts';

/** Step 4: what was booked, the link to manage it, what happens next, and a calendar file. */
export function Confirmation({ result }: { result: CreateAppointmentResponse }) {
  const { appointment } = result;
  // Booked with a session: the service linked the appointment to the account, so the portal lists it too.
  const inPortal = appointment.customerId !== null;
  const calendarHref = `data:text/calendar;charset=utf-8,${encodeURIComponent(appointmentIcs(appointment))}`;

  return (
    <Stack gap="lg" align="stretch">
      <Stack gap="xs" align="center" ta="center">
        <ThemeIcon size={56} radius="xl" color="green.8" aria-hidden>
          ✓
        </ThemeIcon>
        <Title order={2} id="confirmation-heading" tabIndex={-1}>
          Appointment Confirmed!
        </Title>
        <Text>
          Thank you, {appointment.customerName}. We will call you within {booking.confirmationCallHours} hours to confirm your appointment.
        </Text>
        <Text fw={700}>
          {formatLongDate(appointment.appointmentDate)}, {formatSlot(appointment.timeSlot)}
        </Text>
        <Text>
          Confirmation code: <strong data-testid="confirmation-code">{result.confirmationCode}</strong>
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
          <Button component="a" href={manageAppointmentUrl(appointment.id, result.manageToken)} aria-describedby="manage-appointment-note">
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
          <List.Item>Our technician will arrive at the scheduled time.</List.Item>
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
        <Button component="a" href={calendarHref} download={`appointment-${result.confirmationCode}.ics`} variant="light">
          Add to calendar
        </Button>
        <Anchor href={reviewUrl} target="_blank" rel="noopener noreferrer" fw={600}>
          Leave a Review<VisuallyHidden> (opens in a new tab)</VisuallyHidden>
        </Anchor>
      </Group>
    </Stack>
  );
}
