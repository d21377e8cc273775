import { trackingStatusLabels, type VisitProgressed } from '@repo/contracts';
import type { Trx } from '../db/schema.ts';
import { historyActors } from '../domain/dispatch.ts';
import { insertHistoryEntry } from '../repositories/appointment-history-repository.ts';
import { findAppointmentForUpdate } from '../repositories/appointment-repository.ts';
import { findTechnician } from '../repositories/technician-repository.ts';

/**
 * Applies tracking's `appointment.visit-progressed` in the receiver's transaction, on the locked appointment: the
 * visit's stage (on the way, arrived, working, or none any more) is kept beside the appointment, so the appointment
 * page, the portal's list and the office's cards show the status the tracking screens show (`shownAppointmentStatus`),
 * and each stage reached is written in the appointment's history with the technician's name. Only the newest counts
 * (tracking's `at`): a late delivery changes nothing, and a repeated one is recognised by its message id. An
 * appointment cancelled or done keeps no stage, and an id booking does not know is accepted and ignored, since
 * retrying could never apply it.
 *
 * Subscribers are not told: the stage is tracking's, and notifications hears it from tracking itself (the
 * technician's emails). Booking's status stays its own (the office's confirmation stays confirmed; tracking's
 * completion completes it).
 */
export async function hearVisitProgress(trx: Trx, progress: VisitProgressed): Promise<void> {
  const current = await findAppointmentForUpdate(trx, progress.appointmentId);
  if (!current) return;
  const at = new Date(progress.at);
  // Strictly older only: two steps within one millisecond (the demo's driver) carry the same time and arrive in order.
  if (current.visit_stage_at && current.visit_stage_at.getTime() > at.getTime()) return;
  const open = current.status === 'scheduled' || current.status === 'confirmed' || current.status === 'in-progress';
  const stage = open ? progress.stage : null;
  const moved = await trx
    .updateTable('appointments')
    .set({ visit_stage: stage, visit_stage_at: at })
    .where('id', '=', current.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  if (stage === null || stage === current.visit_stage) return;
  const technician = await findTechnician(trx, progress.technicianId);
  await insertHistoryEntry(trx, {
    appointment_id: current.id,
    at,
    actor: technician?.name ?? historyActors.technician,
    action: 'visit-progressed',
    from_status: current.status,
    to_status: moved.status,
    reason: null,
    detail: trackingStatusLabels[stage],
  });
}
