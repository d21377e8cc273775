import type { Migration } from 'kysely';
import * as init from './2026-11-22T0000-init.ts';
import * as trackingRecords from './2026-11-28T0100-tracking-records.ts';
import * as customerLocationAndRoute from './2026-12-01T0000-customer-location-and-route.ts';
import * as scheduledRuns from './2026-12-06T0000-scheduled-runs.ts';
import * as technicianActive from './2026-12-14T0000-technician-active.ts';
import * as technicianSchedule from './2026-12-20T0000-technician-schedule.ts';
import * as runningLate from './2026-12-22T0000-running-late.ts';
import * as knownAddressesAndRoadEstimates from './2026-12-28T0000-known-addresses-and-road-estimates.ts';
import * as startAllowed from './2026-12-29T0000-start-allowed.ts';

export const migrations: Record<string, Migration> = {
  '2026-11-22T0000-init': init,
  '2026-11-28T0100-tracking-records': trackingRecords,
  '2026-12-01T0000-customer-location-and-route': customerLocationAndRoute,
  '2026-12-06T0000-scheduled-runs': scheduledRuns,
  '2026-12-14T0000-technician-active': technicianActive,
  '2026-12-20T0000-technician-schedule': technicianSchedule,
  '2026-12-22T0000-running-late': runningLate,
  '2026-12-28T0000-known-addresses-and-road-estimates': knownAddressesAndRoadEstimates,
  '2026-12-29T0000-start-allowed': startAllowed,
};
