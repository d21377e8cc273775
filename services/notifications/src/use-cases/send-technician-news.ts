import { appointmentTrackPath, arrivalWindowText, type TechnicianArrived, type TechnicianEnRoute, type TechnicianRunningLate } from '@repo/contracts';
import { unavailable } from '@repo/service-kit';
import type { Trx } from '../db/schema.ts';
import { clockTimeText, isStaleVisitNews, visitIsOff, visitMessageKey } from '../domain/visit-messages.ts';
import { findAppointmentContact, hasMessage, type AppointmentContact } from '../repositories/appointment-contact-repository.ts';
import { renderArrivedEmail, renderOnMyWayEmail, renderRunningLateEmail } from '../templates/visit-emails.tsx';
import type { NotificationsContext } from './context.ts';
import { optionalEmailLinks } from './message-preferences.ts';
import { queueEmail } from './queue-email.ts';
import { queueText } from './queue-text.ts';
import { smsTexts } from '../domain/texts.ts';

/**
 * The appointment's contact for tracking's news, or undefined when the news is not worth an email (too old, or the
 * visit is over or cancelled as booking last said). Tracking's event can arrive before booking's first
 * `appointment.changed` (separate queues): then there is no one to write to yet, and the handler refuses the delivery
 * with a 503, which tracking's outbox retries with backoff (1 s doubling to 5 minutes) until booking's event is here.
 */
async function contactFor(ctx: NotificationsContext, trx: Trx, appointmentId: number, at: Date): Promise<AppointmentContact | undefined> {
  if (isStaleVisitNews(at, ctx.now())) return undefined;
  const contact = await findAppointmentContact(trx, appointmentId);
  if (!contact) throw unavailable(`Appointment ${appointmentId} has not been heard from booking yet: its contact is not known, so the delivery is retried.`);
  return visitIsOff(contact.status) ? undefined : contact;
}

/** The appointment a message is about, at the version of booking's event its contact and link were kept from. */
const writtenFrom = (contact: AppointmentContact) => ({ id: contact.appointment_id, version: contact.version });

const trackUrl = (ctx: NotificationsContext, contact: AppointmentContact) => `${ctx.portalOrigin}${appointmentTrackPath(contact.appointment_id, contact.track_token)}`;

/**
 * Applies tracking's `appointment.technician-en-route`: "<First name> is on the way", with the ETA and the track-only
 * link, once per visit (key `appointment-<id>.on-my-way`), by email and (with the customer's consent) by text: a second en route of the same visit, by the same technician
 * or by another after a reassignment, sends nothing (the tracking page the link opens shows who is coming now). Not
 * sent once the technician's arrival was heard.
 */
export async function sendOnMyWay(ctx: NotificationsContext, trx: Trx, event: TechnicianEnRoute): Promise<void> {
  const contact = await contactFor(ctx, trx, event.appointmentId, new Date(event.at));
  if (!contact || (await hasMessage(trx, visitMessageKey(event.appointmentId, 'arrived')))) return;
  const { unsubscribe, listUnsubscribe } = await optionalEmailLinks(ctx, trx, contact.email, 'visit-updates');
  const email = await renderOnMyWayEmail({
    customerName: contact.customer_name,
    technician: { firstName: event.technicianFirstName, initials: event.technicianInitials },
    setOffAt: clockTimeText(new Date(event.at)),
    expectedAt: clockTimeText(new Date(event.estimatedArrival)),
    etaMinutes: event.estimatedArrivalSource === 'live' ? event.etaMinutes : null,
    confirmationCode: contact.confirmation_code,
    trackUrl: trackUrl(ctx, contact),
    unsubscribe,
  });
  await queueEmail(ctx, trx, { key: visitMessageKey(event.appointmentId, 'on-my-way'), kind: 'on-my-way', recipient: contact.email, ...email, appointment: writtenFrom(contact), listUnsubscribe });
  if (contact.sms_phone) {
    const body = smsTexts['on-my-way']({ firstName: event.technicianFirstName, expectedAt: clockTimeText(new Date(event.estimatedArrival)), url: trackUrl(ctx, contact) });
    await queueText(ctx, trx, { key: visitMessageKey(event.appointmentId, 'on-my-way'), kind: 'on-my-way', recipient: contact.sms_phone, body, appointment: writtenFrom(contact) });
  }
}

