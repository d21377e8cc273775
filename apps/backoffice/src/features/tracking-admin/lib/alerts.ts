import { failedMessagesWindowDays, type NotificationsSummary, type StaffAppointment, type Technician, type TrackingRecord } from '@repo/contracts';
import type { ServiceHealth } from '../api/deliveries.ts';
import { formatBusinessTimeWithZone, formatTimeWindow } from '../../../lib/format.ts';
import { notificationsPageHref } from '../../../lib/notifications.ts';

/** `link`: where the alert is dealt with (the delivery log, filtered to what the alert counts). */
export type OverviewAlert = { id: string; severity: 'warning' | 'danger'; message: string; link?: { href: string; label: string } };

/** How soon an appointment without a technician is worth an alert. */
export const unassignedWarningMs = 2 * 60 * 60 * 1000;
/** A delivery still pending after this long means a peer has been unreachable for a while. */
export const stalePendingSeconds = 5 * 60;

const open = (appointment: StaffAppointment) => appointment.status === 'scheduled' || appointment.status === 'confirmed' || appointment.status === 'in-progress';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * What needs a dispatcher's attention today: a technician offline with open jobs today, an appointment starting within
 * two hours (or already started) with no technician, a visit whose arrival window has passed with its technician not
 * there yet (tracking's open records, `tracking`, when tracking answered: dispatched or en route after the window's
 * end), a service not answering, cross-service deliveries failing or pending for long, messages to customers that
 * failed and texts the carrier could not deliver in the last seven days (`failedMessages`, when notifications answered).
 */
export function overviewAlerts({
  technicians,
  appointments,
  health,
  failedMessages,
  tracking = [],
  now,
}: {
  technicians: readonly Technician[];
  appointments: readonly StaffAppointment[];
  health: readonly ServiceHealth[];
  failedMessages?: NotificationsSummary;
  tracking?: readonly TrackingRecord[];
  now: Date;
}): OverviewAlert[] {
  const alerts: OverviewAlert[] = [];
  for (const technician of technicians) {
    if (technician.status !== 'offline') continue;
    const jobs = appointments.filter((appointment) => appointment.technicianId === technician.id && open(appointment)).length;
    if (jobs > 0) {
      alerts.push({ id: `offline-${technician.id}`, severity: 'danger', message: `${technician.name} is offline but has ${plural(jobs, 'job', 'jobs')} today.` });
    }
  }
  for (const appointment of appointments) {
    if (appointment.technicianId || !open(appointment) || appointment.status === 'in-progress') continue;
    const startsIn = new Date(appointment.scheduledTime).getTime() - now.getTime();
    if (startsIn > unassignedWarningMs) continue;
    const when = formatBusinessTimeWithZone(appointment.scheduledTime);
    alerts.push({
      id: `unassigned-${appointment.id}`,
      severity: startsIn <= 0 ? 'danger' : 'warning',
      message:
        startsIn <= 0
          ? `${appointment.customerName}'s appointment started at ${when} and has no technician.`
          : `${appointment.customerName}'s appointment at ${when} has no technician and starts within two hours.`,
    });
  }
  for (const record of tracking) {
    if (record.closed || (record.status !== 'dispatched' && record.status !== 'en-route')) continue;
    if (new Date(record.scheduledEnd).getTime() > now.getTime()) continue;
    const who = appointments.find((appointment) => String(appointment.id) === record.appointmentId)?.customerName;
    const technician = technicians.find((one) => one.id === record.technicianId)?.name ?? 'the technician';
    alerts.push({
      id: `window-passed-${record.appointmentId}`,
      severity: 'danger',
      message: `${who ? `${who}'s` : `Appointment #${record.appointmentId}'s`} arrival window (${formatTimeWindow(record.scheduledStart, record.scheduledEnd)}) has passed and ${technician} has not arrived (${record.status === 'en-route' ? 'on the way' : 'not yet set off'}).`,
    });
  }
  for (const { service, state, deliveries } of health) {
    if (state === 'down') alerts.push({ id: `down-${service}`, severity: 'danger', message: `The ${service} service is not answering.` });
    if (!deliveries) continue;
    if (deliveries.failed > 0) {
      alerts.push({
        id: `failed-${service}`,
        severity: 'danger',
        message: `${plural(deliveries.failed, 'message', 'messages')} from ${service} to other services could not be delivered.`,
      });
    }
    if (deliveries.oldestPendingSeconds !== null && deliveries.oldestPendingSeconds >= stalePendingSeconds) {
      alerts.push({
        id: `pending-${service}`,
        severity: 'warning',
        message: `${plural(deliveries.pending, 'message', 'messages')} from ${service} waiting to be delivered, the oldest for ${Math.floor(deliveries.oldestPendingSeconds / 60)} minutes.`,
      });
    }
  }
  if (failedMessages && failedMessages.failed > 0) {
    alerts.push({
      id: 'failed-customer-messages',
      severity: 'danger',
      message: `${plural(failedMessages.failed, 'message', 'messages')} to customers could not be sent in the last ${failedMessagesWindowDays} days.`,
      link: { href: notificationsPageHref({ state: 'failed', from: failedMessages.from }), label: 'See the failed messages' },
    });
  }
  if (failedMessages && failedMessages.undelivered > 0) {
    alerts.push({
      id: 'undelivered-customer-texts',
      severity: 'warning',
      message: `${plural(failedMessages.undelivered, 'text', 'texts')} did not reach the customer’s phone in the last ${failedMessagesWindowDays} days (the carrier reported ${failedMessages.undelivered === 1 ? 'it' : 'them'} undelivered).`,
      link: { href: notificationsPageHref({ state: 'undelivered', from: failedMessages.from }), label: 'See the undelivered texts' },
    });
  }
  return alerts;
}
