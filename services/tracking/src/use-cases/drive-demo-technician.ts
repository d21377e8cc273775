import { businessDate } from '@repo/contracts';
import { DomainError } from '@repo/service-kit';
import type { Trx } from '../db/schema.ts';
import { nextDemoPosition } from '../domain/demo-path.ts';
import type { GeoPoint } from '../domain/geo.ts';
import { findTechnicianById } from '../repositories/technician-repository.ts';
import { findJobToDriveTo } from '../repositories/tracking-record-repository.ts';
import { advanceTrackingStatus } from './change-tracking-status.ts';
import type { TrackingContext } from './context.ts';
import { recordTechnicianPosition } from './move-technician.ts';

/** The seeded technician the embedded demo drives (tracking's seed creates them; booking's seed assigns them a job today). */
export const demoTechnicianId = 'tech_mike';

export type DemoStep = { moved: false } | { moved: true; appointmentId: number; position: GeoPoint };

/**
 * One step of the embedded demo, in the caller's transaction (the demo driver's turn, see run-once-across-replicas):
 * the demo technician's job to drive to (today's, else the nearest open one) is set en route if it was only
 * dispatched, and the technician moves one step along the demo path toward the customer, through the same changes as
 * a real technician's phone, so the trip, ETA and live updates all follow. Without such a job, or without the
 * technician, nothing happens.
 */
export async function driveDemoTechnician(ctx: TrackingContext, trx: Trx, technicianId: string = demoTechnicianId): Promise<DemoStep> {
  const now = ctx.now();
  const job = await findJobToDriveTo(trx, technicianId, businessDate(now), now);
  const technician = await findTechnicianById(trx, technicianId);
  if (!job || job.customer_lat === null || job.customer_lng === null || !technician) return { moved: false };
  if (job.status === 'dispatched') {
    try {
      await advanceTrackingStatus(ctx, trx, job.appointment_id, 'en-route');
    } catch (err) {
      // Someone moved the job on (or took it away) meanwhile: the next step looks again. The refusal comes before
      // any write, so the transaction carries on.
      if (err instanceof DomainError) return { moved: false };
      throw err;
    }
  }
  const current = technician.lat !== null && technician.lng !== null ? { lat: technician.lat, lng: technician.lng } : null;
  const position = nextDemoPosition(current, { lat: job.customer_lat, lng: job.customer_lng });
  await recordTechnicianPosition(ctx, trx, technicianId, { ...position, address: `Demo drive to ${job.city}` });
  return { moved: true, appointmentId: job.appointment_id, position };
}
