import { useState } from 'react';
import { Anchor, Button, Container, Group, NativeSelect, Paper, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { formatCents, invoicePaths, invoiceMessages, type Invoice } from '@repo/contracts';
import { errorMessage, fieldErrorsOf, NotFoundCard, responsiveSpacing, showToast, useDocumentTitle } from '@repo/ui';
import { Facts } from '../../../components/facts.tsx';
import { QueryStates } from '../../../components/query-states.tsx';
import { paths } from '../../../config/paths.ts';
import { formatBusinessDateTime } from '../../../lib/format.ts';
import { useInvoice, useRefundPayment, useSendInvoice, useVoidInvoice } from '../api/invoices.ts';
import { centsToDollars, dollarsToCents } from '../../../lib/money.ts';
import { InvoiceLinesEditor } from './invoice-lines-editor.tsx';
import { InvoiceStatusBadge } from './invoice-status-badge.tsx';
import { VisitEstimates } from './visit-estimates.tsx';

function Totals({ invoice }: { invoice: Invoice }) {
  const rows: [string, number, boolean?][] = [
    ['Subtotal', invoice.subtotalCents],
    [`Sales tax (${invoice.tax.stateBps / 100}% + ${invoice.tax.surtaxBps / 100}% county surtax)`, invoice.taxCents],
    ['Total', invoice.totalCents, true],
    ['Paid', invoice.amountPaidCents],
    ['Refunded', invoice.amountRefundedCents],
    ['Balance', invoice.balanceCents, true],
  ];
  return (
    <Table aria-label="Totals" withRowBorders={false} maw={420} ml="auto">
      <Table.Tbody>
        {rows.map(([label, cents, bold]) => (
          <Table.Tr key={label}>
            <Table.Th scope="row" fw={bold ? 700 : 400}>
              {label}
            </Table.Th>
            <Table.Td ta="right" fw={bold ? 700 : 400}>
              {formatCents(cents)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function ReadOnlyLines({ invoice }: { invoice: Invoice }) {
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        Lines
      </Title>
      <Table.ScrollContainer minWidth={480} type="native">
        <Table aria-label="Lines">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Description</Table.Th>
              <Table.Th ta="right">Qty</Table.Th>
              <Table.Th ta="right">Unit price</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invoice.lines.map((line) => (
              <Table.Tr key={line.position}>
                <Table.Td>
                  {line.description}
                  {line.taxable ? ' (taxable)' : ''}
                </Table.Td>
                <Table.Td ta="right">{line.quantity}</Table.Td>
                <Table.Td ta="right">{formatCents(line.unitPriceCents)}</Table.Td>
                <Table.Td ta="right">{formatCents(line.amountCents)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** Refund all or part of a payment that went through: which payment, how much (the rest of it by default), why. */
function RefundForm({ invoice }: { invoice: Invoice }) {
  const refundable = invoice.payments.filter((payment) => payment.status === 'succeeded' && payment.refundedCents < payment.amountCents);
  const [paymentIntentId, setPaymentIntentId] = useState(refundable[0]?.paymentIntentId ?? '');
  const chosen = refundable.find((payment) => payment.paymentIntentId === paymentIntentId);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amountCents?: string; paymentIntentId?: string }>({});
  const refund = useRefundPayment(invoice.id);
  if (refundable.length === 0) return null;
  const remaining = chosen ? chosen.amountCents - chosen.refundedCents : 0;

  const submit = () => {
    const cents = amount.trim() === '' ? remaining : dollarsToCents(amount);
    if (cents === undefined || cents < 1) {
      setErrors({ amountCents: invoiceMessages.refundAmount });
      return;
    }
    refund.mutate(
      { paymentIntentId, amountCents: cents, reason: reason.trim() || undefined },
      {
        onSuccess: (saved) => {
          const last = saved.refunds.at(-1);
          showToast(
            last?.status === 'failed'
              ? { title: 'Refund refused', description: 'The payment provider refused this refund. Nothing was paid back.', variant: 'destructive' }
              : { title: last?.status === 'pending' ? 'Refund on its way' : 'Refund given', description: `${formatCents(cents)} back to the customer's card.` },
          );
          setAmount('');
          setReason('');
          setErrors({});
        },
        onError: (error) => {
          setErrors(fieldErrorsOf(error, ['amountCents', 'paymentIntentId'] as const));
          showToast({ title: 'Refund Failed', description: errorMessage(error, 'The refund could not be given'), variant: 'destructive' });
        },
      },
    );
  };

  return (
    <form
      aria-labelledby="refund-heading"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <Title order={3} size="h5" id="refund-heading">
          Refund
        </Title>
        <Group align="flex-start" gap="sm">
          <NativeSelect
            label="Payment"
            value={paymentIntentId}
            error={errors.paymentIntentId}
            onChange={(event) => setPaymentIntentId(event.currentTarget.value)}
            data={refundable.map((payment) => ({ value: payment.paymentIntentId, label: `${formatCents(payment.amountCents)} on ${formatBusinessDateTime(payment.createdAt)}` }))}
          />
          <TextInput
            label="Amount ($)"
            inputMode="decimal"
            description={`Empty: the rest of it, ${formatCents(remaining)}`}
            placeholder={centsToDollars(remaining)}
            value={amount}
            error={errors.amountCents}
            onChange={(event) => {
              setAmount(event.currentTarget.value);
              setErrors({});
            }}
          />
          <TextInput label="Reason" description="Optional, for the records" value={reason} onChange={(event) => setReason(event.currentTarget.value)} />
        </Group>
        <div>
          <Button type="submit" color="red.9" loading={refund.isPending}>
            Refund
          </Button>
        </div>
      </Stack>
    </form>
  );
}

function Payments({ invoice }: { invoice: Invoice }) {
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Payments and refunds
      </Title>
      {invoice.payments.length === 0 ? (
        <Text c="dimmed">No payments yet.</Text>
      ) : (
        <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {invoice.payments.map((payment) => (
            <li key={payment.paymentIntentId}>
              <Text span>
                {formatBusinessDateTime(payment.createdAt)}: {formatCents(payment.amountCents)}, {payment.status}
                {payment.refundedCents > 0 ? `, ${formatCents(payment.refundedCents)} refunded` : ''}{' '}
              </Text>
              <Anchor component={Link} to={`${paths.adminPayments}?reference=${encodeURIComponent(invoice.number)}`} size="sm">
                In the ledger
              </Anchor>
            </li>
          ))}
        </Stack>
      )}
      {invoice.refunds.length > 0 ? (
        <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Refunds">
          {invoice.refunds.map((refund) => (
            <li key={refund.id}>
              <Text span>
                Refund {formatCents(refund.amountCents)} ({refund.status}) on {formatBusinessDateTime(refund.createdAt)}
                {refund.reason ? `: ${refund.reason === 'overpayment' ? 'paid twice, returned automatically' : refund.reason}` : ''}
              </Text>
            </li>
          ))}
        </Stack>
      ) : null}
      <RefundForm key={invoice.updatedAt} invoice={invoice} />
    </Stack>
  );
}

/** Void with a reason; refused by the server while the invoice holds money (its message says how much). */
function VoidForm({ invoice }: { invoice: Invoice }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const voiding = useVoidInvoice(invoice.id);
  if (invoice.status === 'void') return null;
  if (!open) {
    return (
      <Button variant="default" onClick={() => setOpen(true)}>
        Void Invoice
      </Button>
    );
  }
  return (
    <form
      aria-label="Void invoice"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (reason.trim().length < 3) {
          setError(invoiceMessages.voidReason);
          return;
        }
        voiding.mutate(reason, {
          onSuccess: () => showToast({ title: 'Invoice voided', description: `${invoice.number} is void.` }),
          onError: (failure) => {
            setError(fieldErrorsOf(failure, ['reason'] as const).reason ?? errorMessage(failure));
          },
        });
      }}
    >
      <Stack gap="xs" maw={480}>
        <Textarea label="Reason for voiding" autoFocus value={reason} error={error} onChange={(event) => setReason(event.currentTarget.value)} />
        <Group gap="sm">
          <Button type="submit" color="red.9" loading={voiding.isPending}>
            Void Invoice
          </Button>
          <Button variant="default" onClick={() => setOpen(false)}>
            Keep It
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function InvoiceDetail({ invoice }: { invoice: Invoice }) {
  const send = useSendInvoice(invoice.id);
  const paid = invoice.payments.some((payment) => payment.status === 'succeeded');
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>Invoice {invoice.number}</Title>
          <Group gap="xs" mt={4}>
            <InvoiceStatusBadge status={invoice.status} />
            {invoice.dueDate ? <Text size="sm">Due {invoice.dueDate}</Text> : null}
          </Group>
        </div>
        <Group gap="sm">
          {invoice.status === 'draft' ? (
            <Button
              loading={send.isPending}
              onClick={() =>
                send.mutate(undefined, {
                  onSuccess: (sent) =>
                    showToast({
                      title: 'Invoice sent',
                      description: sent.customer.email
                        ? `${sent.customer.name} is emailed a link to see and pay ${sent.number} (${sent.customer.email}).`
                        : `${sent.customer.name} can see and pay ${sent.number} in the portal.`,
                    }),
                  onError: (error) => showToast({ title: 'Send Failed', description: errorMessage(error), variant: 'destructive' }),
                })
              }
            >
              Send Invoice
            </Button>
          ) : null}
          <Anchor href={invoicePaths.pdf(invoice.id)} download>
            Download PDF
          </Anchor>
          {paid ? (
            <Anchor href={invoicePaths.receipt(invoice.id)} download>
              Receipt PDF
            </Anchor>
          ) : null}
        </Group>
      </Group>
      <Paper withBorder radius="md" p="lg">
        <Facts
          items={[
            ['Customer', invoice.customer.name],
            ['Email', invoice.customer.email],
            ['Phone', invoice.customer.phone],
            ['Address', invoice.customer.address],
            ['Visit', `${invoice.visit.serviceType}: ${invoice.visit.brand} ${invoice.visit.appliance}, ${formatBusinessDateTime(invoice.visit.startsAt)}`],
            ...(invoice.voidReason ? ([['Voided', invoice.voidReason]] as const) : []),
          ]}
        />
      </Paper>
      <Paper withBorder radius="md" p="lg">
        {invoice.editable ? <InvoiceLinesEditor key={invoice.updatedAt} invoice={invoice} /> : <ReadOnlyLines invoice={invoice} />}
        <Totals invoice={invoice} />
      </Paper>
      <Paper withBorder radius="md" p="lg">
        <Payments invoice={invoice} />
      </Paper>
      <VisitEstimates appointmentId={invoice.appointmentId} invoiceId={invoice.id} />
      <VoidForm invoice={invoice} />
    </Stack>
  );
}

/** /invoices/:id (staff): one invoice to edit while allowed, send, download, refund and void. */
export function InvoicePage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const invoice = useInvoice(valid ? id : 0);
  useDocumentTitle(invoice.data ? `Invoice ${invoice.data.number}` : 'Invoice');
  return (
    <Container size="lg" {...responsiveSpacing({ py: { base: 'lg', sm: 40 } })}>
      <Stack gap="sm">
        <Anchor component={Link} to={paths.invoices} size="sm">
          ← All invoices
        </Anchor>
        {valid && !(invoice.isError && invoice.error && 'status' in invoice.error && invoice.error.status === 404) ? (
          <QueryStates query={invoice} what="the invoice" empty="" isEmpty={() => false}>
            {(loaded) => <InvoiceDetail invoice={loaded} />}
          </QueryStates>
        ) : (
          <NotFoundCard />
        )}
      </Stack>
    </Container>
  );
}
