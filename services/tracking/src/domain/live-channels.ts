import { z } from 'zod';

/**
 * The database channels live updates travel on (LISTEN/NOTIFY), sent in the transaction that makes the change, so every
 * tracking instance hears them after commit and never on rollback; each instance tells its own WebSocket subscribers.
 */

/** A tracking record changed. Payload: `TrackingChanged` as JSON. */
export const trackingChangedChannel = 'tracking.changed';

/**
 * Which record changed, and who may follow it now (see `Followers`): each instance takes the appointment away from
 * sockets whose access went with the change (the technician taken off the job) before telling the others, without
 * asking the database again.
 */
export const trackingChangedSchema = z.object({
  appointmentId: z.string().min(1),
  technicianId: z.string().min(1).nullable(),
  customerId: z.number().int().nullable(),
});
export type TrackingChanged = z.infer<typeof trackingChangedSchema>;

/** A technician's position changed. Payload: `TechnicianMoved` as JSON. */
export const technicianMovedChannel = 'technician.moved';

/**
 * Who may hear of a move: subscribers of the jobs the technician is on the way to (`appointmentIds`), never of their
 * other jobs, and staff. The ids are listed here, at the source, so no instance has to ask the database again for
 * each subscriber.
 */
export const technicianMovedSchema = z.object({ technicianId: z.string().min(1), appointmentIds: z.array(z.string().min(1)) });
export type TechnicianMoved = z.infer<typeof technicianMovedSchema>;

/** What a notification's payload announces, or undefined for a payload that is not one. */
export function readPayload<S extends z.ZodType>(schema: S, payload: string): z.output<S> | undefined {
  try {
    const parsed = schema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
