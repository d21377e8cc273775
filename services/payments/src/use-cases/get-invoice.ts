import { businessDate, invoiceLinkMessages, type Invoice, type Role } from '@repo/contracts';
import { notFound, unauthorized } from '@repo/service-kit';
import { invoiceKeyMatches, invoiceLinkExpired } from '../domain/invoice-links.ts';
import type { AppointmentRow, Db, InvoiceRow } from '../db/schema.ts';
import { findAppointment } from '../repositories/appointment-repository.ts';
import { findInvoice, findInvoiceLines } from '../repositories/invoice-repository.ts';
import { toInvoice } from '../repositories/mappers.ts';
import { findInvoicePayments } from '../repositories/payment-repository.ts';
import { findInvoiceRefunds } from '../repositories/refund-repository.ts';
import type { PaymentsContext } from './context.ts';

/**
 * Who is asking: staff and administrators see every invoice; a customer only those of their own appointments; the
 * holder of an invoice's emailed link (`accessKey`, with or without a session) that one invoice.
 */
export type InvoiceCaller = SessionCaller | { role: null; customerId: null; accessKey: string };
/** A caller with a session. */
export type SessionCaller = { role: Role; customerId: number | null };

export const invoiceNotFound = () => notFound('We could not find that invoice.');

const isStaff = (caller: InvoiceCaller) => caller.role === 'staff' || caller.role === 'admin';

/** Whether the caller holds the link of this invoice, and the link still works at `now` (a 401 once it has expired). */
function opensByLink(invoice: InvoiceRow, key: string, now: Date): boolean {
  if (invoice.status === 'draft' || invoice.sent_at === null || !invoiceKeyMatches(invoice.access_key_hash, key)) return false;
  if (invoiceLinkExpired(invoice.sent_at, now)) throw unauthorized(invoiceLinkMessages.expired);
  return true;
}

/**
 * The invoice and its appointment if the caller may see them. A customer sees a sent (or later) invoice of an
 * appointment booking linked to their account, and a link holder the sent invoice the link is for, until the link
 * expires; anyone else's, a wrong key, a draft or a missing one is the same 404, so ids reveal nothing.
 */
export async function invoiceForCaller(db: Db, id: number, caller: InvoiceCaller, now: Date): Promise<{ invoice: InvoiceRow; appointment: AppointmentRow }> {
  const invoice = await findInvoice(db, id);
  const appointment = invoice && (await findAppointment(db, invoice.appointment_id));
  if (!invoice || !appointment) throw invoiceNotFound();
  if (caller.role === null) {
    if (!opensByLink(invoice, caller.accessKey, now)) throw invoiceNotFound();
    return { invoice, appointment };
  }
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
  const { invoice, appointment } = await invoiceForCaller(ctx.db, id, caller, ctx.now());
  return invoiceDetail(ctx, invoice, appointment);
}
