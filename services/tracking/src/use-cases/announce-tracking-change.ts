import { notify } from '@repo/service-kit/db';
import type { TrackingDatabase, Trx } from '../db/schema.ts';
import { trackingChangedChannel, type TrackingChanged } from '../domain/live-channels.ts';
import { followingTechnician } from '../domain/tracking-access.ts';
import { findFollowFacts } from '../repositories/tracking-record-repository.ts';

/**
 * In the transaction that changed the appointment's record: its live subscribers hear of it after commit, with who may
 * follow it from now on, so a technician taken off the job stops hearing of it at once.
 */
export async function announceTrackingChange(trx: Trx, appointmentId: number): Promise<void> {
  const facts = await findFollowFacts(trx, appointmentId);
  const message: TrackingChanged = {
    appointmentId: String(appointmentId),
    technicianId: facts ? followingTechnician(facts) : null,
    customerId: facts?.customer_id ?? null,
  };
  await notify<TrackingDatabase>(trx, trackingChangedChannel, JSON.stringify(message));
}
