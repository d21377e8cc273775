import { createHash } from 'node:crypto';
import { callerBookingMessages, intakeOf, slotTakenMessage, smsConsentWording, type AppointmentRequestParsed, type CreateAppointmentResponse } from '@repo/contracts';
import { conflict } from '@repo/service-kit';
import { uniqueViolationConstraint } from '@repo/service-kit/db';
import type { AppointmentRow } from '../db/schema.ts';
import { linkExpiry } from '../domain/appointment-links.ts';
import { closureProblem, customerClosureWords, slotProblem } from '../domain/availability.ts';
import { confirmationCode } from '../domain/confirmation-code.ts';
import { announceChange, historyActors } from '../domain/dispatch.ts';
import { bookIfRoom, findByIdempotencyKey, type NewBooking } from '../repositories/appointment-repository.ts';
import { findClosure } from '../repositories/closure-repository.ts';
import { toAppointment } from '../repositories/mappers.ts';
import type { BookingContext } from './context.ts';
import { attachPhotoDrafts } from './photo-drafts.ts';

/**
 * The office booking for a caller: who (their email, for the history), and, when they chose to, why the window may go
 * over its capacity. Without a reason a full window is refused as it is for a customer.
 */
export type OfficeBooking = { actor: string; overCapacityReason: string | null };

export type BookAppointmentInput = {
  request: AppointmentRequestParsed;
  customerId: number | null;
  idempotencyKey?: string;
  office?: OfficeBooking;
};

/** Room enough for any booking: the office's explicit over-capacity booking takes a place however many are taken. */
const noCapacityLimit = 2_147_483_647;

const requestHash = (request: AppointmentRequestParsed, customerId: number | null, office: OfficeBooking | undefined) =>
  createHash('sha256').update(JSON.stringify(office ? { request, customerId, office } : { request, customerId })).digest('hex');

/** The answer to a booking with the appointment's manage link (on a replay too: a freshly signed link to the same appointment). */
const created = (ctx: BookingContext, row: AppointmentRow): CreateAppointmentResponse => ({
  status: 'scheduled',
  confirmationCode: row.confirmation_code,
  appointment: toAppointment(row),
  manageToken: ctx.links.issue(row.id, 'manage', linkExpiry(row.appointment_date, row.time_slot), ctx.now()),
});

/** The first answer to a request sent with this Idempotency-Key, if there was one. */
async function storedResult(ctx: BookingContext, key: string, hash: string): Promise<CreateAppointmentResponse | undefined> {
  const stored = await findByIdempotencyKey(ctx.db, key);
  if (!stored) return undefined;
  if (stored.requestHash !== hash) throw conflict('This Idempotency-Key was already used for a different booking. Send a new key for a new booking.');
  return created(ctx, stored.row);
}

/**
 * Books an appointment: the `book_appointment` statement (a place in the slot, taken under the slot's row lock, so
 * the slot is never overbooked) and the `appointment.changed` event in one transaction. The office, booking for a
 * caller, goes by the same rules (a closure refused in the same words, read out to the caller); with a reason it may book a full window over its
 * capacity, and the history says so (who, and why); a window with room is booked normally whatever was ticked. With an Idempotency-Key a retried request gets the first
 * answer back instead of a second appointment (also when the retry races the original, or the slot has filled or the
 * date passed or closed since); the stored answer is only looked up when the booking itself did not go through. A day
 * the office has closed, or a window its reduced hours leave out, is refused (409) in the customer's words. Photos added
 * in the wizard (drafts with their tokens) become the appointment's in the same transaction (`attachPhotoDrafts`).
 */
export async function bookAppointment(ctx: BookingContext, input: BookAppointmentInput): Promise<CreateAppointmentResponse> {
  const { request } = input;
  const { office } = input;
  const hash = requestHash(request, input.customerId, office);
  const { modelNumber, serialNumber, warranty, homeWarrantyCompany, photos, ...visit } = request;
  const booking: Omit<NewBooking, 'confirmationCode'> = {
    ...visit,
    intake: intakeOf({ modelNumber, serialNumber, warranty, homeWarrantyCompany }),
    capacity: ctx.rules.BOOKING_SLOT_CAPACITY,
    customerId: input.customerId,
    description: request.description || null,
    idempotencyKey: input.idempotencyKey ?? null,
    requestHash: hash,
    // The words the booking form shows beside its checkbox: the site is built from the same contracts as this service.
    smsConsentText: request.smsConsent ? smsConsentWording : null,
  };
  let problem =
    slotProblem(request.appointmentDate, request.timeSlot, ctx.now(), ctx.rules) ??
    closureProblem(await findClosure(ctx.db, request.appointmentDate), request.timeSlot, customerClosureWords);
  for (let attempt = 0; !problem; attempt += 1) {
    try {
      const row = await ctx.db.transaction().execute(async (trx) => {
        const code = confirmationCode();
        const booked = await bookIfRoom(trx, { ...booking, confirmationCode: code });
        if (booked) {
          if (photos) await attachPhotoDrafts(trx, ctx.scheduleCheck, booked.id, photos);
          await announceChange(ctx, trx, 'booked', undefined, booked, office ? { actor: office.actor, detail: callerBookingMessages.forCallerDetail } : { actor: historyActors.customer });
          return booked;
        }
        if (!office?.overCapacityReason) return undefined;
        const over = await bookIfRoom(trx, { ...booking, capacity: noCapacityLimit, confirmationCode: code });
        if (over) {
          if (photos) await attachPhotoDrafts(trx, ctx.scheduleCheck, over.id, photos);
          await announceChange(ctx, trx, 'booked', undefined, over, {
            actor: office.actor,
            detail: callerBookingMessages.overCapacityDetail,
            reason: office.overCapacityReason,
          });
        }
        return over;
      });
      if (row) {
        ctx.availability.invalidate(row.appointment_date);
        return created(ctx, row);
      }
      const full = office ? callerBookingMessages.full : slotTakenMessage;
      problem = conflict(full, { timeSlot: full });
    } catch (err) {
      const constraint = uniqueViolationConstraint(err);
      // A repeated random confirmation code (about one in a billion): the transaction undid itself; draw again.
      if (constraint === 'appointments_confirmation_code_key' && attempt < 3) continue;
      if (constraint !== 'idempotency_keys_pkey' || !input.idempotencyKey) throw err;
      problem = conflict('This booking request is already being processed.');
    }
  }
  if (input.idempotencyKey) {
    const previous = await storedResult(ctx, input.idempotencyKey, hash);
    if (previous) return previous;
  }
  throw problem;
}
