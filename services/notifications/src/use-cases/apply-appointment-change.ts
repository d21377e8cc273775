import { appointmentCalendar, calendarFileName, type CalendarAppointment } from '@repo/calendar';
import { appointmentManagePath, arrivalWindowText, businessClock, type AppointmentChanged } from '@repo/contracts';
import type { Trx } from '../db/schema.ts';
import { messageKey, messageKindFor } from '../domain/messages.ts';
import { recordNewerVersion } from '../repositories/appointment-repository.ts';
import { renderAppointmentEmail } from '../templates/appointment-email.tsx';
import type { NotificationsContext } from './context.ts';
import { queueEmail } from './queue-email.ts';

/** The calendar file booking's own download gives, from the event (the same builder, `@repo/calendar`). */
function calendarAppointment(event: AppointmentChanged): CalendarAppointment {
  const start = businessClock(new Date(event.startsAt));
  return {
    id: event.appointmentId,
    revision: event.revision,
    status: event.status,
    date: start.date,
    start: start.time,
    end: businessClock(new Date(event.endsAt)).time,
    serviceType: event.serviceType,
    appliance: event.appliance,
    brand: event.brand,
    description: event.description,
    confirmationCode: event.confirmationCode,
    address: event.address,
    city: event.city,
    state: event.state,
    zipCode: event.zipCode,
  };
}

/**
 * Applies booking's `appointment.changed` in the receiver's transaction: an event older than (or as old as) the newest
 * heard of the appointment changes nothing; a newer one that calls for a message stores it, rendered, with its send job,
 * both in this transaction. The message's key (appointment × kind × version) is unique, so the same event delivered
 * twice, under any message id, stores one message.
 */
export async function applyAppointmentChange(ctx: NotificationsContext, trx: Trx, event: AppointmentChanged): Promise<void> {
  const now = ctx.now();
  if (!(await recordNewerVersion(trx, event.appointmentId, event.version, now))) return;
  const kind = messageKindFor(event.change);
  if (!kind) return;

  const appointment = calendarAppointment(event);
  const email = await renderAppointmentEmail({
    kind,
    customerName: event.customerName,
    window: arrivalWindowText(new Date(event.startsAt), new Date(event.endsAt)),
    appliance: event.appliance,
    brand: event.brand,
    serviceType: event.serviceType,
    address: `${event.address}, ${event.city}, ${event.state} ${event.zipCode}`,
    confirmationCode: event.confirmationCode,
    appointmentUrl: `${ctx.portalOrigin}${appointmentManagePath(event.appointmentId, event.manageToken)}`,
  });
  await queueEmail(ctx, trx, {
    key: messageKey({ appointmentId: event.appointmentId, kind, version: event.version }),
    kind,
    recipient: event.email,
    ...email,
    appointment: { id: event.appointmentId, version: event.version },
    calendar: { content: appointmentCalendar(appointment, now), fileName: calendarFileName(appointment) },
  });
}
