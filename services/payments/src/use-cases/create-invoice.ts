import type { createInvoiceRequestSchema, Invoice } from '@repo/contracts';
import { notFound } from '@repo/service-kit';
import type { z } from 'zod';
import type { InvoiceRow, Trx } from '../db/schema.ts';
import type { TaxRates } from '../domain/tax.ts';
import { findAppointment } from '../repositories/appointment-repository.ts';
import { insertInvoice, nextInvoiceNumber, replaceInvoiceLines } from '../repositories/invoice-repository.ts';
import type { PaymentsContext } from './context.ts';
import { invoiceDetail } from './get-invoice.ts';
import { pricedColumns, resolveInvoiceLines, type ResolvedLine } from './invoice-lines.ts';

/** A numbered draft invoice of these lines at these rates, its totals worked out by the one tax rule. */
export async function insertDraftInvoice(trx: Trx, draft: { appointmentId: number; lines: ResolvedLine[]; rates: TaxRates; now: Date }): Promise<InvoiceRow> {
  const { rates, lines, now } = draft;
  const row = await insertInvoice(trx, {
    number: await nextInvoiceNumber(trx),
    appointment_id: draft.appointmentId,
    ...pricedColumns(lines, rates),
    created_at: now,
    updated_at: now,
  });
  await replaceInvoiceLines(trx, row.id, lines);
  return row;
}

/**
 * A draft invoice for an appointment payments has heard of from booking, numbered from the sequence (INV-1001, …) and
 * taxed at today's configured rates, which it keeps.
 */
export async function createInvoice(ctx: PaymentsContext, request: z.output<typeof createInvoiceRequestSchema>): Promise<Invoice> {
  const appointment = await findAppointment(ctx.db, request.appointmentId);
  if (!appointment) throw notFound('We have no record of that appointment yet. If it was just booked, try again in a minute.');
  const lines = await resolveInvoiceLines(ctx.db, request.lines);
  const now = ctx.now();
  const invoice = await ctx.db.transaction().execute((trx) => insertDraftInvoice(trx, { appointmentId: appointment.id, lines, rates: ctx.invoices.rates, now }));
  return invoiceDetail(ctx, invoice, appointment);
}
