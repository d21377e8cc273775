import type { ReactNode } from 'react';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ExternalCustomer } from '@repo/contracts';
import { formatter } from '@repo/ui';
import { Fact } from '../../../components/fact.tsx';
import { useAppointments } from '../../../lib/api/appointments.ts';
import { formatDate } from '../../../lib/dates.ts';
import { useRecheckSessionOnSignOut } from '../../../lib/session.ts';
import { useLinkedServiceHistory } from '../api/linked-service-history.ts';
import { lastCompletedVisitDate } from '../lib/appointment-order.ts';

const money = (amount: string) => {
  const value = Number(amount);
  return Number.isFinite(value) ? formatter('number', { style: 'currency', currency: 'USD' }).format(value) : amount;
};

function RecordCard({ children }: { children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="service-record-heading">
      <Title order={2} size="h3" id="service-record-heading">
        Service Record
      </Title>
      {children}
    </Card>
  );
}

/**
 * Last service is the newest completed visit of the Appointments list, so the two never disagree; the field-service
 * system's own date only while the list has no completed visit (or has not loaded).
 */
function useLastService(record: ExternalCustomer): string | null {
  const appointments = useAppointments();
  return (appointments.data && lastCompletedVisitDate(appointments.data)) ?? record.lastServiceDate;
}

function ServiceRecord({ record }: { record: ExternalCustomer }) {
  const lastService = useLastService(record);
  return (
    <RecordCard>
      <Text size="sm" c="dimmed" mt={4}>
        Your record with our field-service system, matched to your account by email or phone.
      </Text>
      <Stack component="dl" gap="sm" mt="md" mb={0}>
        <Fact label="Total services">{record.totalServices}</Fact>
        <Fact label="Total spent">{money(record.totalSpent)}</Fact>
        <Fact label="Last service">{lastService ? formatDate(lastService) : 'None yet'}</Fact>
        {record.preferredTechnician ? <Fact label="Preferred technician">{record.preferredTechnician}</Fact> : null}
      </Stack>
      <Title order={3} size="h5" mt="lg" id="service-record-history-heading">
        Service history
      </Title>
      {record.serviceHistory.length === 0 ? (
        <Text size="sm" c="dimmed" mt="xs">
          No services on record yet.
        </Text>
      ) : (
        <Stack component="ul" gap="xs" mt="xs" p={0} style={{ listStyle: 'none' }} aria-labelledby="service-record-history-heading">
          {record.serviceHistory.map((entry, index) => (
            // Two visits may share service and date; their place in the list tells them apart.
            <li key={index}>
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {entry.service}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {formatDate(entry.date)}
                  </Text>
                </div>
                <Text size="sm">{money(entry.cost)}</Text>
              </Group>
            </li>
          ))}
        </Stack>
      )}
    </RecordCard>
  );
}

/**
 * The field-service record linked to the customer (accounts matches it by email or phone): its totals and service
 * history. Nothing shows while it loads or when no record is linked; a failure is said here without touching the rest
 * of the portal.
 */
export function LinkedServiceRecord() {
  const record = useLinkedServiceHistory();
  useRecheckSessionOnSignOut(record.error);
  if (record.isError) {
    return (
      <RecordCard>
        <Text size="sm" mt="xs">
          We couldn't load your service record right now.
        </Text>
        <Button variant="light" size="xs" mt="sm" onClick={() => void record.refetch()} loading={record.isFetching}>
          Try Again
        </Button>
      </RecordCard>
    );
  }
  return record.data ? <ServiceRecord record={record.data} /> : null;
}
