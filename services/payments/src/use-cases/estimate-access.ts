import { estimateMessages, type Estimate, type EstimateDecision, type Role } from '@repo/contracts';
import { notFound } from '@repo/service-kit';
import type { AppointmentRow, Db, EstimateRow } from '../db/schema.ts';
import { findAppointment } from '../repositories/appointment-repository.ts';
import { findAppointmentEstimates, findEstimate, findEstimateLines } from '../repositories/estimate-repository.ts';
import { toEstimate } from '../repositories/mappers.ts';

/** Who is asking about a visit's estimates. */
export type EstimateCaller = { role: Role; customerId: number | null; technicianId: string | null };

export const isStaffCaller = (caller: EstimateCaller) => caller.role === 'staff' || caller.role === 'admin';

/**
 * The rule tracking applies to a job's steps, on payments' copy of the appointment: the technician booking assigned
 * (the session's technician id is the appointment's) works on it, as staff do.
 */
export const worksOn = (caller: EstimateCaller, appointment: Pick<AppointmentRow, 'technician_id'>) =>
  isStaffCaller(caller) || (caller.role === 'technician' && caller.technicianId !== null && caller.technicianId === appointment.technician_id);

/** The customer whose account booking linked to the appointment. */
export const ownsVisit = (caller: EstimateCaller, appointment: Pick<AppointmentRow, 'customer_id'>) =>
  caller.role === 'customer' && caller.customerId !== null && caller.customerId === appointment.customer_id;

export const recordedByOf = (caller: EstimateCaller): EstimateDecision['recordedBy'] => (caller.role === 'customer' ? 'customer' : caller.role === 'technician' ? 'technician' : 'staff');

/**
 * The appointment if the caller may see its estimates: staff, its technician, or its customer. Anyone else, and a
 * visit payments has not heard of, is the same 404.
 */
export async function visitForCaller(db: Db, appointmentId: number, caller: EstimateCaller, { builder = false } = {}): Promise<AppointmentRow> {
  const appointment = await findAppointment(db, appointmentId);
  if (!appointment || !(worksOn(caller, appointment) || (!builder && ownsVisit(caller, appointment)))) throw notFound(estimateMessages.appointmentNotFound);
  return appointment;
}

/**
 * The estimate and its visit if the caller may see it; a customer never sees a draft (it is not presented yet).
 * `builder`: only staff and the technician (building, presenting, invoicing).
 */
export async function estimateForCaller(db: Db, id: number, caller: EstimateCaller, options: { builder?: boolean } = {}): Promise<{ estimate: EstimateRow; appointment: AppointmentRow }> {
  const estimate = await findEstimate(db, id);
  const appointment = estimate && (await findAppointment(db, estimate.appointment_id));
  if (!estimate || !appointment) throw notFound(estimateMessages.notFound);
  const allowed = worksOn(caller, appointment) || (!options.builder && ownsVisit(caller, appointment) && estimate.status !== 'draft');
  if (!allowed) throw notFound(estimateMessages.notFound);
  return { estimate, appointment };
}

/**
 * A visit's estimates as the caller may see them, newest version first. For a customer the list is a filter: a visit
 * that is not theirs, or that payments has not heard of yet (it was booked a moment ago), has none to show, so the
 * portal asks without a refusal and the answer tells nothing about anyone else's visit. Staff and technicians are told
 * 404 (their job screen says billing has not heard of the assignment yet).
 */
export async function estimatesOfVisit(db: Db, appointmentId: number, caller: EstimateCaller): Promise<Estimate[]> {
  const appointment = caller.role === 'customer' ? await findAppointment(db, appointmentId) : await visitForCaller(db, appointmentId, caller);
  if (!appointment || !(worksOn(caller, appointment) || ownsVisit(caller, appointment))) return [];
  const rows = await findAppointmentEstimates(db, appointment.id);
  const visible = worksOn(caller, appointment) ? rows : rows.filter((row) => row.status !== 'draft');
  return Promise.all(visible.map(async (row) => toEstimate(row, appointment, await findEstimateLines(db, row.id))));
}

/** One estimate as the API answers it. */
export async function estimateDetail(db: Db, id: number, appointment: AppointmentRow): Promise<Estimate> {
  const row = (await findAppointmentEstimates(db, appointment.id)).find((candidate) => candidate.id === id);
  if (!row) throw notFound(estimateMessages.notFound);
  return toEstimate(row, appointment, await findEstimateLines(db, id));
}

/**
 * The estimates of one visit (`GET /api/payments/appointments/:id/estimates`), newest version first, for its appointment
 * page: staff and its technician see them all; its customer, signed in or through the visit's manage link (`opens`
 * throws the link's refusal), the presented ones. Anyone else is a 404; a visit payments has not heard of yet is a 404 to
 * a session and an empty list to its own link (the page asks as soon as the visit is booked).
 */
export async function estimatesOfPage(
  db: Db,
  appointmentId: number,
  caller: EstimatePageCaller,
): Promise<Estimate[]> {
  const appointment = 'session' in caller ? await visitForCaller(db, appointmentId, caller.session) : await findAppointment(db, appointmentId);
  if ('opens' in caller) {
    caller.opens(appointmentId, appointment);
    if (!appointment) return [];
  }
  if (!appointment) throw notFound(estimateMessages.appointmentNotFound);
  const everything = 'session' in caller && worksOn(caller.session, appointment);
  const rows = (await findAppointmentEstimates(db, appointment.id)).filter((row) => everything || row.status !== 'draft');
  return Promise.all(rows.map(async (row) => toEstimate(row, appointment, await findEstimateLines(db, row.id))));
}

/**
 * Who asks about an estimate from its visit's appointment page: a session, judged as for the estimate itself, or an
 * appointment link, which must open the estimate's visit (`opens` throws the link's refusal: another visit's is the
 * same 404).
 */
export type EstimatePageCaller = { session: EstimateCaller } | { opens: (appointmentId: number, appointment: AppointmentRow | undefined) => void };

/**
 * The estimate and its visit for a page caller: a session as `estimateForCaller`; a link holder, once the estimate is
 * presented and the link opens its visit (a draft, or a missing one, is the same 404).
 */
export async function estimateForPage(db: Db, id: number, caller: EstimatePageCaller): Promise<{ estimate: EstimateRow; appointment: AppointmentRow }> {
  if ('session' in caller) return estimateForCaller(db, id, caller.session);
  const estimate = await findEstimate(db, id);
  const appointment = estimate && (await findAppointment(db, estimate.appointment_id));
  if (!estimate || !appointment || estimate.status === 'draft') throw notFound(estimateMessages.notFound);
  caller.opens(appointment.id, appointment);
  return { estimate, appointment };
}
