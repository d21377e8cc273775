import { z } from 'zod';

/**
 * The database channels live updates travel on (LISTEN/NOTIFY), sent in the transaction that makes the change, so every
 * tracking instance hears them after commit and never on rollback; each instance tells its own WebSocket subscribers.
 */

/** A tracking record changed. Payload: the appointment id. */
export const trackingChangedChannel = 'tracking.changed';

/** A technician's position changed. Payload: `TechnicianMoved` as JSON. */
export const technicianMovedChannel = 'technician.moved';

/**
 * Who may hear of a move: subscribers of the technician's open jobs (`appointmentIds`) and staff. The ids are listed
 * here, at the source, so no instance has to ask the database again for each subscriber.
 */
export const technicianMovedSchema = z.object({ technicianId: z.string().min(1), appointmentIds: z.array(z.string().min(1)) });
export type TechnicianMoved = z.infer<typeof technicianMovedSchema>;

/** The move a `technician.moved` payload announces, or undefined for a payload that is not one. */
export function readTechnicianMoved(payload: string): TechnicianMoved | undefined {
  try {
    const parsed = technicianMovedSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
