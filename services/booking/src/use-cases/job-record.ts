import {
  addDays,
  businessDate,
  jobRecordLimits,
  jobRecordMessages,
  officeActionMessages,
  type JobRecordParsed,
  type JobRecordResponse,
  type WaitingForPartsParsed,
  type WarrantyClaimParsed,
  warrantyClaimMessages,
} from '@repo/contracts';
import { badRequest, conflict, notFound } from '@repo/service-kit';
import type { AppointmentRow, Trx } from '../db/schema.ts';
import { announceChange } from '../domain/dispatch.ts';
import { findAppointment, findAppointmentForUpdate } from '../repositories/appointment-repository.ts';
import { toJobRecordResponse } from '../repositories/mappers.ts';
import { findTechnician } from '../repositories/technician-repository.ts';
import type { BookingContext } from './context.ts';

/**
 * Who works on a job record: the office (staff, admin), or a technician, who reaches only a job assigned to them.
 * `actor` is who the record says saved it (an email, or the technician's id).
 */
export type JobRecordActor = { actor: string } & ({ staff: true } | { staff: false; technicianId: string | null });

/** Another technician's job answers as a missing appointment does (404), so a technician learns nothing of other jobs. */
export function reachable(row: AppointmentRow | undefined, who: JobRecordActor): row is AppointmentRow {
  return row !== undefined && (who.staff || (who.technicianId !== null && row.technician_id === who.technicianId));
}

export async function getJobRecord(ctx: BookingContext, id: number, who: JobRecordActor): Promise<JobRecordResponse> {
  const row = await findAppointment(ctx.db, id);
  if (!reachable(row, who)) throw notFound(officeActionMessages.notFound);
  return toJobRecordResponse(row);
}

/**
 * One change of the job record on the locked appointment. A cancelled visit has no work to record (409). Booking does
 * not hear tracking's "arrived", so offering the record only once the technician is on site is My jobs' rule; booking
 * keeps the record of any visit that was not cancelled.
 */
async function changeJob(
  ctx: BookingContext,
  id: number,
  who: JobRecordActor,
  change: (trx: Trx, current: AppointmentRow, by: string) => Promise<AppointmentRow>,
): Promise<JobRecordResponse> {
  const row = await ctx.db.transaction().execute(async (trx) => {
    const current = await findAppointmentForUpdate(trx, id);
    if (!reachable(current, who)) throw notFound(officeActionMessages.notFound);
    if (current.status === 'cancelled') throw conflict(jobRecordMessages.cancelled);
    // The office reads a technician's name where the record says who saved it (booking keeps tracking's names).
    const technician = who.staff || who.technicianId === null ? undefined : await findTechnician(trx, who.technicianId);
    return change(trx, current, technician?.name ?? who.actor);
  });
  return toJobRecordResponse(row);
}

/** The technician confirms or corrects the plate, writes the diagnosis and the parts needed; the office may too. */
export function saveJobRecord(ctx: BookingContext, id: number, who: JobRecordActor, record: JobRecordParsed) {
  return changeJob(ctx, id, who, (trx, _current, by) =>
    trx.updateTable('appointments').set({
      job_model_number: record.modelNumber || null,
      job_serial_number: record.serialNumber || null,
      diagnosis: record.diagnosis,
      parts_needed: record.partsNeeded || null,
      job_recorded_at: ctx.now(),
      job_recorded_by: by,
    }).where('id', '=', id).returningAll().executeTakeFirstOrThrow());
}

/**
 * For warranty work, what the manufacturer's claim asks for (saving again replaces it). The purchase date may not be
 * after today in business time.
 */
export function saveWarrantyClaim(ctx: BookingContext, id: number, who: JobRecordActor, claim: WarrantyClaimParsed) {
  if (claim.purchaseDate && claim.purchaseDate > businessDate(ctx.now())) {
    throw badRequest(warrantyClaimMessages.purchaseDateFuture, { purchaseDate: warrantyClaimMessages.purchaseDateFuture });
  }
  return changeJob(ctx, id, who, (trx, _current, by) =>
    trx.updateTable('appointments').set({
      warranty_failure_code: claim.failureCode,
      warranty_service_code: claim.serviceCode || null,
      warranty_part_number: claim.distributorPartNumber || null,
      warranty_part_invoice: claim.distributorInvoice || null,
      warranty_purchase_date: claim.purchaseDate || null,
      warranty_recorded_at: ctx.now(),
      warranty_recorded_by: by,
    }).where('id', '=', id).returningAll().executeTakeFirstOrThrow());
}

/**
 * The visit waits for a part (marked again, it replaces the part and day). The expected day is checked against today
 * in business time: not before it, and at most a year ahead.
 */
export function markWaitingForParts(ctx: BookingContext, id: number, who: JobRecordActor, waiting: WaitingForPartsParsed) {
  const today = businessDate(ctx.now());
  if (waiting.expectedOn < today) throw badRequest(jobRecordMessages.expectedOnPast, { expectedOn: jobRecordMessages.expectedOnPast });
  if (waiting.expectedOn > addDays(today, jobRecordLimits.expectedWithinDays)) throw badRequest(jobRecordMessages.expectedOnFar, { expectedOn: jobRecordMessages.expectedOnFar });
  return changeJob(ctx, id, who, (trx, _current, by) =>
    trx.updateTable('appointments').set({
      waiting_part: waiting.part,
      waiting_part_number: waiting.partNumber || null,
      waiting_part_expected_on: waiting.expectedOn,
      waiting_since: ctx.now(),
      waiting_marked_by: by,
    }).where('id', '=', id).returningAll().executeTakeFirstOrThrow());
}

/**
 * The office marks the part arrived: the waiting ends (the customer's page stops saying it), the appointment's history
 * and `appointment.changed` say so in the same transaction (notifications emails the customer that the part is in and
 * the office will call), and the office books the return visit with the board's "Book for caller". Not a reschedule of
 * this visit: the technician was there, so this visit happened and keeps its record; the return visit is a new
 * appointment on a day that suits the customer.
 */
export function markPartArrived(ctx: BookingContext, id: number, who: JobRecordActor) {
  return changeJob(ctx, id, who, async (trx, current, by) => {
    if (current.waiting_part === null) throw conflict(jobRecordMessages.notWaiting);
    const arrived = await trx.updateTable('appointments').set({
      waiting_part: null,
      waiting_part_number: null,
      waiting_part_expected_on: null,
      waiting_since: null,
      waiting_marked_by: null,
      part_arrived_at: ctx.now(),
    }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    await announceChange(ctx, trx, 'part-arrived', current, arrived, { actor: by, detail: current.waiting_part });
    return arrived;
  });
}
