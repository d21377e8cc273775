import type { TrackingStatus } from '@repo/contracts';

/**
 * Who reads a tracking record. Staff, and the technician whose job it is, see everything there is. The customer (the
 * appointment's owner, or the holder of its manage or track link) sees the technician's whereabouts only while that
 * technician is on the way to their visit: before setting off (a visit days away, or one not started yet) the
 * technician is elsewhere, on other customers' jobs, and after arriving their position tells the customer nothing.
 */
export type TrackingAudience = 'staff' | 'technician' | 'customer';

/** Whether this audience sees where the technician of a job in this state is (position, trip, live distance and ETA). */
export const seesTechnicianPosition = (audience: TrackingAudience, job: { status: TrackingStatus; closed: boolean }): boolean =>
  audience !== 'customer' || (!job.closed && job.status === 'en-route');
