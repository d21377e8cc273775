import { useState } from 'react';
import { Alert, Anchor, Button, Container, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { formatCents, invoicePaths, type Invoice, type PayInvoiceResponse } from '@repo/contracts';
import { ApiRequestError, ErrorState, errorMessage, LoadingState, newIdempotencyKey, PricedLineRows, responsiveSpacing, useDocumentTitle } from '@repo/ui';
import { paths } from '../../../config/paths.ts';
import { useRecheckSessionOnSignOut } from '../../../lib/session.ts';
import { useMyInvoice, usePayInvoice } from '../api/invoices.ts';
import { stripePublishableKey } from '../lib/stripe-config.ts';
import { DemoCardForm } from './demo-card-form.tsx';
import { InvoiceStatusBadge } from './invoice-status-badge.tsx';
import { SignedInOnly } from './signed-in-only.tsx';
import { StripeCardForm } from './stripe-card-form.tsx';

const dateText = (iso: string) => new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(iso));

function Lines({ invoice }: { invoice: Invoice }) {
  const totals: [string, number, boolean?][] = [
    ['Subtotal', invoice.subtotalCents],
    [`Sales tax (${invoice.tax.stateBps / 100}% + ${invoice.tax.surtaxBps / 100}% county surtax)`, invoice.taxCents],
    ['Total', invoice.totalCents, true],
    ['Paid', invoice.amountPaidCents],
    ...(invoice.amountRefundedCents > 0 ? ([['Refunded', invoice.amountRefundedCents]] as [string, number][]) : []),
    ['Balance', invoice.balanceCents, true],
  ];
  return (
    // Three columns fit a 390 px phone: the description wraps, so the table never scrolls sideways.
    <Table aria-label="Invoice lines" layout="fixed">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Description</Table.Th>
          <Table.Th ta="right" w="3.5rem">
            Qty
          </Table.Th>
          <Table.Th ta="right" w="6.5rem">
            Amount
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <PricedLineRows lines={invoice.lines} />
      <Table.Tfoot>
        {totals.map(([label, cents, bold]) => (
          <Table.Tr key={label}>
            <Table.Th scope="row" colSpan={2} ta="right" fw={bold ? 700 : 400}>
              {label}
            </Table.Th>
            <Table.Td ta="right" fw={bold ? 700 : 400}>
              {formatCents(cents)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tfoot>
    </Table>
  );
}

/** Pay balance: the server makes the payment for exactly the balance, then the card form (Stripe's, or the demo's) takes it. */
function PayBalance({ invoice, onPaid }: { invoice: Invoice; onPaid: () => void }) {
  const pay = usePayInvoice(invoice.id);
  const [idempotencyKey] = useState(() => newIdempotencyKey('invoice-payment'));
  const [intent, setIntent] = useState<PayInvoiceResponse>();
  if (!intent) {
    return (
      <Stack gap="xs">
        <Button size="md" loading={pay.isPending} onClick={() => pay.mutate({ idempotencyKey }, { onSuccess: setIntent })}>
          Pay balance {formatCents(invoice.balanceCents)}
        </Button>
        {pay.isError ? (
          <Text c="red.8" role="alert">
            {errorMessage(pay.error, 'We could not start the payment. Please try again.')}
          </Text>
        ) : null}
      </Stack>
    );
  }
  if (intent.provider === 'demo') {
    return <DemoCardForm invoiceId={invoice.id} paymentIntentId={intent.paymentIntentId} clientSecret={intent.clientSecret} amountCents={intent.amountCents} onPaid={onPaid} />;
  }
  if (!stripePublishableKey) {
    return <Text role="alert">Online card payment is not set up on this site. Please call us to pay by phone.</Text>;
  }
  return <StripeCardForm publishableKey={stripePublishableKey} clientSecret={intent.clientSecret} amountCents={intent.amountCents} onPaid={onPaid} />;
}

function InvoiceView({ id }: { id: number }) {
  const [paying, setPaying] = useState(false);
  const invoice = useMyInvoice(id, { waitingForPayment: paying });
  useRecheckSessionOnSignOut(invoice.error);
  useDocumentTitle(invoice.data ? `Invoice ${invoice.data.number}` : 'Invoice');
  if (invoice.isPending) return <LoadingState title="Loading your invoice..." />;
  if (invoice.isError) {
    if (invoice.error instanceof ApiRequestError && invoice.error.status === 404) {
      return (
        <Paper withBorder radius="md" p="lg">
          <Stack gap="xs">
            <Title order={1}>Invoice not found</Title>
            <Text>We could not find that invoice. Your invoices are listed on the Invoices page.</Text>
            <Anchor component={Link} to={paths.invoices}>
              Your invoices
            </Anchor>
          </Stack>
        </Paper>
      );
    }
    return <ErrorState title="We couldn't load your invoice" description="Please check your connection and try again." onRetry={() => void invoice.refetch()} />;
  }
  const current = invoice.data;
  const paid = current.payments.some((payment) => payment.status === 'succeeded');
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>Invoice {current.number}</Title>
          <Group gap="xs" mt={4}>
            <InvoiceStatusBadge status={current.status} />
            {current.dueDate && current.balanceCents > 0 ? <Text size="sm">Due {current.dueDate}</Text> : null}
          </Group>
        </div>
        <Group gap="md">
          <Anchor href={invoicePaths.pdf(current.id)} download>
            Download PDF
          </Anchor>
          {paid ? (
            <Anchor href={invoicePaths.receipt(current.id)} download>
              Download receipt
            </Anchor>
          ) : null}
        </Group>
      </Group>
      <Text>
        {current.visit.serviceType}: {current.visit.brand} {current.visit.appliance}, visit of {dateText(current.visit.startsAt)}
      </Text>
      <Paper withBorder radius="md" p="md">
        <Lines invoice={current} />
      </Paper>
      {current.payments.some((payment) => payment.status === 'succeeded') ? (
        <Stack gap={4}>
          <Title order={2} size="h4">
            Payments
          </Title>
          {current.payments
            .filter((payment) => payment.status === 'succeeded')
            .map((payment) => (
              <Text key={payment.paymentIntentId}>
                {dateText(payment.createdAt)}: {formatCents(payment.appliedCents)} by card
                {payment.refundedCents > 0 ? ` (${formatCents(payment.refundedCents)} refunded)` : ''}
              </Text>
            ))}
        </Stack>
      ) : null}
      {current.status === 'paid' ? (
        // Mantine's light title colours are too pale on their backgrounds; dark text keeps them readable.
        <Alert color="green" variant="light" role="status" title={<Text component="span" fw={700} c="dark.9">Paid in full</Text>}>
          <Text size="sm" c="dark.9">
            Thank you! Your receipt is ready to download.
          </Text>
        </Alert>
      ) : current.status === 'void' ? (
        <Alert color="gray" variant="light" title={<Text component="span" fw={700} c="dark.9">This invoice was voided</Text>}>
          <Text size="sm" c="dark.9">
            Nothing is owed on it. Please call us if you have a question.
          </Text>
        </Alert>
      ) : paying ? (
        <Text role="status">Payment received. Updating your invoice…</Text>
      ) : current.payable ? (
        <Paper withBorder radius="md" p="lg">
          <PayBalance invoice={current} onPaid={() => setPaying(true)} />
        </Paper>
      ) : null}
    </Stack>
  );
}

/** /invoices/:id: one of the customer's invoices, its lines, tax, payments and balance, the PDFs, and Pay balance. */
export function InvoicePage() {
  const id = Number(useParams().id);
  return (
    <SignedInOnly>
      <Container size="md" {...responsiveSpacing({ py: { base: 'lg', sm: 40 } })}>
        <Stack gap="sm">
          <Anchor component={Link} to={paths.invoices} size="sm">
            ← All invoices
          </Anchor>
          {Number.isInteger(id) && id > 0 ? <InvoiceView id={id} /> : <Text>We could not find that invoice.</Text>}
        </Stack>
      </Container>
    </SignedInOnly>
  );
}
