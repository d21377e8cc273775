import { createHash, randomInt } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { slotTakenMessage, type AppointmentRequestParsed, type CreateAppointmentResponse } from '@repo/contracts';
import { badRequest, conflict, type DomainError } from '@repo/service-kit';
import { uniqueViolationConstraint } from '@repo/service-kit/db';
import type { AppointmentRow, BookingDatabase } from '../db/schema.ts';
import { checkBookableDate, daySlots, slotStartsInTime, type SlotRules } from './availability.ts';
import { toAppointment } from './mappers.ts';

type Db = Kysely<BookingDatabase> | Transaction<BookingDatabase>;

/** Booked count per slot of a date, for availability. */
export async function bookedCounts(db: Db, date: string): Promise<Map<string, number>> {
  const rows = await db.selectFrom('slot_bookings').select(['time_slot', 'booked']).where('appointment_date', '=', date).execute();
  return new Map(rows.map((row) => [row.time_slot, row.booked]));
}

export async function availableSlotsForDate(db: Db, date: string, now: Date, rules: SlotRules) {
  const check = checkBookableDate(date, now);
  if (!check.bookable) return { date, availableSlots: [], reason: check.reason };
  const booked = await bookedCounts(db, date);
  const availableSlots = daySlots(rules).filter(
    (slot) => slotStartsInTime(date, slot, now, rules) && (booked.get(slot) ?? 0) < rules.BOOKING_SLOT_CAPACITY,
  );
  return availableSlots.length
    ? { date, availableSlots }
    : { date, availableSlots, reason: 'No times are left on this day. Please choose another day.' };
}

export async function releasePlace(trx: Transaction<BookingDatabase>, date: string, slot: string): Promise<void> {
  await trx
    .updateTable('slot_bookings')
    .set((eb) => ({ booked: eb('booked', '-', 1) }))
    .where('appointment_date', '=', date)
    .where('time_slot', '=', slot)
    .where('booked', '>', 0)
    .execute();
}

const codeAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function confirmationCode(): string {
  let code = '';
  for (let i = 0; i < 6; i += 1) code += codeAlphabet[randomInt(codeAlphabet.length)];
  return `SA-${code}`;
}

export type CreateAppointmentInput = {
  request: AppointmentRequestParsed;
  customerId: number | null;
  idempotencyKey?: string;
  now: Date;
  rules: SlotRules;
};
export type CreateAppointmentResult = { statusCode: number; body: CreateAppointmentResponse };

const requestHash = (request: AppointmentRequestParsed, customerId: number | null) =>
  createHash('sha256').update(JSON.stringify({ request, customerId })).digest('hex');

const created = (row: AppointmentRow): CreateAppointmentResult => ({
  statusCode: 201,
  body: { status: 'scheduled', confirmationCode: row.confirmation_code, appointment: toAppointment(row) },
});

/** The first answer to a request sent with this Idempotency-Key, if there was one. */
async function storedResult(db: Db, key: string, hash: string): Promise<CreateAppointmentResult | undefined> {
  const stored = await db
    .selectFrom('idempotency_keys')
    .innerJoin('appointments', 'appointments.id', 'idempotency_keys.appointment_id')
    .selectAll('appointments')
    .select('idempotency_keys.request_hash')
    .where('idempotency_keys.key', '=', key)
    .executeTakeFirst();
  if (!stored) return undefined;
  if (stored.request_hash !== hash) throw conflict('This Idempotency-Key was already used for a different booking. Send a new key for a new booking.');
  const { request_hash: _hash, ...row } = stored;
  return created(row);
}

/**
 * One call of the `book_appointment` database function (see its migration): the slot counter only grows while it is
 * below capacity, checked under the row lock at commit time, so exactly as many concurrent bookings succeed as there
 * is room; a unique violation anywhere undoes the whole call. No row back means the slot was full.
 */
function bookInOneStatement(db: Db, input: CreateAppointmentInput, hash: string) {
  const { request } = input;
  return sql<AppointmentRow>`select * from book_appointment(${request.appointmentDate}::date, ${request.timeSlot}, ${input.rules.BOOKING_SLOT_CAPACITY}::integer,
    ${input.customerId}::integer, ${request.customerName}, ${request.email}, ${request.phone}, ${request.address}, ${request.city},
    ${request.state}, ${request.zipCode}, ${request.serviceType}, ${request.appliance}, ${request.brand}, ${request.description || null}::text,
    ${confirmationCode()}, ${input.idempotencyKey ?? null}::text, ${hash})`.execute(db);
}

function bookingProblem(request: AppointmentRequestParsed, now: Date, rules: SlotRules): DomainError | undefined {
  const dateCheck = checkBookableDate(request.appointmentDate, now);
  if (!dateCheck.bookable) return badRequest(dateCheck.reason, { appointmentDate: dateCheck.reason });
  if (!daySlots(rules).includes(request.timeSlot)) {
    const message = 'That time slot is not offered. Please choose one of the listed times.';
    return badRequest(message, { timeSlot: message });
  }
  if (!slotStartsInTime(request.appointmentDate, request.timeSlot, now, rules)) return conflict(slotTakenMessage, { timeSlot: slotTakenMessage });
  return undefined;
}

/**
 * Books an appointment: one statement on the happy path. With an Idempotency-Key a retried request gets the first
 * answer back instead of a second appointment (also when the retry races the original, or the slot has filled or the
 * date passed since); the stored answer is only looked up when the booking itself did not go through.
 */
export async function createAppointment(db: Kysely<BookingDatabase>, input: CreateAppointmentInput): Promise<CreateAppointmentResult> {
  const hash = requestHash(input.request, input.customerId);
  let problem = bookingProblem(input.request, input.now, input.rules);
  for (let attempt = 0; !problem; attempt += 1) {
    try {
      const { rows } = await bookInOneStatement(db, input, hash);
      if (rows[0]) return created(rows[0]);
      problem = conflict(slotTakenMessage, { timeSlot: slotTakenMessage });
    } catch (err) {
      const constraint = uniqueViolationConstraint(err);
      // A repeated random confirmation code (about one in a billion): the statement undid itself; draw again.
      if (constraint === 'appointments_confirmation_code_key' && attempt < 3) continue;
      if (constraint !== 'idempotency_keys_pkey' || !input.idempotencyKey) throw err;
      problem = conflict('This booking request is already being processed.');
    }
  }
  if (input.idempotencyKey) {
    const previous = await storedResult(db, input.idempotencyKey, hash);
    if (previous) return previous;
  }
  throw problem;
}
