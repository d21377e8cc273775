import { addDays, businessDate, type Invoice } from '@repo/contracts';
import { conflict } from '@repo/service-kit';
import { findInvoiceForUpdate, updateInvoice } from '../repositories/invoice-repository.ts';
import type { PaymentsContext } from './context.ts';
import { getInvoice, invoiceNotFound } from './get-invoice.ts';

/**
 * Sends a draft: from now the customer sees it in the portal and can pay it, due INVOICE_DUE_DAYS business days on
 * (America/New_York). Sending a sent invoice again changes nothing, its due date included.
 */
export async function sendInvoice(ctx: PaymentsContext, id: number): Promise<Invoice> {
  await ctx.db.transaction().execute(async (trx) => {
    const invoice = await findInvoiceForUpdate(trx, id);
    if (!invoice) throw invoiceNotFound();
    if (invoice.status === 'void') throw conflict('This invoice is void and cannot be sent.');
    if (invoice.status !== 'draft') return;
    if (invoice.total_cents <= 0) throw conflict('Add at least one line with an amount before sending the invoice.');
    const now = ctx.now();
    await updateInvoice(trx, id, { status: 'sent', sent_at: now, due_date: addDays(businessDate(now), ctx.invoices.dueDays), updated_at: now });
  });
  return getInvoice(ctx, id, { role: 'staff', customerId: null });
}
