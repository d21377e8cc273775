import { Badge, Button, Card, Container, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { serviceLabels, type DeliveryStatus } from '@repo/contracts';
import { Columns, responsiveSpacing, useDocumentTitle } from '@repo/ui';
import { Notice } from '../../../components/notice.tsx';
import { Facts } from '../../../components/facts.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { formatAge, formatBusinessClock, formatBusinessDateTime } from '../../../lib/format.ts';
import { useDeliveryStatuses, type ServiceDeliveries } from '../api/delivery-statuses.ts';

const messages = (count: number) => `${count} ${count === 1 ? 'message' : 'messages'}`;

function Routes({ status }: { status: DeliveryStatus }) {
  if (status.routes.length === 0) return null;
  return (
    <Table.ScrollContainer minWidth={360} type="native">
      <Table verticalSpacing={4} fz="sm" aria-label={`${serviceLabels[status.service]}'s messages by peer and topic`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">To</Table.Th>
            <Table.Th scope="col">Topic</Table.Th>
            <Table.Th scope="col">Waiting</Table.Th>
            <Table.Th scope="col">Failed</Table.Th>
            <Table.Th scope="col">Oldest waiting</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {status.routes.map((route) => (
            <Table.Tr key={`${route.to}-${route.topic}`}>
              <Table.Td>{serviceLabels[route.to]}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{route.topic}</Table.Td>
              <Table.Td>{route.pending}</Table.Td>
              <Table.Td>{route.failed}</Table.Td>
              <Table.Td>{route.oldestPendingSeconds === null ? '—' : formatAge(route.oldestPendingSeconds)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Failures({ status }: { status: DeliveryStatus }) {
  if (status.recentFailures.length === 0) return null;
  return (
    <Stack gap={4}>
      <Title order={3} size="h6">
        Latest failures
      </Title>
      <List size="sm" spacing={6} listStyleType="none" p={0} m={0}>
        {status.recentFailures.map((failure) => (
          <List.Item key={`${failure.messageId}-${failure.at}`}>
            {/* Block spans: Mantine writes a list item's content into a span, where a paragraph is not allowed. */}
            <Text span display="block" size="sm" fw={600}>
              {formatBusinessDateTime(failure.at)} · to {serviceLabels[failure.to]} · {failure.topic}
            </Text>
            <Text span display="block" size="sm">
              {failure.state === 'failed' ? 'Given up' : 'Being retried'} after {failure.attempts} {failure.attempts === 1 ? 'attempt' : 'attempts'}: {failure.error}
            </Text>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

function ServiceCard({ entry }: { entry: ServiceDeliveries }) {
  const headingId = `deliveries-${entry.service}`;
  const status = entry.state === 'ready' ? entry.status : undefined;
  const badge =
    entry.state === 'loading'
      ? { color: 'gray', label: 'Checking...' }
      : entry.state === 'unreachable'
        ? { color: 'red', label: 'Not answering' }
        : entry.state === 'none' || (status && status.pending === 0 && status.failed === 0)
          ? { color: 'green', label: 'All delivered' }
          : status && status.failed > 0
            ? { color: 'red', label: 'Failures' }
            : { color: 'yellow', label: 'Waiting' };
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id={headingId}>
            {serviceLabels[entry.service]}
          </Title>
          <Badge color={badge.color} variant="light" c="dark.8" tt="none">
            {badge.label}
          </Badge>
        </Group>
        {entry.state === 'loading' ? (
          <Text size="sm" role="status">
            Asking the {entry.service} service...
          </Text>
        ) : entry.state === 'unreachable' ? (
          <Text size="sm" role="alert">
            The {entry.service} service could not be asked. {entry.message}
          </Text>
        ) : entry.state === 'none' ? (
          <Text size="sm">Sends no messages to other services.</Text>
        ) : (
          <>
            <Facts
              items={[
                ['Waiting', String(entry.status.pending)],
                ['Failed', String(entry.status.failed)],
                ['Oldest waiting', entry.status.oldestPendingSeconds === null ? '—' : formatAge(entry.status.oldestPendingSeconds)],
              ]}
            />
            <Routes status={entry.status} />
            <Failures status={entry.status} />
          </>
        )}
      </Stack>
    </Card>
  );
}

function Summary({ services }: { services: readonly ServiceDeliveries[] }) {
  if (services.some((entry) => entry.state === 'loading')) return null;
  const unreachable = services.filter((entry) => entry.state === 'unreachable').map((entry) => serviceLabels[entry.service]);
  const statuses = services.flatMap((entry) => (entry.state === 'ready' ? [entry.status] : []));
  const pending = statuses.reduce((sum, status) => sum + status.pending, 0);
  const failed = statuses.reduce((sum, status) => sum + status.failed, 0);
  if (unreachable.length === 0 && pending === 0 && failed === 0) {
    return (
      <Notice color="green" role="status" title="All clear">
        Every message between the services has been delivered: nothing is waiting and nothing failed.
      </Notice>
    );
  }
  const parts = [
    failed > 0 ? `${messages(failed)} failed` : undefined,
    pending > 0 ? `${messages(pending)} waiting to be delivered` : undefined,
    unreachable.length > 0 ? `not answering: ${unreachable.join(', ')}` : undefined,
  ].filter(Boolean);
  return (
    <Notice color={failed > 0 || unreachable.length > 0 ? 'red' : 'yellow'} role="status" title="Needs attention">
      {parts.join('; ')}. Waiting messages are retried on their own (for about a day); failures below say what went wrong.
    </Notice>
  );
}

/**
 * /admin-deliveries: what each service still owes the others (a technician's assignment reaching tracking, a
 * completed job reaching booking...), waiting and failed, with the latest failures. Asked again every 10 seconds.
 */
export function DeliveriesPage() {
  useDocumentTitle('Deliveries');
  const { services, updatedAt, refresh } = useDeliveryStatuses();
  return (
    <Container size="xl" {...responsiveSpacing({ py: { base: 'lg', sm: 40 } })}>
      <Stack gap="lg">
        <PageHeader title="Deliveries" description="Messages the services send each other (assignments, technician changes, completed jobs): what is waiting and what failed.">
          <Group gap="sm">
            <Text size="sm" c="dimmed">
              {updatedAt > 0 ? `Checked ${formatBusinessClock(new Date(updatedAt))}, every 10 seconds` : 'Checking...'}
            </Text>
            <Button variant="default" size="sm" onClick={refresh}>
              Refresh
            </Button>
          </Group>
        </PageHeader>
        <div aria-live="polite">
          <Summary services={services} />
        </div>
        <Columns cols={{ base: 1, md: 2 }}>
          {services.map((entry) => (
            <ServiceCard key={entry.service} entry={entry} />
          ))}
        </Columns>
      </Stack>
    </Container>
  );
}
