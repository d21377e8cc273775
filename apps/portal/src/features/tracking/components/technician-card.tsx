import { Avatar, Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Technician } from '@repo/contracts';
import { LoadingNote } from '../../../components/loading-note.tsx';
import { ShareLocation } from './share-location.tsx';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

function TechnicianDetails({ technician }: { technician: Technician }) {
  return (
    <Stack gap="sm" mt="md">
      <Group gap="md" wrap="nowrap">
        {/* The name is next to it, so the picture or initials say nothing more to a screen reader. */}
        <Avatar src={technician.avatar} alt="" size={56} radius="xl" color="brand" aria-hidden="true">
          {initials(technician.name)}
        </Avatar>
        <div>
          <Text fw={700} size="lg">
            {technician.name}
          </Text>
          <Text size="sm">
            <span aria-hidden="true">★ </span>
            {`${technician.rating.toFixed(1)} out of 5 · ${technician.completedJobs} jobs completed`}
          </Text>
        </div>
      </Group>
      {technician.specialties.length > 0 ? (
        <div>
          <Text size="sm" c="dimmed" id="specialties-label">
            Specialties
          </Text>
          <List aria-labelledby="specialties-label" listStyleType="none" p={0} m={0} display="flex" style={{ flexWrap: 'wrap', gap: 6 }}>
            {technician.specialties.map((specialty) => (
              <List.Item key={specialty}>
                <Badge variant="light" color="gray" c="dark.7" tt="none">
                  {specialty}
                </Badge>
              </List.Item>
            ))}
          </List>
        </div>
      ) : null}
      {technician.vehicleInfo ? (
        <div>
          <Text size="sm" c="dimmed">
            Vehicle
          </Text>
          <Text>{technician.vehicleInfo}</Text>
        </div>
      ) : null}
      <Button component="a" href={telHref(technician.phone)}>
        Call Technician
      </Button>
    </Stack>
  );
}

/** Your Technician: who is coming, how to call them, and Share Location. */
export function TechnicianCard({
  technician,
  appointmentId,
  accessToken,
}: {
  technician: UseQueryResult<Technician>;
  appointmentId: number;
  accessToken: string | undefined;
}) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="technician-heading">
      <Title order={2} size="h4" id="technician-heading">
        Your Technician
      </Title>
      {technician.data ? (
        <TechnicianDetails technician={technician.data} />
      ) : technician.isPending ? (
        <LoadingNote label="Loading your technician..." />
      ) : (
        <Stack gap="xs" mt="md" align="flex-start">
          <Text>Your technician&apos;s details could not be loaded.</Text>
          <Button variant="default" size="xs" onClick={() => void technician.refetch()}>
            Try again
          </Button>
        </Stack>
      )}
      <Stack mt="sm">
        <ShareLocation appointmentId={appointmentId} accessToken={accessToken} />
      </Stack>
    </Card>
  );
}
