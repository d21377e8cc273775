import { useState } from 'react';
import { Container, Stack } from '@mantine/core';
import { tracking } from '@repo/contracts';
import { responsiveSpacing, useDocumentTitle } from '@repo/ui';
import { useTrackingLiveUpdates } from '../lib/live-updates.ts';
import { AppointmentsTab } from './appointments-tab.tsx';
import { LiveIndicator } from './live-indicator.tsx';
import { LiveTrackingTab } from './live-tracking-tab.tsx';
import { OverviewTab } from './overview-tab.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageTabs } from '../../../components/page-tabs.tsx';
import { TechniciansTab } from './technicians-tab.tsx';

const tabs = [
  { value: 'overview', label: 'Overview', Panel: OverviewTab },
  { value: 'technicians', label: 'Technicians', Panel: TechniciansTab },
  { value: 'appointments', label: 'Appointments', Panel: AppointmentsTab },
  { value: 'live', label: 'Live Tracking', Panel: LiveTrackingTab },
] as const;

type TabValue = (typeof tabs)[number]['value'];

/**
 * /admin-tracking: Overview, Technicians, Appointments and Live Tracking. Changes arrive over the live socket; while it
 * is not connected the lists poll instead (`tracking.poll*Ms` in packages/contracts/src/constants.ts). Only the open
 * tab's lists are fetched.
 */
export function AdminTrackingPage() {
  useDocumentTitle('Tracking Administration');
  const live = useTrackingLiveUpdates();
  const [tab, setTab] = useState<TabValue>('overview');
  return (
    <Container size="xl" {...responsiveSpacing({ py: { base: 'lg', sm: 40 } })}>
      <Stack gap="lg">
        <PageHeader title="Tracking Administration" description="Technicians, each day's appointments and every visit under way.">
          <LiveIndicator live={live} pollMs={tracking.pollTrackingListMs} />
        </PageHeader>
        <PageTabs tabs={tabs.map(({ value, label, Panel }) => ({ value, label, panel: <Panel live={live} /> }))} value={tab} onChange={setTab} />
      </Stack>
    </Container>
  );
}
