import type { StaffAppointment, WaitingForParts } from '@repo/contracts';
import { formatCalendarDay } from './format.ts';

/** What is copied from the visit that waited, as the caller form names it. */
const copied = ['customerName', 'phone', 'email', 'address', 'city', 'state', 'zipCode', 'serviceType', 'appliance', 'brand'] as const;

/**
 * The return visit after a part arrived, booked from the record of the visit that waited for it: "Book the return
 * visit" opens the dispatch board's "Book for a caller" with the customer, the address and the appliance of that visit
 * filled in and the part to fit as the problem. Carried in the link's history state (react-router's `state`), so it
 * survives a reload of the board and nothing of the customer lands in an address. The office still picks the day and
 * the window with the customer, and asks again about texts: consent is given per visit, on the phone.
 */
export type ReturnVisit = Pick<StaffAppointment, (typeof copied)[number]> & { fromAppointmentId: number; description: string };

export function returnVisitFrom(appointment: StaffAppointment, waited: Pick<WaitingForParts, 'part' | 'partNumber'>): ReturnVisit {
  const part = waited.partNumber ? `${waited.part} (part number ${waited.partNumber})` : waited.part;
  const fields = Object.fromEntries(copied.map((key) => [key, appointment[key]])) as Pick<StaffAppointment, (typeof copied)[number]>;
  return {
    ...fields,
    fromAppointmentId: appointment.id,
    description: `Return visit to fit the ${part}, which the visit of ${formatCalendarDay(appointment.appointmentDate)} (confirmation ${appointment.confirmationCode}) waited for.`,
  };
}

/** The history state a link to the board carries for a return visit. */
export const returnVisitState = (visit: ReturnVisit) => ({ returnVisit: visit });

/** The return visit in a page's history state; null for any other state (another page's, or none). */
export function returnVisitIn(state: unknown): ReturnVisit | null {
  const visit = typeof state === 'object' && state !== null ? (state as { returnVisit?: unknown }).returnVisit : undefined;
  if (typeof visit !== 'object' || visit === null) return null;
  const fields = visit as Record<string, unknown>;
  if (typeof fields.fromAppointmentId !== 'number' || ![...copied, 'description'].every((key) => typeof fields[key] === 'string')) return null;
  return visit as ReturnVisit;
}
