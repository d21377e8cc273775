import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { TechnicianView } from '@repo/contracts';
import { SpecialtyBadges, TechnicianAvatar } from '@repo/ui';
import { LoadingNote } from '../../../components/loading-note.tsx';
import { CopyTrackingLink } from './copy-tracking-link.tsx';

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

function TechnicianDetails({ technician }: { technician: TechnicianView }) {
  return (
    <Stack gap="sm" mt="md">
      <Group gap="md" wrap="nowrap">
        <TechnicianAvatar technician={technician} />
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
          <SpecialtyBadges specialties={technician.specialties} labelledBy="specialties-label" />
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

/** Your Technician: who is coming, how to call them, and Copy tracking link. */
export function TechnicianCard({
  technician,
  appointmentId,
  accessToken,
}: {
  technician: UseQueryResult<TechnicianView>;
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
        <CopyTrackingLink appointmentId={appointmentId} accessToken={accessToken} />
      </Stack>
    </Card>
  );
}
