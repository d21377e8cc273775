import { addDays, businessDate, invoiceSentTopic, type Invoice } from '@repo/contracts';
import { conflict } from '@repo/service-kit';
import { newInvoiceKey } from '../domain/invoice-links.ts';
import { balanceCents } from '../domain/invoice-state.ts';
import { findAppointment } from '../repositories/appointment-repository.ts';
import { findInvoiceForUpdate, updateInvoice } from '../repositories/invoice-repository.ts';
import type { PaymentsContext } from './context.ts';
import { getInvoice, invoiceNotFound } from './get-invoice.ts';

/**
 * Sends a draft: from now the customer sees it in the portal and can pay it, due INVOICE_DUE_DAYS business days on
 * (America/New_York). In the same transaction notifications is told (`invoice.sent`) to email the customer the
 * invoice's link, whose key only that message carries. Sending a sent invoice again changes nothing, its due date,
 * link and email included.
 */
export async function sendInvoice(ctx: PaymentsContext, id: number): Promise<Invoice> {
  await ctx.db.transaction().execute(async (trx) => {
    const invoice = await findInvoiceForUpdate(trx, id);
    const appointment = invoice && (await findAppointment(trx, invoice.appointment_id));
    if (!invoice || !appointment) throw invoiceNotFound();
    if (invoice.status === 'void') throw conflict('This invoice is void and cannot be sent.');
    if (invoice.status !== 'draft') return;
    if (invoice.total_cents <= 0) throw conflict('Add at least one line with an amount before sending the invoice.');
    const now = ctx.now();
    const dueDate = addDays(businessDate(now), ctx.invoices.dueDays);
    const { key, hash } = newInvoiceKey();
    await updateInvoice(trx, id, { status: 'sent', sent_at: now, due_date: dueDate, access_key_hash: hash, updated_at: now });
    await ctx.effects.enqueue(trx, invoiceSentTopic, {
      invoiceId: invoice.id,
      number: invoice.number,
      appointmentId: appointment.id,
      customerName: appointment.customer_name,
      email: appointment.email || null,
      totalCents: invoice.total_cents,
      balanceCents: balanceCents(invoice),
      dueDate,
      accessKey: key,
      visit: `${appointment.brand} ${appointment.appliance.toLowerCase()} (${appointment.service_type.toLowerCase()})`,
      sentAt: now.toISOString(),
    });
  });
  return getInvoice(ctx, id, { role: 'staff', customerId: null });
}
