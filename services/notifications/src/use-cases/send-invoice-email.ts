import { formatCents, invoiceLinkPath, type InvoiceSent } from '@repo/contracts';
import type { Trx } from '../db/schema.ts';
import { dayText, invoiceEmailKey } from '../domain/visit-messages.ts';
import { renderInvoiceEmail } from '../templates/invoice-email.tsx';
import type { NotificationsContext } from './context.ts';
import { queueEmail } from './queue-email.ts';

/**
 * Applies payments' `invoice.sent`: the customer's email of the invoice (its number, the balance owed, the due date in
 * words and the portal link its key opens) to the address they booked with, once per invoice (key `invoice.<id>`, so
 * a redelivered event sends nothing more). A visit without an email gets none. Always sent, whatever the customer's
 * message preferences: it is about money owed. It is stored under its appointment, so the log lists it with the
 * visit's other messages; it names no version of the appointment, being written from payments' record of the invoice.
 */
export async function sendInvoiceEmail(ctx: NotificationsContext, trx: Trx, event: InvoiceSent): Promise<void> {
  const recipient = event.email?.trim();
  if (!recipient) return;
  const email = await renderInvoiceEmail({
    number: event.number,
    customerName: event.customerName,
    visit: event.visit,
    amount: formatCents(event.balanceCents),
    dueDate: dayText(event.dueDate),
    invoiceUrl: `${ctx.portalOrigin}${invoiceLinkPath(event.invoiceId, event.accessKey)}`,
  });
  await queueEmail(ctx, trx, { key: invoiceEmailKey(event.invoiceId), kind: 'invoice', recipient, ...email, appointment: { id: event.appointmentId, version: null } });
}
