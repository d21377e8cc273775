import { setTimeout as delay } from 'node:timers/promises';

/** Thrown by a condition that can never become true (a process exited): `waitFor` fails at once. */
export class GiveUp extends Error {}

/**
 * Polls `condition` until it answers a value other than false/undefined, failing after `timeoutMs` with the last thing
 * it threw. For code that runs outside a vitest test (global setup, scripts, long-lived helpers); inside a test use
 * `expect.poll` or `vi.waitFor`. Waits for what a client would see, never for a fixed time.
 */
export async function waitFor<T>(
  what: string,
  condition: () => Promise<T | false | undefined> | T | false | undefined,
  timeoutMs = 60_000,
  intervalMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await condition();
      if (value !== false && value !== undefined) return value;
    } catch (err) {
      if (err instanceof GiveUp) throw err;
      last = err;
    }
    if (Date.now() > deadline) {
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}${last ? `: ${last instanceof Error ? last.message : String(last)}` : ''}`);
    }
    await delay(intervalMs);
  }
}
