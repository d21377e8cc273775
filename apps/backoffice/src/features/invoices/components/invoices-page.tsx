import { Anchor, Button, Container, Group, NativeSelect, Paper, Stack, Text, TextInput } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { formatCents, invoiceStatusLabels, invoiceStatuses, type InvoiceListQuery, type InvoiceStatus, type InvoiceSummary } from '@repo/contracts';
import { errorMessage, responsiveSpacing, showToast, useDocumentTitle } from '@repo/ui';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Pager } from '../../../components/pager.tsx';
import { QueryStates } from '../../../components/query-states.tsx';
import { paths } from '../../../config/paths.ts';
import { formatBusinessDateTime } from '../../../lib/format.ts';
import { withPage } from '../../../lib/page-param.ts';
import { useCreateInvoice, useInvoiceList } from '../api/invoices.ts';
import { InvoiceStatusBadge } from './invoice-status-badge.tsx';

const columns: readonly [Column<InvoiceSummary>, ...Column<InvoiceSummary>[]] = [
  {
    header: 'Invoice',
    cell: (invoice) => (
      <Anchor component={Link} to={paths.invoice(invoice.id)} fw={700}>
        {invoice.number}
      </Anchor>
    ),
  },
  { header: 'Customer', cell: (invoice) => invoice.customer.name },
  { header: 'Status', cell: (invoice) => <InvoiceStatusBadge status={invoice.status} /> },
  { header: 'Total', cell: (invoice) => formatCents(invoice.totalCents), nowrap: true },
  { header: 'Balance', cell: (invoice) => formatCents(invoice.balanceCents), nowrap: true },
  { header: 'Due', cell: (invoice) => invoice.dueDate ?? '—', nowrap: true },
  { header: 'Created', cell: (invoice) => formatBusinessDateTime(invoice.createdAt) },
];

const statusOptions = [{ value: '', label: 'Any status' }, ...invoiceStatuses.map((status) => ({ value: status, label: invoiceStatusLabels[status] }))];
const isStatus = (value: string | null): value is InvoiceStatus => (invoiceStatuses as readonly string[]).includes(value ?? '');

/** For an appointment (`?appointmentId=`): its invoices and the button that makes a new draft for it. */
function CreateForAppointment({ appointmentId }: { appointmentId: number }) {
  const create = useCreateInvoice();
  const navigate = useNavigate();
  return (
    <Paper withBorder radius="md" p="lg">
      <Group justify="space-between" gap="sm">
        <Text>Invoices for appointment #{appointmentId}</Text>
        <Button
          loading={create.isPending}
          onClick={() =>
            create.mutate(appointmentId, {
              onSuccess: (invoice) => navigate(paths.invoice(invoice.id)),
              onError: (error) => showToast({ title: 'Create Invoice Failed', description: errorMessage(error), variant: 'destructive' }),
            })
          }
        >
          Create Invoice
        </Button>
      </Group>
    </Paper>
  );
}

/** /invoices (staff): every invoice, newest first, by status and a search of number, name or email, kept in the address. */
export function InvoicesPage() {
  useDocumentTitle('Invoices');
  const [params, setParams] = useSearchParams();
  const status = params.get('status');
  const search = params.get('search') ?? '';
  const appointmentId = Number(params.get('appointmentId')) || undefined;
  const query: InvoiceListQuery = { status: isStatus(status) ? status : undefined, search: search || undefined, appointmentId, page: Number(params.get('page')) || 1 };
  const list = useInvoiceList(query);
  const filtered = Boolean(query.status || query.search || appointmentId);

  const apply = (form: HTMLFormElement) => {
    const data = new FormData(form);
    const next = new URLSearchParams();
    for (const key of ['status', 'search'] as const) {
      const value = String(data.get(key) ?? '').trim();
      if (value) next.set(key, value);
    }
    if (appointmentId) next.set('appointmentId', String(appointmentId));
    setParams(next);
  };

  return (
    <Container size="xl" {...responsiveSpacing({ py: { base: 'lg', sm: 40 } })}>
      <Stack gap="lg">
        <PageHeader title="Invoices" description="Invoices for visits: drafts, sent, paid and overdue. Open one to edit its lines, send it, refund or void it." />
        {appointmentId ? <CreateForAppointment appointmentId={appointmentId} /> : null}
        <Paper withBorder radius="md" p="lg">
          <form
            key={params.toString()}
            aria-label="Invoice filters"
            onSubmit={(event) => {
              event.preventDefault();
              apply(event.currentTarget);
            }}
          >
            <Group align="flex-end" gap="sm">
              <NativeSelect label="Status" name="status" data={statusOptions} defaultValue={query.status ?? ''} />
              <TextInput label="Search" name="search" description="Invoice number, customer name or email" defaultValue={search} autoComplete="off" />
              <Button type="submit">Apply Filters</Button>
              {filtered ? (
                <Button variant="default" onClick={() => setParams({})}>
                  Clear
                </Button>
              ) : null}
            </Group>
          </form>
        </Paper>
        <Text size="sm" c="dimmed" role="status" aria-live="polite">
          {list.isPlaceholderData ? 'Loading invoices...' : list.data && list.data.total > 0 ? `${list.data.total} ${list.data.total === 1 ? 'invoice' : 'invoices'}${filtered ? ' match' : ' in all'}` : ''}
        </Text>
        <div aria-busy={list.isPlaceholderData}>
          <QueryStates query={list} what="invoices" empty={filtered ? 'No invoices match these filters.' : 'No invoices yet.'} isEmpty={(page) => page.items.length === 0}>
            {(page) => (
              <Stack gap="md">
                <DataTable label="Invoices" items={page.items} columns={columns} rowKey={(invoice) => invoice.id} />
                <Pager label="Pages of invoices" page={page.page} pageSize={page.pageSize} total={page.total} onPage={(next) => setParams((current) => withPage(current, next))} />
              </Stack>
            )}
          </QueryStates>
        </div>
      </Stack>
    </Container>
  );
}
