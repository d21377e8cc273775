export { sharedLimitsMigration, type SharedLimitsTables } from './migration.ts';
export { sharedRateLimitStore } from './rate-limit-store.ts';
export { connectionLeases, type ConnectionLeases, type ConnectionLeasesOptions } from './connection-leases.ts';
