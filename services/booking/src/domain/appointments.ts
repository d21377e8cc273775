import { createHash, randomInt } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { slotTakenMessage, type AppointmentRequestParsed, type CreateAppointmentResponse } from '@repo/contracts';
import { badRequest, conflict } from '@repo/service-kit';
import { isUniqueViolation } from '@repo/service-kit/db';
import type { BookingDatabase } from '../db/schema.ts';
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

/** Takes one place in a slot, atomically: no row comes back when the slot is already full. */
async function takePlace(trx: Transaction<BookingDatabase>, date: string, slot: string, capacity: number): Promise<boolean> {
  const result = await sql<{ booked: number }>`
    insert into slot_bookings (appointment_date, time_slot, booked) values (${date}, ${slot}, 1)
    on conflict (appointment_date, time_slot)
    do update set booked = slot_bookings.booked + 1 where slot_bookings.booked < ${capacity}
    returning booked`.execute(trx);
  return result.rows.length === 1;
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

async function storedResult(db: Db, key: string, hash: string): Promise<CreateAppointmentResult | undefined> {
  const stored = await db.selectFrom('idempotency_keys').selectAll().where('key', '=', key).executeTakeFirst();
  if (!stored) return undefined;
  if (stored.request_hash !== hash) throw conflict('This Idempotency-Key was already used for a different booking. Send a new key for a new booking.');
  return { statusCode: stored.status_code, body: stored.response as CreateAppointmentResponse };
}

/**
 * Books an appointment. The slot's room is checked at commit time by the atomic counter in `takePlace`, so when many
 * visitors take the last place at once exactly as many succeed as there is room. With an Idempotency-Key a retried
 * request gets the first answer back instead of a second appointment.
 */
export async function createAppointment(db: Kysely<BookingDatabase>, input: CreateAppointmentInput): Promise<CreateAppointmentResult> {
  const { request, rules, now } = input;
  const hash = requestHash(request, input.customerId);
  if (input.idempotencyKey) {
    const previous = await storedResult(db, input.idempotencyKey, hash);
    if (previous) return previous;
  }

  const dateCheck = checkBookableDate(request.appointmentDate, now);
  if (!dateCheck.bookable) throw badRequest(dateCheck.reason, { appointmentDate: dateCheck.reason });
  if (!daySlots(rules).includes(request.timeSlot)) {
    const message = 'That time slot is not offered. Please choose one of the listed times.';
    throw badRequest(message, { timeSlot: message });
  }
  if (!slotStartsInTime(request.appointmentDate, request.timeSlot, now, rules)) throw conflict(slotTakenMessage, { timeSlot: slotTakenMessage });

  try {
    return await db.transaction().execute(async (trx) => {
      if (!(await takePlace(trx, request.appointmentDate, request.timeSlot, rules.BOOKING_SLOT_CAPACITY))) {
        throw conflict(slotTakenMessage, { timeSlot: slotTakenMessage });
      }
      const row = await insertAppointment(trx, input);
      const result: CreateAppointmentResult = {
        statusCode: 201,
        body: { status: 'scheduled', confirmationCode: row.confirmation_code, appointment: toAppointment(row) },
      };
      if (input.idempotencyKey) {
        await trx
          .insertInto('idempotency_keys')
          .values({ key: input.idempotencyKey, request_hash: hash, status_code: result.statusCode, response: JSON.stringify(result.body) })
          .execute();
      }
      return result;
    });
  } catch (err) {
    // A concurrent retry with the same key committed first: answer what it answered.
    if (input.idempotencyKey && isUniqueViolation(err)) {
      const previous = await storedResult(db, input.idempotencyKey, hash);
      if (previous) return previous;
    }
    throw err;
  }
}

/** Inserts the appointment; a (very unlikely) repeated confirmation code is skipped without aborting the transaction. */
async function insertAppointment(trx: Transaction<BookingDatabase>, input: CreateAppointmentInput) {
  const { request } = input;
  for (;;) {
    const row = await trx
      .insertInto('appointments')
      .values({
        customer_id: input.customerId,
        service_request_id: null,
        customer_name: request.customerName,
        email: request.email,
        phone: request.phone,
        address: request.address,
        city: request.city,
        state: request.state,
        zip_code: request.zipCode,
        appointment_date: request.appointmentDate,
        time_slot: request.timeSlot,
        service_type: request.serviceType,
        appliance: request.appliance,
        brand: request.brand,
        description: request.description || null,
        technician_id: null,
        technician_notes: null,
        total_cost: null,
        confirmation_code: confirmationCode(),
      })
      .onConflict((oc) => oc.column('confirmation_code').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (row) return row;
  }
}
