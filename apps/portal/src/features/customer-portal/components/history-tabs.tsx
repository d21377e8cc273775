import { Stack, Tabs, Text, Title } from '@mantine/core';
import type { Customer } from '@repo/contracts';
import { AppointmentsTab } from './appointments-tab.tsx';
import { JsonImport } from './json-import.tsx';
import { ServiceRequestsTab } from './service-requests-tab.tsx';

/** Import History: its sources as sub-tabs (JSON Import today; field-service systems join with their issue). */
function ImportHistoryTab({ customer }: { customer: Customer }) {
  return (
    <Stack gap="md">
      <div>
        <Title order={2} size="h3">
          Import History
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          Bring your past service requests and appointments into your portal.
        </Text>
      </div>
      <Tabs defaultValue="json" variant="pills">
        <Tabs.List aria-label="Import from">
          <Tabs.Tab value="json">JSON Import</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="json" pt="md">
          <JsonImport customer={customer} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** The three history tabs; Service Requests first. Mantine's tabs move with the arrow keys, Home and End. */
export function HistoryTabs({ customer }: { customer: Customer }) {
  return (
    <Tabs defaultValue="service-requests">
      <Tabs.List aria-label="Your history">
        <Tabs.Tab value="service-requests">Service Requests</Tabs.Tab>
        <Tabs.Tab value="appointments">Appointments</Tabs.Tab>
        <Tabs.Tab value="import-history">Import History</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="service-requests" pt="lg">
        <ServiceRequestsTab />
      </Tabs.Panel>
      <Tabs.Panel value="appointments" pt="lg">
        <AppointmentsTab />
      </Tabs.Panel>
      <Tabs.Panel value="import-history" pt="lg">
        <ImportHistoryTab customer={customer} />
      </Tabs.Panel>
    </Tabs>
  );
}
