import { formatCents, type Invoice } from '@repo/contracts';
import { conflict } from '@repo/service-kit';
import { netPaidCents } from '../domain/invoice-state.ts';
import { findInvoiceForUpdate, updateInvoice } from '../repositories/invoice-repository.ts';
import type { PaymentsContext } from './context.ts';
import { getInvoice, invoiceNotFound } from './get-invoice.ts';

/**
 * Voids an invoice with the reason staff give. An invoice still holding money cannot be voided: its payments are
 * refunded first (see `netPaidCents`), so a void invoice never owes the customer a credit.
 */
export async function voidInvoice(ctx: PaymentsContext, id: number, reason: string): Promise<Invoice> {
  await ctx.db.transaction().execute(async (trx) => {
    const invoice = await findInvoiceForUpdate(trx, id);
    if (!invoice) throw invoiceNotFound();
    if (invoice.status === 'void') throw conflict('This invoice is already void.');
    const held = netPaidCents(invoice);
    if (held > 0) throw conflict(`The customer has paid ${formatCents(held)} on this invoice. Refund it before voiding the invoice.`);
    const now = ctx.now();
    await updateInvoice(trx, id, { status: 'void', voided_at: now, void_reason: reason, updated_at: now });
  });
  return getInvoice(ctx, id, { role: 'staff', customerId: null });
}
