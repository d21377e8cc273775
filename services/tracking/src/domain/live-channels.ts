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
export type TechnicianMoved = { technicianId: string; appointmentIds: string[] };
