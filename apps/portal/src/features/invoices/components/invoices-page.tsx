import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatCents } from '@repo/contracts';
import { ErrorState, LoadingState, useDocumentTitle } from '@repo/ui';
import { paths } from '../../../config/paths.ts';
import { useRecheckSessionOnSignOut } from '../../../lib/session.ts';
import { useMyInvoices } from '../../../lib/api/invoices.ts';
import { InvoiceStatusBadge } from '../../../components/invoice-status-badge.tsx';
import { SignedInListPage } from '../../../components/signed-in-only.tsx';

function InvoiceList() {
  const invoices = useMyInvoices();
  useRecheckSessionOnSignOut(invoices.error);
  if (invoices.isPending) return <LoadingState title="Loading your invoices..." />;
  if (invoices.isError) return <ErrorState title="We couldn't load your invoices" description="Please check your connection and try again." onRetry={() => void invoices.refetch()} />;
  if (invoices.data.items.length === 0) {
    return (
      <Paper withBorder radius="md" p="lg">
        <Text>No invoices yet. After a visit, its invoice shows here for you to pay online.</Text>
      </Paper>
    );
  }
  return (
    <Stack component="ul" gap="sm" m={0} p={0} aria-label="Your invoices" style={{ listStyle: 'none' }}>
      {invoices.data.items.map((invoice) => (
        <Paper component="li" key={invoice.id} withBorder radius="md" p="md">
          <Group justify="space-between" gap="xs">
            <Anchor component={Link} to={paths.invoice(invoice.id)} fw={700}>
              Invoice {invoice.number}
            </Anchor>
            <InvoiceStatusBadge status={invoice.status} />
          </Group>
          <Text size="sm" mt={4}>
            Total {formatCents(invoice.totalCents)} · Balance {formatCents(invoice.balanceCents)}
            {invoice.dueDate && invoice.balanceCents > 0 ? ` · Due ${invoice.dueDate}` : ''}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}

/** /invoices: the signed-in customer's invoices, each with its status and what is left to pay. */
export function InvoicesPage() {
  useDocumentTitle('Invoices');
  return (
    <SignedInListPage title="Invoices" things="invoices" ask="Please log in to see and pay your invoices." intro="Your invoices for our visits. Open one to see its lines, download it and pay the balance.">
      <InvoiceList />
    </SignedInListPage>
  );
}
