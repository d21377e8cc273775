import { useState } from 'react';
import { Stack, Tabs, Text, Title } from '@mantine/core';
import type { Customer } from '@repo/contracts';
import { lazyPart } from '@repo/ui';
import { LoadingNote } from '../../../components/loading-note.tsx';
import { AppointmentsTab } from './appointments-tab.tsx';
import { ServiceRequestsTab } from './service-requests-tab.tsx';

/** Loaded when Import History is first opened, so the portal's first load does not carry the import forms. */
const importForm = { fallback: <LoadingNote label="Loading the import form..." />, failed: 'The import form could not be loaded.' };
const ServiceSystemsImport = lazyPart(() => import('./service-systems-import.tsx').then((module) => ({ default: module.ServiceSystemsImport })), importForm);
const JsonImport = lazyPart(() => import('./json-import.tsx').then((module) => ({ default: module.JsonImport })), importForm);

/** Import History: its sources as sub-tabs, Service Systems (a field-service system) first, then JSON Import. */
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
      <Tabs defaultValue="systems" variant="pills">
        <Tabs.List aria-label="Import from">
          <Tabs.Tab value="systems">Service Systems</Tabs.Tab>
          <Tabs.Tab value="json">JSON Import</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="systems" pt="md">
          <ServiceSystemsImport customer={customer} />
        </Tabs.Panel>
        <Tabs.Panel value="json" pt="md">
          <JsonImport customer={customer} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

const firstTab = 'service-requests';

/**
 * The three history tabs; Service Requests first. Mantine's tabs move with the arrow keys, Home and End. A tab's
 * content is rendered when it is first opened and then kept (a pasted import survives a look at another tab), so the
 * portal's first render only builds the tab on screen.
 */
export function HistoryTabs({ customer }: { customer: Customer }) {
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set([firstTab]));
  const open = (value: string | null) => {
    if (value) setOpened((current) => (current.has(value) ? current : new Set(current).add(value)));
  };
  return (
    <Tabs defaultValue={firstTab} onChange={open} keepMounted={false}>
      <Tabs.List aria-label="Your history">
        <Tabs.Tab value="service-requests">Service Requests</Tabs.Tab>
        <Tabs.Tab value="appointments">Appointments</Tabs.Tab>
        <Tabs.Tab value="import-history">Import History</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="service-requests" pt="lg" keepMounted={opened.has('service-requests')}>
        <ServiceRequestsTab />
      </Tabs.Panel>
      <Tabs.Panel value="appointments" pt="lg" keepMounted={opened.has('appointments')}>
        <AppointmentsTab />
      </Tabs.Panel>
      <Tabs.Panel value="import-history" pt="lg" keepMounted={opened.has('import-history')}>
        <ImportHistoryTab customer={customer} />
      </Tabs.Panel>
    </Tabs>
  );
}
