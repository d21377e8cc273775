import { businessDate, businessInstant, type Appointment } from '@repo/contracts';

const activeStatuses: ReadonlySet<string> = new Set(['scheduled', 'confirmed', 'in-progress']);
const calendarDate = /^\d{4}-\d{2}-\d{2}$/;
const clockTime = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The slot's start and end instants in the business time zone; a slot that does not read as HH:MM-HH:MM spans the day. */
function slotBounds({ appointmentDate, timeSlot }: Appointment): { start: Date; end: Date } | undefined {
  if (!calendarDate.test(appointmentDate)) return undefined;
  const [start = '', end = ''] = timeSlot.split('-');
  const readable = clockTime.test(start) && clockTime.test(end);
  return {
    start: businessInstant(appointmentDate, readable ? start : '00:00'),
    end: businessInstant(appointmentDate, readable ? end : '23:59'),
  };
}

/**
 * The customer's next active appointment (scheduled, confirmed or in progress) that is not over: its slot has not
 * ended, or, for one in progress or with a technician assigned, it is today's (a repair may run past its arrival
 * window, and a technician may be running late: the visit is only over once it is completed). Earliest first.
 */
export function nextActiveAppointment(appointments: readonly Appointment[], now: Date = new Date()): Appointment | undefined {
  const today = businessDate(now);
  let next: { appointment: Appointment; start: number } | undefined;
  for (const appointment of appointments) {
    if (!activeStatuses.has(appointment.status)) continue;
    const bounds = slotBounds(appointment);
    if (!bounds) continue;
    const lastsTheDay = appointment.status === 'in-progress' || appointment.technicianId !== null;
    const over = lastsTheDay ? appointment.appointmentDate < today : bounds.end.getTime() <= now.getTime();
    if (over) continue;
    if (!next || bounds.start.getTime() < next.start) next = { appointment, start: bounds.start.getTime() };
  }
  return next?.appointment;
}
