import type { TrackingRecord, TrackingStatus } from '@repo/contracts';

/** Whole seconds from `now` until `target` (an ISO instant), never below zero. */
export function secondsUntil(target: string, now: number): number {
  const at = Date.parse(target);
  return Number.isNaN(at) ? 0 : Math.max(0, Math.ceil((at - now) / 1000));
}

/** The arrival countdown, minutes:seconds ("07:05"; "1440:00" a day ahead: minutes are never folded into hours). */
export function formatCountdown(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * Whether the technician is on the way to this visit: the only time the page shows where they are (the server sends
 * a customer their position then only).
 */
export const isOnTheWay = (record: TrackingRecord): boolean => record.closed === null && record.status === 'en-route';

/** Statuses at which the technician is at the door or beyond: there is nothing left to count down to. */
const arrivedStatuses: ReadonlySet<TrackingStatus> = new Set(['arrived', 'in-progress', 'completed']);
export const hasArrived = (record: TrackingRecord): boolean => arrivedStatuses.has(record.status);

/** "3.4 km", or undefined while unknown. */
export const formatDistance = (km: number | null): string | undefined => (km === null ? undefined : `${km.toFixed(1)} km`);

/** "12 min", or undefined while unknown. */
export const formatEta = (minutes: number | null): string | undefined => (minutes === null ? undefined : `${Math.round(minutes)} min`);

/** A distance or ETA measured to an approximate home position: "about 3.4 km". */
export const approximately = (value: string): string => `about ${value}`;
