import { useState } from 'react';
import { Alert, Anchor, Button, Container, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { business, formatCents, invoicePaths, type Invoice, type PayInvoiceResponse } from '@repo/contracts';
import { AppAnchor, ErrorState, errorMessage, formatter, LoadingState, newIdempotencyKey, PricedLineRows, responsiveSpacing, useDocumentTitle } from '@repo/ui';
import { paths } from '../../../config/paths.ts';
import { refusedStatus, useForgetRefusedAccess, useLinkAccess } from '../../../lib/appointment-access.ts';
import { useRecheckSessionOnSignOut } from '../../../lib/session.ts';
import { downloadWithKey, useMyInvoice, usePayInvoice } from '../api/invoices.ts';
import { stripePublishableKey } from '../lib/stripe-config.ts';
import { DemoCardForm } from './demo-card-form.tsx';
import { InvoiceStatusBadge } from '../../../components/invoice-status-badge.tsx';
import { SignedInOnly } from '../../../components/signed-in-only.tsx';
import { StripeCardForm } from './stripe-card-form.tsx';

const dateText = (iso: string) => formatter('date', { timeZone: business.timeZone, month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(iso));

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
function PayBalance({ invoice, accessKey, onPaid }: { invoice: Invoice; accessKey: string | undefined; onPaid: () => void }) {
  const pay = usePayInvoice(invoice.id, accessKey);
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

/**
 * The invoice's PDF and, once something was paid, its receipt. Signed in, plain links (the session cookie goes with
 * them, and they work before the page's script has loaded); with the link's key, buttons that fetch with the key in
 * its header, which a link cannot carry.
 */
function Downloads({ invoice, accessKey }: { invoice: Invoice; accessKey: string | undefined }) {
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState<string>();
  const paid = invoice.payments.some((payment) => payment.status === 'succeeded');
  const files = [
    { label: 'Download PDF', path: invoicePaths.pdf(invoice.id), name: `${invoice.number}.pdf` },
    ...(paid ? [{ label: 'Download receipt', path: invoicePaths.receipt(invoice.id), name: `receipt-${invoice.number}.pdf` }] : []),
  ];
  if (!accessKey) {
    return (
      <Group gap="md">
        {files.map((file) => (
          <Anchor key={file.label} href={file.path} download>
            {file.label}
          </Anchor>
        ))}
      </Group>
    );
  }
  async function download(file: (typeof files)[number]) {
    setFailure(undefined);
    setBusy(file.label);
    try {
      await downloadWithKey(file.path, accessKey!, file.name);
    } catch (err) {
      setFailure(errorMessage(err, 'We could not download the file. Please try again.'));
    } finally {
      setBusy(undefined);
    }
  }
  return (
    <Stack gap={4} align="flex-end">
      <Group gap="xs">
        {files.map((file) => (
          <Button key={file.label} variant="subtle" loading={busy === file.label} onClick={() => void download(file)}>
            {file.label}
          </Button>
        ))}
      </Group>
      {failure ? (
        <Text c="red.8" size="sm" role="alert">
          {failure}
        </Text>
      ) : null}
    </Stack>
  );
}

/** What a refused invoice says: not found (with the way back for the signed-in customer), or an expired link. */
function Refused({ status, signedIn, message }: { status: number; signedIn: boolean; message: string }) {
  const expired = status === 401 && !signedIn;
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="xs">
        <Title order={1}>{expired ? 'This invoice link has expired' : 'Invoice not found'}</Title>
        {expired ? (
          <>
            <Text>{message}</Text>
            <AppAnchor href={paths.login} fw={600}>
              Log in to your account
            </AppAnchor>
          </>
        ) : signedIn ? (
          <>
            <Text>We could not find that invoice. Your invoices are listed on the Invoices page.</Text>
            <Anchor component={Link} to={paths.invoices}>
              Your invoices
            </Anchor>
          </>
        ) : (
          <Text>{`We could not find that invoice. Please check the link in your email, or call us at ${business.phoneDisplay}.`}</Text>
        )}
      </Stack>
    </Paper>
  );
}

function InvoiceView({ id, accessKey }: { id: number; accessKey: string | undefined }) {
  const [paying, setPaying] = useState(false);
  const invoice = useMyInvoice(id, { waitingForPayment: paying, accessKey });
  // A signed-in customer refused 401 has been signed out; a refused link is forgotten, so a reload does not send it again.
  useRecheckSessionOnSignOut(accessKey ? null : invoice.error);
  useForgetRefusedAccess(id, accessKey, invoice.error, [401, 404], 'invoice');
  useDocumentTitle(invoice.data ? `Invoice ${invoice.data.number}` : 'Invoice');
  if (invoice.isPending) return <LoadingState title="Loading your invoice..." />;
  if (invoice.isError) {
    const status = refusedStatus(invoice.error);
    if (status === 404 || (status === 401 && accessKey)) {
      return <Refused status={status} signedIn={!accessKey} message={errorMessage(invoice.error, 'This invoice link has expired.')} />;
    }
    return <ErrorState title="We couldn't load your invoice" description="Please check your connection and try again." onRetry={() => void invoice.refetch()} />;
  }
  const current = invoice.data;
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
        <Downloads invoice={current} accessKey={accessKey} />
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
          <PayBalance invoice={current} accessKey={accessKey} onPaid={() => setPaying(true)} />
        </Paper>
      ) : null}
    </Stack>
  );
}

/**
 * /invoices/:id: one of the customer's invoices, its lines, tax, payments and balance, the PDFs, and Pay balance.
 * Opened from the invoice's email (`#access=<key>`), it needs no account: the key opens this invoice alone.
 */
export function InvoicePage() {
  const id = Number(useParams().id);
  const known = Number.isInteger(id) && id > 0;
  const accessKey = useLinkAccess(known ? id : 0, 'invoice');
  const view = known ? <InvoiceView id={id} accessKey={accessKey} /> : <Text>We could not find that invoice.</Text>;
  const frame = { size: 'md', ...responsiveSpacing({ py: { base: 'lg', sm: 40 } }) } as const;
  if (accessKey && known) return <Container {...frame}>{view}</Container>;
  return (
    <SignedInOnly>
      <Container {...frame}>
        <Stack gap="sm">
          <Anchor component={Link} to={paths.invoices} size="sm">
            ← All invoices
          </Anchor>
          {view}
        </Stack>
      </Container>
    </SignedInOnly>
  );
}
