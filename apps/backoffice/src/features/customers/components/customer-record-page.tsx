import type { ReactNode } from 'react';
import { Anchor, Badge, Button, Container, Group, List, Paper, Stack, Text, Textarea, Title, VisuallyHidden } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import {
  customerNoteRequestSchema,
  formatCents,
  invoiceStatusLabels,
  rowIdSchema,
  shownAppointmentStatus,
  type Appliance,
  type Customer,
  type CustomerNote,
  type InvoiceSummary,
  type ServiceProCustomer,
  type StaffAppointment,
} from '@repo/contracts';
import { ApiRequestError, Columns, NotFoundCard, responsiveSpacing, showToast, useDocumentTitle } from '@repo/ui';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { Facts } from '../../../components/facts.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryStates } from '../../../components/query-states.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { paths } from '../../../config/paths.ts';
import { formatAnyDate, formatBusinessDateTime, formatBusinessTime, formatCalendarDate, formatDollars, formatPhone, telHref } from '../../../lib/format.ts';
import { bySchema, useForm } from '../../../lib/use-form.ts';
import { useAddCustomerNote, useCustomerAppointments, useCustomerInvoices, useCustomerRecord, useCustomerServiceHistory } from '../api/customer-record.ts';
import { CustomerMessages } from './customer-messages.tsx';

const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim();

/** A section of the record: a card with its heading (h2) naming it for screen readers. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" {...responsiveSpacing({ p: { base: 'md', sm: 'lg' } })} component="section" aria-labelledby={id} miw={0}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** Proven (the customer showed they own it, by link or code) or only given; the fact's term (Phone, Email) names it. */
function Proof({ proven }: { proven: boolean }) {
  return (
    <Badge component="span" variant="light" color={proven ? 'green' : 'gray'} c="dark.8" tt="none" ml={6}>
      {proven ? 'Verified' : 'Not verified'}
    </Badge>
  );
}

function ContactDetails({ customer }: { customer: Customer }) {
  return (
    <Facts
      items={[
        [
          'Phone',
          <>
            <Anchor href={telHref(customer.phone)}>{formatPhone(customer.phone)}</Anchor>
            <Proof proven={customer.phoneVerified} />
          </>,
        ],
        [
          'Email',
          <>
            <Anchor href={`mailto:${customer.email}`}>{customer.email}</Anchor>
            <Proof proven={customer.emailVerified} />
          </>,
        ],
        ['Address', customer.address ?? 'Not on record'],
        ['Customer since', formatAnyDate(customer.createdAt)],
        ['Last sign-in', customer.lastLogin ? formatBusinessDateTime(customer.lastLogin) : 'Never'],
        ['Linked ServicePro id', customer.serviceProCustomerId ?? 'Not linked'],
      ]}
    />
  );
}

