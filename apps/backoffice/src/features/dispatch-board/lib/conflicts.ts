import { closureDay, formatSlot, weekday, type ArrivalWindow, type BoardClosure, type StaffAppointment, type StaffTechnician } from '@repo/contracts';

/** A lane of the board: a technician's, or Unassigned (no technician). */
export type Lane = { id: string | null; name: string; technician: StaffTechnician | null };

export const unassignedLane: Lane = { id: null, name: 'Unassigned', technician: null };

/** A window as people read it, as the public booking wizard writes it: "9:00 AM - 10:00 AM". */
export const windowLabel = formatSlot;

/** Statuses that still take a technician's time in their window. */
const takesTime = new Set<StaffAppointment['status']>(['scheduled', 'confirmed', 'in-progress']);

/** A card the board can move at all: booking refuses a new technician for a cancelled or completed visit. */
export const movable = (appointment: StaffAppointment) => appointment.status !== 'cancelled' && appointment.status !== 'completed';

/** A card that may change window: booking moves only a scheduled or confirmed visit. */
const reschedulable = (appointment: StaffAppointment) => appointment.status === 'scheduled' || appointment.status === 'confirmed';

const stem = (word: string) => word.toLowerCase().replace(/[^a-z]/g, '').replace(/s$/, '');

/**
 * Whether a specialty as a technician wrote it covers an appliance or brand: "Washers" covers Washer, "Refrigeration"
 * Refrigerator, "Sub-Zero" Sub-Zero (letter case, punctuation and a plural aside).
 */
export function covers(specialty: string, subject: string): boolean {
  const a = stem(specialty);
  const b = stem(subject);
  if (a.length === 0 || b.length === 0) return false;
  return a === b || a.startsWith(b) || b.startsWith(a) || (a.length >= 8 && b.length >= 8 && a.slice(0, 8) === b.slice(0, 8));
}

const weekdayNames = ['Sundays', 'Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays'] as const;

/**
 * Whether the technician works when the visit would be: not on a day off, on a weekday they work, and the whole window
 * within that weekday's hours. Undefined when it fits; otherwise what the office should hear.
 */
export function scheduleWarning(technician: StaffTechnician, date: string, timeSlot: string): string | undefined {
  if (technician.daysOff.includes(date)) return `${technician.name} is off on ${closureDay(date)}.`;
  const day = weekday(date);
  const hours = technician.workingHours.find((working) => working.weekday === day);
  if (!hours) return `${technician.name} does not work on ${weekdayNames[day]}.`;
  const start = timeSlot.slice(0, 5);
  const end = timeSlot.slice(6, 11);
  if (start < hours.start || end > hours.end) {
    return `Outside working hours: ${technician.name} works ${windowLabel(`${hours.start}-${hours.end}`)} on ${weekdayNames[day]}, and the ${windowLabel(timeSlot)} window is not within them.`;
  }
  return undefined;
}

type MoveCheck = { appointment: StaffAppointment; lane: Lane; window: ArrivalWindow; appointments: readonly StaffAppointment[]; closure?: BoardClosure | null };

/**
 * What the office should know before a card lands in a lane and window: the technician is deactivated, off that day or
 * outside their working hours, already has a visit in that window (double-booked), or lists no specialty for the appliance or brand; the window is full, or the
 * visit may not change window. Booking refuses what breaks a rule; the rest is the dispatcher's call.
 */
export function moveWarnings({ appointment, lane, window, appointments, closure }: MoveCheck): string[] {
  const warnings: string[] = [];
  const changesWindow = window.timeSlot !== appointment.timeSlot;
  if (changesWindow && !reschedulable(appointment)) warnings.push('Only a scheduled or confirmed visit can move to another window.');
  if (changesWindow && closure) {
    if (closure.openSlots === null) warnings.push(`The business is closed on ${closureDay(appointment.appointmentDate)}${closure.reason ? ` (${closure.reason})` : ''}: no visit can be moved into this day.`);
    else if (!closure.openSlots.includes(window.timeSlot)) warnings.push(`The ${windowLabel(window.timeSlot)} window is outside the day's reduced hours.`);
  }
  if (changesWindow && window.booked >= window.capacity) {
    warnings.push(`The ${windowLabel(window.timeSlot)} window is full (${window.booked} of ${window.capacity} booked).`);
  }
  const technician = lane.technician;
  if (!technician) return warnings;
  if (!technician.active) warnings.push(`${technician.name} is deactivated and gets no new jobs.`);
  const offSchedule = scheduleWarning(technician, appointment.appointmentDate, window.timeSlot);
  if (offSchedule) warnings.push(offSchedule);
  const clash = appointments.find(
    (other) => other.id !== appointment.id && other.technicianId === technician.id && other.timeSlot === window.timeSlot && takesTime.has(other.status),
  );
  if (clash) warnings.push(`Double-booked: ${technician.name} already has ${clash.customerName}'s visit at ${windowLabel(window.timeSlot)}.`);
  const fits = technician.specialties.some((specialty) => covers(specialty, appointment.appliance) || covers(specialty, appointment.brand));
  if (!fits) {
    warnings.push(
      technician.specialties.length === 0
        ? `${technician.name} lists no specialties, so no ${appointment.brand} or ${appointment.appliance} work.`
        : `${technician.name} lists no ${appointment.brand} or ${appointment.appliance} specialty (${technician.specialties.join(', ')}).`,
    );
  }
  return warnings;
}

/** The board's lanes: Unassigned, every active technician, and a deactivated one who still has a card that day. */
export function boardLanes(technicians: readonly StaffTechnician[], appointments: readonly StaffAppointment[]): Lane[] {
  const onBoard = new Set(appointments.map((appointment) => appointment.technicianId));
  const shown = technicians.filter((technician) => technician.active || onBoard.has(technician.id));
  return [unassignedLane, ...shown.map((technician) => ({ id: technician.id, name: technician.active ? technician.name : `${technician.name} (deactivated)`, technician }))];
}

/** A drop target's id: its lane and window. */
export const cellId = (laneId: string | null, timeSlot: string) => `${laneId ?? ''}|${timeSlot}`;
export function parseCellId(id: string): { laneId: string | null; timeSlot: string } {
  const at = id.lastIndexOf('|');
  const laneId = id.slice(0, at);
  return { laneId: laneId === '' ? null : laneId, timeSlot: id.slice(at + 1) };
}
