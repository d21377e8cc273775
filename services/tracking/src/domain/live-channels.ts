/**
 * The database channel a tracking record's change is announced on (LISTEN/NOTIFY, payload: the appointment id), sent
 * in the transaction that makes the change, so every tracking instance hears it after commit and never on rollback.
 */
export const trackingChangedChannel = 'tracking.changed';
