import { addDays, businessDate, businessInstant, type AppointmentChange, type AppointmentStatus, type MessageKind } from '@repo/contracts';

export type ReminderKind = Extract<MessageKind, 'reminder-day-before' | 'reminder-hours-before'>;
export const reminderKinds: readonly ReminderKind[] = ['reminder-day-before', 'reminder-hours-before'];
export const isReminderKind = (kind: MessageKind): kind is ReminderKind => (reminderKinds as readonly MessageKind[]).includes(kind);

/** When reminders go out (NOTIFICATIONS_REMINDER_DAY_BEFORE_HOUR and NOTIFICATIONS_REMINDER_HOURS_BEFORE). */
export type ReminderSettings = { dayBeforeHour: number; hoursBefore: number };

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * When each reminder of a visit starting at `startsAt` falls due:
 * - the day before: `dayBeforeHour`:00 on the business (America/New_York) calendar day before the visit's day, on that
 *   day's own offset (18:00 EST is 23:00Z, 18:00 EDT 22:00Z; the day before 8 March 2026 is still EST);
 * - hours before: `hoursBefore` elapsed hours before the arrival window starts (an instant minus hours, so a DST switch
 *   in between does not shift it; with business hours from 08:00 no window is within hours of the 02:00 switch anyway).
 */
export function reminderDueTimes(startsAt: Date, settings: ReminderSettings): Record<ReminderKind, Date> {
  return {
    'reminder-day-before': businessInstant(addDays(businessDate(startsAt), -1), `${pad(settings.dayBeforeHour)}:00`),
    'reminder-hours-before': new Date(startsAt.getTime() - settings.hoursBefore * 3_600_000),
  };
}

/** The statuses of a visit still ahead: anything else (cancelled, in progress, completed) withdraws its reminders. */
const awaitedStatuses: readonly AppointmentStatus[] = ['scheduled', 'confirmed'];

/** Whether an appointment in this state (after this change) should have reminders. */
export const wantsReminders = (status: AppointmentStatus, change: AppointmentChange) =>
  awaitedStatuses.includes(status) && change !== 'cancelled' && change !== 'completed';

/**
 * Whether a reminder is scheduled when an event is applied at `now`. It is when its moment is still ahead. One whose
 * moment has passed is not (booked at 20:00 the evening before: no day-before reminder; booked an hour before the
 * window: no hours-before one; `dueAt` equal to `now` counts as passed), with one exception: when it replaces a
 * reminder of an earlier version that is still owed for the same moment (the appointment changed without moving, say a
 * technician was assigned, and that event reached us after the moment, the service having been down): that reminder
 * fell due unsent, so its replacement is scheduled at once, and the send-time check below decides.
 */
export const shouldSchedule = (dueAt: Date, now: Date, owedAt: Date | undefined) =>
  dueAt.getTime() > now.getTime() || owedAt?.getTime() === dueAt.getTime();

/** The word a reminder uses for the visit's day, seen from the day it is due: "today", "tomorrow", or none. */
export function dayWord(dueAt: Date, startsAt: Date): 'today' | 'tomorrow' | undefined {
  const visitDay = businessDate(startsAt);
  const dueDay = businessDate(dueAt);
  if (dueDay === visitDay) return 'today';
  if (addDays(dueDay, 1) === visitDay) return 'tomorrow';
  return undefined;
}

/** The newest version notifications recorded of an appointment (table `appointments`). */
export type RecordedAppointment = { version: number; status: AppointmentStatus | null; startsAt: Date | null };

export type ReminderVerdict = 'send' | 'withdraw';

/**
 * The check a scheduled reminder passes when its job runs, possibly late (the service was down when it fell due):
 * - its appointment version must still be the newest recorded (else the appointment changed and it was replaced or
 *   withdrawn: drop it);
 * - the visit must still be awaited (not cancelled, in progress or completed) and not have started (`now` before the
 *   window's start): a reminder is never sent for a visit that is past, cancelled or under way;
 * - it must go out on the business day it fell due, so its "today" or "tomorrow" stays true: a day-before reminder
 *   held up past midnight is withdrawn (the hours-before one covers the day of the visit); an hours-before reminder
 *   held up goes out later that day, until the window starts.
 */
export function reminderVerdict(reminder: { version: number; dueAt: Date }, appointment: RecordedAppointment | undefined, now: Date): ReminderVerdict {
  if (!appointment || appointment.version !== reminder.version) return 'withdraw';
  if (!appointment.status || !awaitedStatuses.includes(appointment.status)) return 'withdraw';
  if (!appointment.startsAt || now.getTime() >= appointment.startsAt.getTime()) return 'withdraw';
  if (businessDate(now) !== businessDate(reminder.dueAt)) return 'withdraw';
  return 'send';
}
