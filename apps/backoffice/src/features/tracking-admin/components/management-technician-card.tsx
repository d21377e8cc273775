import { Badge, Button, Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import type { StaffTechnician, Technician } from '@repo/contracts';
import { SpecialtyBadges, TechnicianAvatar } from '@repo/ui';
import { formatBusinessDateTime } from '../../../lib/format.ts';
import { formatCoordinates } from '../lib/format.ts';
import { EditTechnicianForm } from './edit-technician-form.tsx';
import { Facts } from '../../../components/facts.tsx';
import { TechnicianActivation } from './technician-activation.tsx';
import { TechnicianSchedule } from './technician-schedule.tsx';
import { TechnicianSignIn, type SignInState } from './technician-sign-in.tsx';
import { UpdateLocationForm } from './update-location-form.tsx';

function CurrentLocation({ technician }: { technician: Technician }) {
  const location = technician.currentLocation;
  if (!location) return <Text size="sm">No location shared yet.</Text>;
  return (
    <Stack gap={2}>
      {location.address ? <Text size="sm">{location.address}</Text> : null}
      <Text size="sm" ff="monospace">
        {formatCoordinates(location.lat, location.lng)}
      </Text>
      <Text size="xs" c="dimmed">
        Last updated: {formatBusinessDateTime(location.lastUpdated)}
      </Text>
    </Stack>
  );
}

type ManagementTechnicianCardProps = {
  technician: StaffTechnician;
  editing: boolean;
  onEdit: (editing: boolean) => void;
  signIn: SignInState;
};

/** One technician on the management page: details or the inline edit, the current location and its form, the sign-in. */
export function ManagementTechnicianCard({ technician, editing, onEdit, signIn }: ManagementTechnicianCardProps) {
  const headingId = `technician-${technician.id}-name`;
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-labelledby={headingId}>
      <Stack gap="md">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <TechnicianAvatar technician={technician} />
          <div style={{ minWidth: 0 }}>
            <Title order={3} size="h4" id={headingId}>
              {technician.name}
            </Title>
            <Text size="sm" c="dimmed">
              ID: {technician.id}
            </Text>
            {technician.active ? null : (
              <Badge component="span" variant="filled" bg="#fee2e2" c="#991b1b" tt="none" radius="sm" mt={4}>
                Deactivated
              </Badge>
            )}
          </div>
        </Group>
        {editing ? (
          <EditTechnicianForm technician={technician} onDone={() => onEdit(false)} />
        ) : (
          <>
            <Facts
              items={[
                ['Phone', technician.phone],
                ['Vehicle', technician.vehicleInfo ?? 'Not specified'],
                ['Rating', `${technician.rating.toFixed(1)} out of 5 (${technician.completedJobs} jobs)`],
              ]}
            />
            {technician.specialties.length > 0 ? (
              <SpecialtyBadges specialties={technician.specialties} label={`${technician.name}'s specialties`} />
            ) : null}
            <Group gap="sm" align="flex-start">
              <Button variant="default" size="xs" onClick={() => onEdit(true)} aria-label={`Edit ${technician.name}`}>
                Edit
              </Button>
            </Group>
            <TechnicianActivation technician={technician} />
          </>
        )}
        <Divider />
        <TechnicianSchedule technician={technician} />
        <Divider />
        <section aria-label={`${technician.name}'s current location`}>
          <Title order={4} size="h6" mb={4}>
            Current Location
          </Title>
          <CurrentLocation technician={technician} />
        </section>
        <UpdateLocationForm technician={technician} />
        <Divider />
        <TechnicianSignIn technician={technician} signIn={signIn} />
      </Stack>
    </Card>
  );
}
