import { businessDate, type Invoice, type Role } from '@repo/contracts';
import { notFound } from '@repo/service-kit';
import type { AppointmentRow, Db, InvoiceRow } from '../db/schema.ts';
import { findAppointment } from '../repositories/appointment-repository.ts';
import { findInvoice, findInvoiceLines } from '../repositories/invoice-repository.ts';
import { toInvoice } from '../repositories/mappers.ts';
import { findInvoicePayments } from '../repositories/payment-repository.ts';
import { findInvoiceRefunds } from '../repositories/refund-repository.ts';
import type { PaymentsContext } from './context.ts';

/** Who is asking: staff and administrators see every invoice; a customer only those of their own appointments. */
export type InvoiceCaller = { role: Role; customerId: number | null };

export const invoiceNotFound = () => notFound('We could not find that invoice.');

const isStaff = (caller: InvoiceCaller) => caller.role === 'staff' || caller.role === 'admin';

/**
 * The invoice and its appointment if the caller may see them. A customer sees a sent (or later) invoice of an
 * appointment booking linked to their account; anyone else's, a draft or a missing one is the same 404, so ids reveal
 * nothing.
 */
export async function invoiceForCaller(db: Db, id: number, caller: InvoiceCaller): Promise<{ invoice: InvoiceRow; appointment: AppointmentRow }> {
  const invoice = await findInvoice(db, id);
  const appointment = invoice && (await findAppointment(db, invoice.appointment_id));
  if (!invoice || !appointment) throw invoiceNotFound();
  if (isStaff(caller)) return { invoice, appointment };
  if (invoice.status === 'draft' || caller.customerId === null || appointment.customer_id !== caller.customerId) throw invoiceNotFound();
  return { invoice, appointment };
}

/** Everything the invoice page shows: lines, totals, payments and refunds. */
export async function invoiceDetail(ctx: PaymentsContext, invoice: InvoiceRow, appointment: AppointmentRow): Promise<Invoice> {
  const [lines, payments, refunds] = await Promise.all([findInvoiceLines(ctx.db, invoice.id), findInvoicePayments(ctx.db, invoice.id), findInvoiceRefunds(ctx.db, invoice.id)]);
  return toInvoice({ invoice, appointment, lines, payments, refunds, today: businessDate(ctx.now()), partialPayments: ctx.invoices.partialPayments });
}

export async function getInvoice(ctx: PaymentsContext, id: number, caller: InvoiceCaller): Promise<Invoice> {
  const { invoice, appointment } = await invoiceForCaller(ctx.db, id, caller);
  return invoiceDetail(ctx, invoice, appointment);
}
