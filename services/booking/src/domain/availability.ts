import { bookableDates, businessDate, businessInstant, closureMessage, closureMessages, formatSlot, slotTakenMessage, weekday } from '@repo/contracts';
import { badRequest, conflict, type DomainError } from '@repo/service-kit';
import type { BookingEnv } from '../env.ts';

export type SlotRules = Pick<BookingEnv, 'BOOKING_OPEN_TIME' | 'BOOKING_CLOSE_TIME' | 'BOOKING_SLOT_MINUTES' | 'BOOKING_SLOT_CAPACITY' | 'BOOKING_MIN_NOTICE_MINUTES'>;

const toMinutes = (time: string) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
};
const toTime = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Every slot label of a working day, e.g. '08:00-09:00'. */
export function daySlots(rules: SlotRules): string[] {
  const slots: string[] = [];
  const close = toMinutes(rules.BOOKING_CLOSE_TIME);
  for (let start = toMinutes(rules.BOOKING_OPEN_TIME); start + rules.BOOKING_SLOT_MINUTES <= close; start += rules.BOOKING_SLOT_MINUTES) {
    slots.push(`${toTime(start)}-${toTime(start + rules.BOOKING_SLOT_MINUTES)}`);
  }
  return slots;
}

export type DateCheck = { bookable: true } | { bookable: false; reason: string };

/** Whether `date` lies in the booking window as seen from `now` in the business time zone. */
export function checkBookableDate(date: string, now: Date): DateCheck {
  if (weekday(date) === 0) return { bookable: false, reason: 'We do not book appointments on Sundays. Please choose another day.' };
  const today = businessDate(now);
  if (date < today) return { bookable: false, reason: 'That date has passed. Please choose today or a later date.' };
  if (!bookableDates(today).includes(date)) {
    return { bookable: false, reason: 'Appointments can be booked up to 14 days ahead (Sundays excluded). Please choose an earlier date.' };
  }
  return { bookable: true };
}

/** A slot can still be booked if it starts after now plus the minimum notice. */
export function slotStartsInTime(date: string, slot: string, now: Date, rules: SlotRules): boolean {
  const start = businessInstant(date, slot.slice(0, 5));
  return start.getTime() >= now.getTime() + rules.BOOKING_MIN_NOTICE_MINUTES * 60_000;
}

/**
 * Why a new booking, or a move, cannot have this slot, as the error to answer; undefined when it can (room aside,
 * which only the slot counter decides): the date is in the window, the slot is one of the day's, and it starts in time.
 */
export function slotProblem(date: string, slot: string, now: Date, rules: SlotRules): DomainError | undefined {
  const dateCheck = checkBookableDate(date, now);
  if (!dateCheck.bookable) return badRequest(dateCheck.reason, { appointmentDate: dateCheck.reason });
  if (!daySlots(rules).includes(slot)) {
    const message = 'That time slot is not offered. Please choose one of the listed times.';
    return badRequest(message, { timeSlot: message });
  }
  if (!slotStartsInTime(date, slot, now, rules)) return conflict(slotTakenMessage, { timeSlot: slotTakenMessage });
  return undefined;
}

/** What availability needs of a day's closure: null open slots close the whole day. */
export type DayClosure = { date: string; reason: string | null; open_slots: string[] | null };

/** Whether a closure leaves `slot` open: never on a day closed all day, only its listed windows on a reduced-hours day. */
export const closureLeavesOpen = (closure: DayClosure | undefined, slot: string) =>
  !closure || (closure.open_slots !== null && closure.open_slots.includes(slot));

/**
 * Why a closure refuses `slot`, as a 409 in the words of whoever asked (the customer's or the dispatcher's); undefined
 * when the slot stays open.
 */
export function closureProblem(closure: DayClosure | undefined, slot: string, words: { closedDay: string; closedWindow: string }): DomainError | undefined {
  if (!closure || closureLeavesOpen(closure, slot)) return undefined;
  const message = closureMessage(closure.open_slots === null ? words.closedDay : words.closedWindow, closure, formatSlot(slot));
  return conflict(message, closure.open_slots === null ? { appointmentDate: message } : { timeSlot: message });
}

/** The customer's words for a closure's refusal (booking, and moving their own visit). */
export const customerClosureWords = { closedDay: closureMessages.customerClosedDay, closedWindow: closureMessages.customerClosedWindow };
/** The dispatcher's words for a closure's refusal (the office's moves). */
export const officeClosureWords = { closedDay: closureMessages.officeClosedDay, closedWindow: closureMessages.officeClosedWindow };
