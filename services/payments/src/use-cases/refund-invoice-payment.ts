import { formatCents, type Invoice, type refundRequestSchema } from '@repo/contracts';
import { badRequest, conflict } from '@repo/service-kit';
import type { z } from 'zod';
import { issueRefundJob, refundBackstopSeconds } from '../domain/outgoing.ts';
import { findInvoiceForUpdate } from '../repositories/invoice-repository.ts';
import { findPaymentForUpdate } from '../repositories/payment-repository.ts';
import { insertRefund, reservedRefundCents } from '../repositories/refund-repository.ts';
import type { PaymentsContext } from './context.ts';
import { getInvoice, invoiceNotFound } from './get-invoice.ts';
import { issueRefund } from './issue-refund.ts';

/**
 * Staff refund all or part of one of an invoice's payments. The refund is recorded (pending, which holds its amount
 * against a second refund of the same money) with its `issue-refund` job in one transaction, then given at once; when
 * the provider cannot be reached now, the job gives it later (`refundBackstopSeconds` on) and the invoice shows it
 * pending meanwhile.
 */
export async function refundInvoicePayment(
  ctx: PaymentsContext,
  invoiceId: number,
  request: z.output<typeof refundRequestSchema>,
  staffEmail: string,
  onDeferred: (error: unknown) => void,
): Promise<Invoice> {
  const refund = await ctx.db.transaction().execute(async (trx) => {
    const payment = await findPaymentForUpdate(trx, request.paymentIntentId);
    const invoice = await findInvoiceForUpdate(trx, invoiceId);
    if (!invoice) throw invoiceNotFound();
    if (!payment || payment.invoice_id !== invoiceId) {
      const message = 'That payment is not one of this invoice\u2019s.';
      throw badRequest(message, { paymentIntentId: message });
    }
    if (payment.status !== 'succeeded') throw conflict('Only a payment that went through can be refunded.');
    if (payment.provider !== ctx.provider.name) throw conflict(`This payment was taken by the ${payment.provider} provider, which is not the one in use; refund it there.`);
    const refundable = payment.amount_cents - (await reservedRefundCents(trx, payment.id));
    if (request.amountCents > refundable) {
      const message = refundable > 0 ? `At most ${formatCents(refundable)} of this payment can still be refunded.` : 'This payment has been refunded in full.';
      throw badRequest(message, { amountCents: message });
    }
    const now = ctx.now();
    const row = await insertRefund(trx, { payment_id: payment.id, invoice_id: invoiceId, amount_cents: request.amountCents, reason: request.reason || null, created_by: staffEmail, created_at: now, updated_at: now });
    await ctx.effects.sendAfter(trx, issueRefundJob, { refundId: row.id }, refundBackstopSeconds);
    return row;
  });
  try {
    await issueRefund(ctx, refund.id);
  } catch (error) {
    onDeferred(error);
  }
  return getInvoice(ctx, invoiceId, { role: 'staff', customerId: null });
}
