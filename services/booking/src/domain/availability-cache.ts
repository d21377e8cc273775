import type { AvailableSlotsResponse } from '@repo/contracts';

/**
 * A one-second memo of the slot list per date. Availability is read far more often than it changes, and the list is
 * only advice: every booking is checked again at commit. This process drops a date's entry the moment it books or
 * cancels on it; other replicas see the change within `ttlMs`. Entries are keyed by the minute too, so the minimum
 * notice moves on as time passes.
 */
export class AvailabilityCache {
  private readonly entries = new Map<string, { expires: number; value: Promise<AvailableSlotsResponse> }>();

  constructor(private readonly ttlMs = 1000) {}

  get(date: string, now: Date, compute: () => Promise<AvailableSlotsResponse>): Promise<AvailableSlotsResponse> {
    const key = `${date}|${Math.floor(now.getTime() / 60_000)}`;
    const hit = this.entries.get(key);
    if (hit && hit.expires > Date.now()) return hit.value;
    if (this.entries.size > 1000) this.entries.clear();
    const value = compute();
    this.entries.set(key, { expires: Date.now() + this.ttlMs, value });
    value.catch(() => this.entries.delete(key));
    return value;
  }

  invalidate(date: string): void {
    for (const key of this.entries.keys()) if (key.startsWith(`${date}|`)) this.entries.delete(key);
  }
}
