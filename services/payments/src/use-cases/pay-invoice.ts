import { formatCents, type PayInvoiceResponse } from '@repo/contracts';
import { badRequest, conflict } from '@repo/service-kit';
import { balanceCents, isPayable } from '../domain/invoice-state.ts';
import type { InvoiceRow } from '../db/schema.ts';
import { findPayment, insertPaymentIfAbsent } from '../repositories/payment-repository.ts';
import type { PaymentsContext } from './context.ts';
import { invoiceForCaller, type InvoiceCaller } from './get-invoice.ts';

/** Stripe takes no card payment under 50 cents. */
const smallestPaymentCents = 50;

function notPayable(invoice: InvoiceRow) {
  if (invoice.status === 'void') return conflict('This invoice was voided and cannot be paid. Please call us if you have a question.');
  return conflict('This invoice is paid in full. Thank you!');
}

/**
 * Starts paying an invoice: a provider intent, made here, for exactly the balance (or, where the business takes part
 * payments, the amount asked for, at most the balance). The payer never names the amount the card is charged. The
 * ledger's record links the payment to the invoice; the invoice counts it only once the provider says it succeeded
 * (see `settleInvoicePayment`). A retried request with the same key while the balance is the same gets the same intent.
 */
export async function payInvoice(ctx: PaymentsContext, id: number, caller: InvoiceCaller, request: { amountCents?: number; idempotencyKey: string }): Promise<PayInvoiceResponse> {
  const { invoice, appointment } = await invoiceForCaller(ctx.db, id, caller, ctx.now());
  if (!isPayable(invoice)) throw notPayable(invoice);
  const balance = balanceCents(invoice);
  let amountCents = balance;
  if (request.amountCents !== undefined && request.amountCents !== balance) {
    if (!ctx.invoices.partialPayments) {
      const message = `Online payment takes the whole balance of ${formatCents(balance)}.`;
      throw badRequest(message, { amountCents: message });
    }
    if (request.amountCents > balance || request.amountCents < smallestPaymentCents) {
      const message = `Pay from ${formatCents(smallestPaymentCents)} up to the balance of ${formatCents(balance)}.`;
      throw badRequest(message, { amountCents: message });
    }
    amountCents = request.amountCents;
  }
  const description = `Invoice ${invoice.number}`;
  const { provider } = ctx;
  const intent = await provider.createIntent({
    amountCents,
    description,
    idempotencyKey: `invoice:${invoice.id}:${amountCents}:${request.idempotencyKey}`,
    metadata: { source: 'invoice', invoice_id: String(invoice.id), invoice_number: invoice.number, reference: invoice.number },
    receiptEmail: appointment.email || undefined,
  });
  await insertPaymentIfAbsent(ctx.db, {
    provider: provider.name,
    payment_intent_id: intent.id,
    amount_cents: amountCents,
    currency: 'usd',
    description,
    payer_email: appointment.email || null,
    reference: invoice.number,
    invoice_id: invoice.id,
  });
  const row = await findPayment(ctx.db, intent.id);
  if (!row || row.invoice_id !== invoice.id || row.amount_cents !== amountCents) {
    throw conflict('This payment request was already used with other details. Start a new payment.');
  }
  return { clientSecret: intent.clientSecret, paymentIntentId: intent.id, provider: provider.name, amountCents };
}
