import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ServiceRequest } from '@repo/contracts';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { webPaths } from '../../../config/paths.ts';
import { formatDate } from '../../../lib/dates.ts';
import { useServiceRequests } from '../api/service-requests.ts';
import { EmptyList, ListStates } from './list-states.tsx';

function ServiceRequestCard({ request }: { request: ServiceRequest }) {
  const headingId = `service-request-${request.id}`;
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Title order={3} size="h4" id={headingId}>
            {[request.brand, request.applianceType].filter(Boolean).join(' ')}
          </Title>
          <Text size="sm" c="dimmed">
            {`Request #${request.id} · Created ${formatDate(request.createdAt)}`}
          </Text>
        </div>
        <Group gap="xs">
          <StatusBadge status={request.status} />
          {request.isEmergency ? (
            <Badge variant="filled" bg="#b91c1c" c="white" tt="none" radius="sm">
              Emergency Service
            </Badge>
          ) : null}
        </Group>
      </Group>
      <Text mt="sm">{request.problemDescription}</Text>
      {request.technicianNotes ? (
        <Text size="sm" mt="xs">
          <Text span fw={600}>
            Technician notes:
          </Text>{' '}
          {request.technicianNotes}
        </Text>
      ) : null}
    </Card>
  );
}

/** Service Requests tab: the customer's requests, newest as the server orders them. */
export function ServiceRequestsTab() {
  const requests = useServiceRequests();
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        Service Request History
      </Title>
      <ListStates query={requests} what="service requests">
        {(items) =>
          items.length === 0 ? (
            <EmptyList
              message="You have no service requests yet."
              action={
                <Anchor href={webPaths.home} fw={600}>
                  Request Service
                </Anchor>
              }
            />
          ) : (
            items.map((request) => <ServiceRequestCard key={request.id} request={request} />)
          )
        }
      </ListStates>
    </Stack>
  );
}
