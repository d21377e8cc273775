import { Card, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { tracking, type Technician } from '@repo/contracts';
import { Columns, TechnicianAvatar } from '@repo/ui';
import { useTechnicians } from '../api/technicians.ts';
import { formatCoordinates } from '../lib/format.ts';
import { fallbackPoll } from '../lib/live-updates.ts';
import { AdminAddTechnicianForm } from './admin-add-technician-form.tsx';
import { Facts } from '../../../components/facts.tsx';
import { QueryStates } from '../../../components/query-states.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { TechnicianLocationInputs } from './technician-location-inputs.tsx';

function TechnicianCard({ technician }: { technician: Technician }) {
  const headingId = `tracking-technician-${technician.id}`;
  const location = technician.currentLocation;
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap" justify="space-between" align="flex-start">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <TechnicianAvatar technician={technician} size={44} />
            <Title order={2} size="h5" id={headingId}>
              {technician.name}
            </Title>
          </Group>
          <StatusBadge status={technician.status} />
        </Group>
        <Facts
          items={[
            ['Phone', technician.phone],
            ['Location', location ? formatCoordinates(location.lat, location.lng) : 'Location not available'],
            ['Specialties', technician.specialties.length > 0 ? technician.specialties.join(', ') : 'General repair'],
            ['Vehicle', technician.vehicleInfo ?? 'Not specified'],
            ['Rating', `${technician.rating.toFixed(1)}/5.0`],
          ]}
        />
        <TechnicianLocationInputs technician={technician} />
      </Stack>
    </Card>
  );
}

/** Technicians: each with status, position and inputs that move them; then Add Technician. */
export function TechniciansTab({ live }: { live: boolean }) {
  const technicians = useTechnicians(fallbackPoll(live, tracking.pollTechniciansMs));
  return (
    <Stack gap="lg">
      <QueryStates query={technicians} what="technicians" empty="No technicians yet. Add one below." isEmpty={(list) => list.length === 0}>
        {(list) => (
          <Columns cols={{ base: 1, sm: 2, lg: 3 }}>
            {list.map((technician) => (
              <TechnicianCard key={technician.id} technician={technician} />
            ))}
          </Columns>
        )}
      </QueryStates>
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="admin-add-technician-heading">
        <Title order={2} size="h4" id="admin-add-technician-heading" mb="xs">
          Add Technician
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          Name and phone are required; the rest can be filled in later.
        </Text>
        <AdminAddTechnicianForm />
      </Paper>
    </Stack>
  );
}