/**
 * Applies tracking's `appointment.technician-running-late`: "<First name> is running late", with the window that will be
 * missed, the new ETA (business time, the zone named) and the track-only link, once per visit (key
 * `appointment-<id>.running-late`), by email and (with the customer's consent) by text, as "on the way" is: a second
 * late trip of the same visit (rescheduled or reassigned, then late again) sends nothing, and news heard after the
 * arrival, over an hour old, or about a visit cancelled or completed sends nothing. The window is the one tracking
 * judged the estimate against, as its event carries it. Its text goes out even in quiet hours, as "on the way" does
 * (`ignoresQuietHours`): the customer is waiting for the technician now. Both belong to the `visit-updates` choices.
 */
export async function sendRunningLate(ctx: NotificationsContext, trx: Trx, event: TechnicianRunningLate): Promise<void> {
  const contact = await contactFor(ctx, trx, event.appointmentId, new Date(event.at));
  if (!contact || (await hasMessage(trx, visitMessageKey(event.appointmentId, 'arrived')))) return;
  const { unsubscribe, listUnsubscribe } = await optionalEmailLinks(ctx, trx, contact.email, 'visit-updates');
  const window = arrivalWindowText(new Date(event.windowStart), new Date(event.windowEnd));
  const expectedAt = clockTimeText(new Date(event.estimatedArrival));
  const email = await renderRunningLateEmail({
    customerName: contact.customer_name,
    technician: { firstName: event.technicianFirstName, initials: event.technicianInitials },
    window,
    expectedAt,
    etaMinutes: event.etaMinutes,
    estimatedAt: clockTimeText(new Date(event.at)),
    confirmationCode: contact.confirmation_code,
    trackUrl: trackUrl(ctx, contact),
    unsubscribe,
  });
  const key = visitMessageKey(event.appointmentId, 'running-late');
  await queueEmail(ctx, trx, { key, kind: 'running-late', recipient: contact.email, ...email, appointment: writtenFrom(contact), listUnsubscribe });
  if (contact.sms_phone) {
    const body = smsTexts['running-late']({ firstName: event.technicianFirstName, expectedAt, window, url: trackUrl(ctx, contact) });
    await queueText(ctx, trx, { key, kind: 'running-late', recipient: contact.sms_phone, body, appointment: writtenFrom(contact) });
  }
}

/** Applies tracking's `appointment.technician-arrived`: a short email with the track link, once per visit. */
export async function sendArrived(ctx: NotificationsContext, trx: Trx, event: TechnicianArrived): Promise<void> {
  const contact = await contactFor(ctx, trx, event.appointmentId, new Date(event.at));
  if (!contact) return;
  const { unsubscribe, listUnsubscribe } = await optionalEmailLinks(ctx, trx, contact.email, 'visit-updates');
  const email = await renderArrivedEmail({
    customerName: contact.customer_name,
    technician: { firstName: event.technicianFirstName, initials: event.technicianInitials },
    arrivedAt: clockTimeText(new Date(event.at)),
    confirmationCode: contact.confirmation_code,
    trackUrl: trackUrl(ctx, contact),
    unsubscribe,
  });
  await queueEmail(ctx, trx, { key: visitMessageKey(event.appointmentId, 'arrived'), kind: 'arrived', recipient: contact.email, ...email, appointment: writtenFrom(contact), listUnsubscribe });
  if (contact.sms_phone) {
    const body = smsTexts.arrived({ firstName: event.technicianFirstName, url: trackUrl(ctx, contact) });
    await queueText(ctx, trx, { key: visitMessageKey(event.appointmentId, 'arrived'), kind: 'arrived', recipient: contact.sms_phone, body, appointment: writtenFrom(contact) });
  }
}