function NoteForm({ customerId }: { customerId: number }) {
  const form = useForm<'text'>({ text: '' });
  const add = useAddCustomerNote(customerId);
  return (
    <form
      aria-label="Add a note"
      {...form.formProps(
        (values) => bySchema(customerNoteRequestSchema, values),
        async (note) => {
          await add.mutateAsync(note);
          form.reset();
          showToast({ title: 'Note added', description: 'The note is on the record with your name and the time.' });
        },
        { title: 'Note Not Added', fallback: 'The note could not be added', fields: ['text'] },
      )}
    >
      <Stack gap="xs">
        <Textarea label="New note" description="Seen by staff only" autosize minRows={2} maxRows={8} {...form.field('text')} />
        <Group>
          <Button type="submit" loading={form.busy}>
            Add Note
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Notes({ customerId, notes }: { customerId: number; notes: CustomerNote[] }) {
  return (
    <Stack gap="md">
      <NoteForm customerId={customerId} />
      {notes.length === 0 ? (
        <Text size="sm">No notes yet.</Text>
      ) : (
        <Stack component="ol" aria-label="Notes, newest first" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
          {notes.map((note) => (
            <Paper component="li" key={note.id} withBorder radius="sm" p="sm">
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {note.text}
              </Text>
              <Text size="xs" c="dark.6" mt={4}>
                {note.authorName} · <time dateTime={note.createdAt}>{formatBusinessDateTime(note.createdAt)}</time>
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function appointmentColumns(invoices: readonly InvoiceSummary[] | undefined): readonly [Column<StaffAppointment>, ...Column<StaffAppointment>[]] {
  return [
    {
      header: 'Visit',
      nowrap: true,
      cell: (appointment) => (
        <Anchor component={Link} to={paths.dispatchBoardOn(appointment.appointmentDate)}>
          {formatCalendarDate(appointment.appointmentDate)}, {formatBusinessTime(appointment.scheduledTime)}
          <VisuallyHidden> on the dispatch board</VisuallyHidden>
        </Anchor>
      ),
    },
    { header: 'Work', cell: (appointment) => `${appointment.serviceType}: ${appointment.brand} ${appointment.appliance}` },
    { header: 'Status', cell: (appointment) => <StatusBadge status={shownAppointmentStatus(appointment)} /> },
    { header: 'Confirmation', nowrap: true, cell: (appointment) => appointment.confirmationCode },
    {
      header: 'Invoice',
      nowrap: true,
      cell: (appointment) => {
        const invoice = invoices?.find((item) => item.appointmentId === appointment.id);
        return invoice ? (
          <Anchor component={Link} to={paths.invoice(invoice.id)}>
            {invoice.number}
          </Anchor>
        ) : (
          'None'
        );
      },
    },
  ];
}

const invoiceColumns: readonly [Column<InvoiceSummary>, ...Column<InvoiceSummary>[]] = [
  {
    header: 'Invoice',
    nowrap: true,
    cell: (invoice) => (
      <Anchor component={Link} to={paths.invoice(invoice.id)} fw={700}>
        {invoice.number}
      </Anchor>
    ),
  },
  { header: 'Made', nowrap: true, cell: (invoice) => formatAnyDate(invoice.createdAt) },
  {
    header: 'Status',
    cell: (invoice) => (
      <Badge component="span" variant="light" tt="none" c="dark.8">
        {invoiceStatusLabels[invoice.status]}
      </Badge>
    ),
  },
  { header: 'Total', nowrap: true, cell: (invoice) => formatCents(invoice.totalCents) },
  { header: 'Paid', nowrap: true, cell: (invoice) => formatCents(invoice.totalCents - invoice.balanceCents) },
  { header: 'Balance', nowrap: true, cell: (invoice) => formatCents(invoice.balanceCents) },
];

function Appliances({ appliances }: { appliances: Appliance[] }) {
  return (
    <Stack gap="sm">
      {appliances.map((appliance) => (
        <Paper key={appliance.key} withBorder radius="sm" p="sm" component="article" aria-label={`${appliance.brand} ${appliance.appliance}`}>
          <Text fw={700}>
            {appliance.brand} {appliance.appliance}
          </Text>
          <Text size="sm" c="dark.6">
            {[
              appliance.modelNumber ? `Model ${appliance.modelNumber}` : null,
              appliance.serialNumber ? `Serial ${appliance.serialNumber}` : null,
              appliance.purchasedOn ? `Bought ${formatAnyDate(appliance.purchasedOn)}` : null,
              appliance.installedOn ? `Installed ${formatAnyDate(appliance.installedOn)}` : null,
            ]
              .filter(Boolean)
              .join(' · ') || 'No model or serial on record'}
          </Text>
          <List size="sm" spacing={2} mt={4}>
            {appliance.visits.map((visit) => (
              <List.Item key={visit.appointmentId}>
                {formatAnyDate(visit.date)} · {visit.serviceType} · {visit.status}
                {visit.importedFrom ? ` · from ${visit.importedFrom}` : ''}
                {visit.diagnosis ? ` · ${visit.diagnosis}` : ''}
              </List.Item>
            ))}
          </List>
        </Paper>
      ))}
    </Stack>
  );
}

function ImportedSummary({ imported }: { imported: ServiceProCustomer }) {
  return (
    <Facts
      items={[
        ['Imported record', `${fullName(imported)} (${imported.serviceProId})`],
        ['Phone there', formatPhone(imported.phone)],
        ['Total services', imported.totalServices],
        ['Total spent', formatDollars(imported.totalSpent)],
        ['Last service', imported.lastServiceDate ? formatAnyDate(imported.lastServiceDate) : 'None on record'],
        ...(imported.preferredTechnician ? [['Preferred technician', imported.preferredTechnician] as const] : []),
        ...(imported.notes ? [['Their notes', imported.notes] as const] : []),
      ]}
    />
  );
}

/** The linked system's own visits (read from it now), or why they cannot be shown; the rest of the page stands. */
function SystemVisits({ customerId, linked }: { customerId: number; linked: boolean }) {
  const history = useCustomerServiceHistory(customerId, linked);
  if (!linked) return <Text size="sm">Not linked to a field-service record, so there is no history from the system.</Text>;
  if (history.isPending) return <Text size="sm" role="status">Loading visits from the field-service system...</Text>;
  if (history.isError) {
    return (
      <Text size="sm" role="alert">
        The field-service system's visits could not be loaded{history.error instanceof ApiRequestError ? `: ${history.error.message}` : '.'}{' '}
        <Anchor component="button" type="button" size="sm" onClick={() => void history.refetch()}>
          Try again
        </Anchor>
      </Text>
    );
  }
  const visits = history.data?.serviceHistory ?? [];
  return visits.length === 0 ? (
    <Text size="sm">The field-service system has no visits for this customer.</Text>
  ) : (
    <List size="sm" spacing={2} aria-label="Visits in the field-service system">
      {visits.map((visit, index) => (
        <List.Item key={`${visit.date}-${index}`}>
          {formatAnyDate(visit.date)} · {visit.service} · {formatDollars(visit.cost)}
        </List.Item>
      ))}
    </List>
  );
}

function RecordBody({ id }: { id: number }) {
  const record = useCustomerRecord(id);
  const appointments = useCustomerAppointments(id);
  const invoices = useCustomerInvoices(id);
  const customer = record.data?.customer;
  useDocumentTitle(customer ? `${fullName(customer)}, Customer Record` : 'Customer Record');

  if (record.isError && record.error instanceof ApiRequestError && record.error.status === 404) return <NotFoundCard homeHref={paths.customerManagement} homeLabel="Back to Customer Management" />;

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={`${paths.customerManagement}?tab=portal`} size="sm">
        ← Portal customers
      </Anchor>
      <QueryStates query={record} what="the customer" empty="" isEmpty={() => false}>
        {({ customer: shown, importedCustomer, notes }) => (
          <Stack gap="lg">
            <PageHeader title={fullName(shown)} description="Customer record: contact details, visits, appliances, history, invoices, messages and notes." />
            <Columns cols={{ base: 1, md: 2 }} spacing="lg">
              <Section id="record-contact" title="Contact details">
                <ContactDetails customer={shown} />
              </Section>
              <Section id="record-notes" title="Notes">
                <Notes customerId={id} notes={notes} />
              </Section>
            </Columns>
            <Section id="record-appointments" title="Appointments">
              <QueryStates query={appointments} what="appointments" empty="No appointments yet." isEmpty={(data) => data.appointments.length === 0}>
                {(data) => <DataTable label="Appointments" items={data.appointments} columns={appointmentColumns(invoices.data?.items)} rowKey={(appointment) => appointment.id} />}
              </QueryStates>
            </Section>
            <Columns cols={{ base: 1, md: 2 }} spacing="lg">
              <Section id="record-appliances" title="Appliances">
                <QueryStates query={appointments} what="appliances" empty="No appliances on record." isEmpty={(data) => data.appliances.length === 0}>
                  {(data) => <Appliances appliances={data.appliances} />}
                </QueryStates>
              </Section>
              <Section id="record-history" title="Service history">
                <Stack gap="sm">
                  {importedCustomer ? <ImportedSummary imported={importedCustomer} /> : null}
                  <SystemVisits customerId={id} linked={importedCustomer !== null} />
                  {appointments.data && appointments.data.serviceRequests.length > 0 ? (
                    <List size="sm" spacing={2} aria-label="Service requests">
                      {appointments.data.serviceRequests.map((request) => (
                        <List.Item key={request.id}>
                          Request {formatAnyDate(request.createdAt)} · {request.applianceType}
                          {request.brand ? ` (${request.brand})` : ''} · {request.status}
                        </List.Item>
                      ))}
                    </List>
                  ) : null}
                </Stack>
              </Section>
            </Columns>
            <Section id="record-invoices" title="Invoices and payments">
              <QueryStates query={invoices} what="invoices" empty="No invoices yet." isEmpty={(data) => data.items.length === 0}>
                {(data) => <DataTable label="Invoices" items={data.items} columns={invoiceColumns} rowKey={(invoice) => invoice.id} />}
              </QueryStates>
            </Section>
            <Paper withBorder radius="md" {...responsiveSpacing({ p: { base: 'md', sm: 'lg' } })} miw={0}>
              <CustomerMessages email={shown.email} headingOrder={2} />
            </Paper>
          </Stack>
        )}
      </QueryStates>
    </Stack>
  );
}

/** /customers/:id (staff): one customer's record, each part from the service that owns it. */
export function CustomerRecordPage() {
  const parsed = rowIdSchema('Customer id').safeParse(useParams().id);
  return (
    <Container size="xl" {...responsiveSpacing({ py: { base: 'lg', sm: 40 } })}>
      {parsed.success ? <RecordBody id={parsed.data} /> : <NotFoundCard homeHref={paths.customerManagement} homeLabel="Back to Customer Management" />}
    </Container>
  );
}
