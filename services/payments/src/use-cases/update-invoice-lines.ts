import type { Invoice, updateInvoiceLinesRequestSchema } from '@repo/contracts';
import { conflict } from '@repo/service-kit';
import type { z } from 'zod';
import type { InvoiceRow } from '../db/schema.ts';
import { isEditable } from '../domain/invoice-state.ts';
import { findInvoiceForUpdate, replaceInvoiceLines, updateInvoice } from '../repositories/invoice-repository.ts';
import type { PaymentsContext } from './context.ts';
import { getInvoice, invoiceNotFound } from './get-invoice.ts';
import { resolveInvoiceLines, totalsOfLines } from './invoice-lines.ts';

/** Why an invoice's lines can no longer change. */
export function notEditable(invoice: Pick<InvoiceRow, 'status'>) {
  return conflict(
    invoice.status === 'void'
      ? 'This invoice is void and cannot be changed.'
      : 'Money was paid on this invoice, so its lines cannot change. Refund and void it, then make a new one.',
  );
}

/** Replaces the lines of a draft, or of a sent invoice nothing was paid on, and works the totals out again. */
export async function updateInvoiceLines(ctx: PaymentsContext, id: number, request: z.output<typeof updateInvoiceLinesRequestSchema>): Promise<Invoice> {
  const lines = await resolveInvoiceLines(ctx.db, request.lines);
  await ctx.db.transaction().execute(async (trx) => {
    const invoice = await findInvoiceForUpdate(trx, id);
    if (!invoice) throw invoiceNotFound();
    if (!isEditable(invoice)) throw notEditable(invoice);
    const rates = { stateBps: invoice.state_tax_bps, surtaxBps: invoice.surtax_bps, surtaxCapCents: invoice.surtax_cap_cents };
    const totals = totalsOfLines(lines, rates);
    await replaceInvoiceLines(trx, id, lines);
    await updateInvoice(trx, id, { subtotal_cents: totals.subtotalCents, tax_cents: totals.taxCents, total_cents: totals.totalCents, updated_at: ctx.now() });
  });
  return getInvoice(ctx, id, { role: 'staff', customerId: null });
}
