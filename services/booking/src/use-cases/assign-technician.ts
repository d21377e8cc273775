import { assignMessages, officeActionMessages, type StaffAppointment } from '@repo/contracts';
import { badRequest, conflict, notFound } from '@repo/service-kit';
import type { AppointmentRow, Trx } from '../db/schema.ts';
import { announceChange, historyActors } from '../domain/dispatch.ts';
import { findAppointmentForUpdate, setAppointmentTechnician } from '../repositories/appointment-repository.ts';
import { toStaffAppointment } from '../repositories/mappers.ts';
import { findTechnician } from '../repositories/technician-repository.ts';
import type { BookingContext } from './context.ts';

/**
 * Staff assign a technician to an appointment, or take it off (null). The technician is checked against booking's
 * replica of tracking's technicians, so this works while tracking is down; in the same transaction the appointment's
 * snapshot goes into the outbox, and tracking opens, moves or closes its tracking record when it arrives. Assigning the
 * technician it already has changes nothing and tells no one; a deactivated technician gets no new job (409). With
 * `version` (the dispatch board's), a change made since the office saw the appointment answers 409 instead.
 */
export async function assignTechnician(ctx: BookingContext, id: number, technicianId: string | null, actor: string, version?: number): Promise<StaffAppointment> {
  return toStaffAppointment(await ctx.db.transaction().execute((trx) => assignTechnicianIn(ctx, trx, id, technicianId, actor, version)));
}

/** `assignTechnician` in the caller's transaction (an effect handler's, for the demo's first assignment). */
export async function assignTechnicianIn(
  ctx: Pick<BookingContext, 'effects' | 'links' | 'now'>,
  trx: Trx,
  id: number,
  technicianId: string | null,
  actor: string = historyActors.system,
  version?: number,
): Promise<AppointmentRow> {
  const current = await findAppointmentForUpdate(trx, id);
  if (!current) throw notFound(`Appointment ${id} was not found.`);
  if (version !== undefined && current.version !== version) throw conflict(officeActionMessages.stale);
  if (current.status === 'cancelled') throw conflict(assignMessages.cancelled);
  if (current.status === 'completed') throw conflict(assignMessages.completed);
  const technician = technicianId === null ? undefined : await findTechnician(trx, technicianId);
  if (technicianId !== null && !technician) {
    throw badRequest(assignMessages.technicianNotFound, { technicianId: assignMessages.technicianNotFound });
  }
  if (current.technician_id === technicianId) return current;
  if (technician && !technician.active) {
    const message = assignMessages.technicianInactive.replace('{name}', technician.name);
    throw conflict(message, { technicianId: message });
  }
  const assigned = await setAppointmentTechnician(trx, id, technicianId);
  await announceChange(ctx, trx, 'assigned', current, assigned, { actor, detail: technician ? technician.name : null });
  return assigned;
}
