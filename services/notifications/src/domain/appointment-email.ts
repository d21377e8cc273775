import { appointmentCalendar, calendarFileName, type CalendarAppointment } from '@repo/calendar';
import { appointmentManagePath, arrivalWindowText, businessClock, type AppointmentChanged } from '@repo/contracts';
import { renderAppointmentEmail, type AppointmentEmailProps } from '../templates/appointment-email.tsx';
import type { EmailToQueue } from '../use-cases/queue-email.ts';
import { messageKey } from './messages.ts';

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
 * An email about the appointment as the event describes it, rendered, keyed by appointment × kind × version, with the
 * appointment page's link and the calendar file attached: the confirmation, the notices and the reminders alike.
 */
export async function appointmentEmail(
  event: AppointmentChanged,
  kind: AppointmentEmailProps['kind'],
  options: { portalOrigin: string; now: Date; day?: AppointmentEmailProps['day']; optional?: { unsubscribe: AppointmentEmailProps['unsubscribe']; listUnsubscribe: string } },
): Promise<EmailToQueue> {
  const appointment = calendarAppointment(event);
  const email = await renderAppointmentEmail({
    kind,
    day: options.day,
    customerName: event.customerName,
    window: arrivalWindowText(new Date(event.startsAt), new Date(event.endsAt)),
    appliance: event.appliance,
    brand: event.brand,
    serviceType: event.serviceType,
    address: `${event.address}, ${event.city}, ${event.state} ${event.zipCode}`,
    confirmationCode: event.confirmationCode,
    appointmentUrl: `${options.portalOrigin}${appointmentManagePath(event.appointmentId, event.manageToken)}`,
    unsubscribe: options.optional?.unsubscribe,
  });
  return {
    key: messageKey({ appointmentId: event.appointmentId, kind, version: event.version }),
    kind,
    recipient: event.email,
    ...email,
    appointment: { id: event.appointmentId, version: event.version },
    calendar: { content: appointmentCalendar(appointment, options.now), fileName: calendarFileName(appointment) },
    listUnsubscribe: options.optional?.listUnsubscribe,
  };
}
