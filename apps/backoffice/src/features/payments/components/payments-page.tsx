import { Badge, Container, Paper, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import type { PaymentListItem } from '@repo/contracts';
import { responsiveSpacing, useDocumentTitle } from '@repo/ui';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Pager } from '../../../components/pager.tsx';
import { QueryStates } from '../../../components/query-states.tsx';
import { formatBusinessDateTime, formatCount, formatDollars } from '../../../lib/format.ts';
import { usePaymentLedger } from '../api/payment-ledger.ts';
import { filterValuesFrom, hasFilters, ledgerQueryFrom, paramsFor } from '../lib/ledger-filters.ts';
import { paymentStatusColors, paymentStatusLabels, providerLabels } from '../lib/labels.ts';
import { LedgerFiltersForm } from './ledger-filters-form.tsx';
import { withPage } from '../../../lib/page-param.ts';

const columns: readonly [Column<PaymentListItem>, ...Column<PaymentListItem>[]] = [
  { header: 'Created', cell: (payment) => formatBusinessDateTime(payment.createdAt) },
  { header: 'Amount', cell: (payment) => formatDollars(payment.amount), nowrap: true },
  { header: 'Refunded', cell: (payment) => (payment.refunded > 0 ? formatDollars(payment.refunded) : '—'), nowrap: true },
  {
    header: 'Status',
    cell: (payment) => (
      <Stack gap={2} component="span">
        <Badge component="span" color={paymentStatusColors[payment.status]} variant="light" tt="none" c="dark.8">
          {paymentStatusLabels[payment.status]}
        </Badge>
        {payment.failureMessage ? (
          <Text span size="xs">
            {payment.failureMessage}
          </Text>
        ) : null}
      </Stack>
    ),
  },
  { header: 'Provider', cell: (payment) => providerLabels[payment.provider] },
  { header: 'Reference', cell: (payment) => payment.reference ?? '—' },
  { header: 'Receipt email', cell: (payment) => payment.payerEmail ?? '—' },
  { header: 'Description', cell: (payment) => payment.description },
  {
    header: 'Payment id',
    cell: (payment) => (
      <Text span size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
        {payment.paymentIntentId}
      </Text>
    ),
  },
];

const paymentsCount = (count: number) => `${formatCount(count)} ${count === 1 ? 'payment' : 'payments'}`;

/** /admin-payments: the ledger with its filters and page in the address, so a reload or a shared link shows the same. */
export function PaymentsPage() {
  useDocumentTitle('Payments');
  const [params, setParams] = useSearchParams();
  const filters = ledgerQueryFrom(params);
  const ledger = usePaymentLedger(filters);
  const filtered = hasFilters(params);

  return (
    <Container size="xl" {...responsiveSpacing({ py: { base: 'lg', sm: 40 } })}>
      <Stack gap="lg">
        <PageHeader title="Payments" description="Every online payment: amount, status, provider and what the payer gave to match it." />
        <Paper withBorder radius="md" p="lg">
          {/* A new address (Back, a link) shows its own filters in the form. */}
          <LedgerFiltersForm key={params.toString()} initial={filterValuesFrom(params)} onApply={(next) => setParams(paramsFor(next))} onClear={() => setParams({})} />
        </Paper>
        {filters === undefined ? (
          <Text role="alert">These filters cannot be used: correct the fields marked above, or clear them.</Text>
        ) : (
          <Stack gap="md">
            <Text size="sm" c="dimmed" role="status" aria-live="polite">
              {ledger.isPlaceholderData
                ? 'Loading payments...'
                : ledger.data && ledger.data.total > 0
                  ? `${paymentsCount(ledger.data.total)}${filtered ? ' match these filters' : ' in all'}`
                  : ''}
            </Text>
            <div aria-busy={ledger.isPlaceholderData}>
              <QueryStates
                query={ledger}
                what="payments"
                empty={filtered ? 'No payments match these filters.' : 'No payments yet.'}
                isEmpty={(page) => page.items.length === 0}
              >
                {(page) => (
                  <Stack gap="md">
                    <DataTable label="Payments" items={page.items} columns={columns} rowKey={(payment) => payment.id} />
                    <Pager
                      label="Pages of payments"
                      page={page.page}
                      pageSize={page.pageSize}
                      total={page.total}
                      onPage={(next) => setParams((current) => withPage(current, next))}
                    />
                  </Stack>
                )}
              </QueryStates>
            </div>
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
