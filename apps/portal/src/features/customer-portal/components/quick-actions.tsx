import { Button, Card, Stack, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { UnavailableAction } from '../../../components/unavailable-action.tsx';
import { paths, webPaths } from '../../../config/paths.ts';
import { useAppointments } from '../../../lib/api/appointments.ts';
import { nextActiveAppointment } from '../../../lib/next-appointment.ts';

/**
 * Track Technician opens the tracking page of the next active appointment once a technician is assigned to it;
 * until then it stays visibly unavailable, with the reason next to it.
 */
function TrackTechnician() {
  const appointments = useAppointments();
  const next = appointments.data ? nextActiveAppointment(appointments.data) : undefined;
  if (next?.technicianId) {
    return (
      <Button component={Link} to={paths.technicianTracking(next.id)} variant="light" fullWidth>
        Track Technician
      </Button>
    );
  }
  const reason = appointments.isPending
    ? 'Checking your appointments...'
    : next
      ? 'No technician is on the way yet'
      : appointments.isError
        ? 'Your appointments could not be loaded'
        : 'No upcoming appointment to track';
  return <UnavailableAction label="Track Technician" id="track-technician-reason" reason={reason} />;
}

/** Book Service and Make Payment on the public site; My Invoices, My Appliances and Track Technician in the portal. */
export function QuickActions() {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="quick-actions-heading">
      <Title order={2} size="h3" id="quick-actions-heading">
        Quick Actions
      </Title>
      <Stack gap="sm" mt="md">
        <Button component="a" href={webPaths.bookAppointment} fullWidth>
          Book Service
        </Button>
        <Button component={Link} to={paths.invoices} variant="light" fullWidth>
          My Invoices
        </Button>
        <Button component={Link} to={paths.appliances} variant="light" fullWidth>
          My Appliances
        </Button>
        <Button component="a" href={webPaths.payment} variant="light" fullWidth>
          Make Payment
        </Button>
        <TrackTechnician />
      </Stack>
    </Card>
  );
}
