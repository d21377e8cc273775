import { Container, Stack } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { responsiveSpacing, useDocumentTitle } from '@repo/ui';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageTabs } from '../../../components/page-tabs.tsx';
import { ConnectionSettingsTab } from './connection-settings-tab.tsx';
import { ImportCustomersTab } from './import-customers-tab.tsx';
import { PhoneLookupTab } from './phone-lookup-tab.tsx';
import { PortalCustomersTab } from './portal-customers-tab.tsx';
import { ServiceProCustomersTab } from './service-pro-customers-tab.tsx';

const tabValues = ['import', 'lookup', 'servicepro', 'portal', 'connections'] as const;
type TabValue = (typeof tabValues)[number];
const isTab = (value: string | null): value is TabValue => tabValues.some((tab) => tab === value);

/**
 * /admin-customer-management: four tabs, and for administrators a fifth, Connection Settings. The open tab is in the
 * address (?tab=), with a list's search and page, so a reload or Back returns to the same view. `canImport`: the
 * person is an administrator (only they start an import, follow its progress or see the connection settings; the
 * server refuses staff).
 */
export function CustomerManagementPage({ canImport }: { canImport: boolean }) {
  useDocumentTitle('Customer Management');
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabValue = isTab(requested) && (requested !== 'connections' || canImport) ? requested : 'import';

  return (
    <Container size="xl" {...responsiveSpacing({ py: { base: 'lg', sm: 40 } })}>
      <Stack gap="lg">
        <PageHeader title="Customer Management" description="Import the customer base, look customers up by phone, and search imported and portal customers." />
        <PageTabs
          tabs={[
            { value: 'import', label: 'Import Customers', panel: <ImportCustomersTab canImport={canImport} /> },
            { value: 'lookup', label: 'Phone Lookup', panel: <PhoneLookupTab /> },
            { value: 'servicepro', label: 'ServicePro Customers', panel: <ServiceProCustomersTab /> },
            { value: 'portal', label: 'Portal Customers', panel: <PortalCustomersTab canDelete={canImport} /> },
            ...(canImport ? [{ value: 'connections' as const, label: 'Connection Settings', panel: <ConnectionSettingsTab /> }] : []),
          ]}
          value={tab}
          onChange={(value) => setParams(value === 'import' ? {} : { tab: value })}
        />
      </Stack>
    </Container>
  );
}
