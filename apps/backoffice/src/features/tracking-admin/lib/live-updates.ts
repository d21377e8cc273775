import { useStaffLiveUpdates, type LiveStaleness } from '../../../lib/live-updates.ts';
import { queryKeys } from '../api/query-keys.ts';

export { fallbackPoll } from '../../../lib/live-updates.ts';

/** A tracking change moves the technician's status and the appointment too; a position, the technician and the record. */
const trackingStaleness: LiveStaleness = {
  tracking_update: [queryKeys.tracking, queryKeys.technicians, queryKeys.appointments],
  location_update: [queryKeys.technicians, queryKeys.tracking],
};

/** Tracking administration's live feed (see `useStaffLiveUpdates`). */
export const useTrackingLiveUpdates = (): boolean => useStaffLiveUpdates(trackingStaleness);
