import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { business, type Appliance, type ApplianceVisit, type InvoiceSummary } from '@repo/contracts';
import { ErrorState, formatter, LoadingState, useDocumentTitle } from '@repo/ui';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { paths, webPaths } from '../../../config/paths.ts';
import { useRecheckSessionOnSignOut } from '../../../lib/session.ts';
import { useMyInvoices } from '../../../lib/api/invoices.ts';
import { InvoiceStatusBadge } from '../../../components/invoice-status-badge.tsx';
import { SignedInListPage } from '../../../components/signed-in-only.tsx';
import { useMyAppliances } from '../api/appliances.ts';

// A business date names a calendar day: read at noon UTC and written in UTC, it is that day anywhere.
const dayText = (date: string) => formatter('date', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(`${date}T12:00:00Z`));

/** The plate, and when it was bought or installed, as far as any visit told us. */
function Plate({ appliance }: { appliance: Appliance }) {
  const facts: [string, string][] = [
    ['Model', appliance.modelNumber ?? 'Not read yet'],
    ['Serial', appliance.serialNumber ?? 'Not read yet'],
    ...(appliance.purchasedOn ? [['Bought', dayText(appliance.purchasedOn)] as [string, string]] : []),
    ...(appliance.installedOn ? [['Installed', dayText(appliance.installedOn)] as [string, string]] : []),
  ];
  return (
    <Group component="dl" gap="lg" m={0} wrap="wrap">
      {facts.map(([label, value]) => (
        <div key={label}>
          <Text component="dt" size="xs" c="dark.6" fw={600}>
            {label}
          </Text>
          <Text component="dd" m={0} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </div>
      ))}
    </Group>
  );
}

function Visit({ visit, invoices }: { visit: ApplianceVisit; invoices: InvoiceSummary[] }) {
  return (
    <Stack component="li" gap={4} py="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={600}>
          {dayText(visit.date)}: {visit.serviceType}
        </Text>
        <StatusBadge status={visit.status} />
      </Group>
      {visit.importedFrom ? (
        <Text size="sm" c="dark.6">{`From ${visit.importedFrom}`}</Text>
      ) : (
        <Anchor component={Link} to={paths.appointment(visit.appointmentId)} size="sm">
          {`Appointment ${visit.confirmationCode}`}
        </Anchor>
      )}
      {visit.diagnosis ? <Text size="sm">{`What we found: ${visit.diagnosis}`}</Text> : null}
      {visit.parts ? <Text size="sm" style={{ whiteSpace: 'pre-line' }}>{`Parts: ${visit.parts}`}</Text> : null}
      {invoices.map((invoice) => (
        <Group key={invoice.id} gap="xs">
          <Anchor component={Link} to={paths.invoice(invoice.id)} size="sm">
            {`Invoice ${invoice.number}`}
          </Anchor>
          <InvoiceStatusBadge status={invoice.status} />
        </Group>
      ))}
    </Stack>
  );
}

function ApplianceCard({ appliance, invoicesOf }: { appliance: Appliance; invoicesOf: (appointmentId: number) => InvoiceSummary[] }) {
  const headingId = `appliance-${appliance.key.replace(/[^A-Za-z0-9]+/g, '-')}`;
  return (
    <Paper component="article" withBorder radius="md" p="md" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {appliance.brand} {appliance.appliance}
        </Title>
        <Plate appliance={appliance} />
        <Title order={3} size="h6">
          {appliance.visits.length === 1 ? '1 visit' : `${appliance.visits.length} visits`}
        </Title>
        <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }} aria-label={`Visits for the ${appliance.brand} ${appliance.appliance}`}>
          {appliance.visits.map((visit) => (
            <Visit key={visit.appointmentId} visit={visit} invoices={invoicesOf(visit.appointmentId)} />
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}

function ApplianceList() {
  const appliances = useMyAppliances();
  // The invoices are a help beside each visit: the appliances show without them when they cannot be read.
  const invoices = useMyInvoices();
  useRecheckSessionOnSignOut(appliances.error);
  if (appliances.isPending) return <LoadingState title="Loading your appliances..." />;
  if (appliances.isError) {
    return <ErrorState title="We couldn't load your appliances" description="Please check your connection and try again." onRetry={() => void appliances.refetch()} />;
  }
  if (appliances.data.length === 0) {
    return (
      <Paper withBorder radius="md" p="lg">
        <Stack gap="xs" align="flex-start">
          <Text>No appliances yet. Each appliance we look at for you shows here with its visits and invoices.</Text>
          <Anchor href={webPaths.bookAppointment} fw={600}>
            Book a visit
          </Anchor>
        </Stack>
      </Paper>
    );
  }
  const invoicesOf = (appointmentId: number) => invoices.data?.items.filter((invoice) => invoice.appointmentId === appointmentId) ?? [];
  return (
    <Stack gap="md">
      {invoices.isError ? (
        <Text size="sm" role="status">{`Invoices could not be loaded just now; they are on the Invoices page. Call us at ${business.phoneDisplay} with any question.`}</Text>
      ) : null}
      {appliances.data.map((appliance) => (
        <ApplianceCard key={appliance.key} appliance={appliance} invoicesOf={invoicesOf} />
      ))}
    </Stack>
  );
}

/** /appliances: each appliance of the signed-in customer, its plate, and its visits with what was found and the invoices. */
export function AppliancesPage() {
  useDocumentTitle('My Appliances');
  return (
    <SignedInListPage
      title="My Appliances"
      things="appliances"
      ask="Please log in to see your appliances and their visits."
      intro="Every appliance we have looked at for you: its model and serial, each visit, what we found, and the invoices."
    >
      <ApplianceList />
    </SignedInListPage>
  );
}
