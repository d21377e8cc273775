import { businessDate, type Appointment } from '@repo/contracts';

/** Date, then the slot ("09:00-11:00" sorts by its start as text). */
const when = (appointment: Appointment) => `${appointment.appointmentDate} ${appointment.timeSlot}`;
const ascending = (a: Appointment, b: Appointment) => (when(a) < when(b) ? -1 : when(a) > when(b) ? 1 : 0);

/**
 * The Appointments list's order: what is still to come (today's visits and later ones) first, soonest first, so the
 * next visit is at the top; then past visits, newest first. Whatever their status: a cancelled visit keeps its date.
 * `today` is the business day (America/New_York), not the browser's.
 */
export function inHistoryOrder(appointments: readonly Appointment[], today: string = businessDate()): Appointment[] {
  const upcoming = appointments.filter((appointment) => appointment.appointmentDate >= today).sort(ascending);
  const past = appointments.filter((appointment) => appointment.appointmentDate < today).sort((a, b) => ascending(b, a));
  return [...upcoming, ...past];
}

/** The day of the newest completed visit in the list, if there is one. */
export function lastCompletedVisitDate(appointments: readonly Appointment[]): string | undefined {
  let last: string | undefined;
  for (const appointment of appointments) {
    if (appointment.status === 'completed' && (last === undefined || appointment.appointmentDate > last)) last = appointment.appointmentDate;
  }
  return last;
}
