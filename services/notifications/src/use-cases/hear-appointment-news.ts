import { arrivalWindowText, businessContact, paymentLinkPath, type AppointmentChanged } from '@repo/contracts';
import type { Trx } from '../db/schema.ts';
import { officeAlertKeys, visitMessageKey } from '../domain/visit-messages.ts';
import { keepAppointmentContact } from '../repositories/appointment-contact-repository.ts';
import { messageKey } from '../domain/messages.ts';
import { renderJobCompletedEmail, renderPartArrivedEmail } from '../templates/visit-emails.tsx';
import { alertOffice } from './alert-office.ts';
import type { NotificationsContext } from './context.ts';
import { optionalEmailLinks } from './message-preferences.ts';
import { queueEmail } from './queue-email.ts';

/**
 * The visit was completed by this change: by its technician (`completed`, from tracking) or by staff setting the status
 * (`status-changed`). Never another change of an appointment already completed (a past visit linked to a customer).
 */
const visitCompleted = (event: AppointmentChanged) => event.change === 'completed' || (event.change === 'status-changed' && event.status === 'completed');

/**
 * What a newer `appointment.changed` means beyond the confirmation, notices and reminders, in the transaction that
 * records it: notifications keeps the customer's contact and track link token (the technician's emails are written
 * from them); a visit completed by this change gets its thank-you email (once per visit); a part the visit waited for
 * that arrived gets its email (once per arrival: a visit may wait for a second part; by email only, since the texts a
 * customer agreed to do not name it); and the office hears of a new booking and a cancellation when it has an address.
 *
 * "Owed": booking's event carries no amount (a visit's total is not known online), so every completed visit's email
 * offers "Pay your bill" without an amount, with the confirmation code as the payment's reference; a customer who paid
 * on site has nothing more to do, as the email says.
 */
export async function hearAppointmentNews(ctx: NotificationsContext, trx: Trx, event: AppointmentChanged, now: Date): Promise<void> {
  await keepAppointmentContact(trx, event, now);
  const appointment = { id: event.appointmentId, version: event.version };
  if (visitCompleted(event)) {
    const { unsubscribe, listUnsubscribe } = await optionalEmailLinks(ctx, trx, event.email, 'after-visit');
    const email = await renderJobCompletedEmail({
      customerName: event.customerName,
      appliance: `${event.brand} ${event.appliance}`,
      confirmationCode: event.confirmationCode,
      payUrl: `${ctx.webOrigin}${paymentLinkPath(event.confirmationCode)}`,
      reviewUrl: businessContact.leaveReviewUrl,
      unsubscribe,
    });
    await queueEmail(ctx, trx, { key: visitMessageKey(event.appointmentId, 'job-completed'), kind: 'job-completed', recipient: event.email, ...email, appointment, listUnsubscribe });
  }
  if (event.change === 'part-arrived') {
    const email = await renderPartArrivedEmail({
      customerName: event.customerName,
      appliance: `${event.brand} ${event.appliance}`,
      confirmationCode: event.confirmationCode,
      phone: event.phone,
    });
    const key = messageKey({ appointmentId: event.appointmentId, kind: 'part-arrived', version: event.version });
    await queueEmail(ctx, trx, { key, kind: 'part-arrived', recipient: event.email, ...email, appointment });
  }
  if (event.change === 'booked' || event.change === 'cancelled') {
    const window = arrivalWindowText(new Date(event.startsAt), new Date(event.endsAt));
    const booked = event.change === 'booked';
    await alertOffice(ctx, trx, officeAlertKeys[event.change](event.appointmentId), {
      subject: `${booked ? 'New booking' : 'Cancelled'}: ${window}, ${event.customerName}`,
      heading: booked ? 'A customer booked a visit' : 'A visit was cancelled',
      details: [
        ['Arrival window', window],
        ['Customer', event.customerName],
        ['Phone', event.phone],
        ['Email', event.email],
        ['Address', `${event.address}, ${event.city}, ${event.state} ${event.zipCode}`],
        ['Appliance', `${event.brand} ${event.appliance} (${event.serviceType.toLowerCase()})`],
        ['Confirmation code', event.confirmationCode],
      ],
    }, appointment);
  }
}
