import { setTimeout as sleep } from 'node:timers/promises';

/** A caller gave up waiting for its turn: nothing was sent for it. */
export class TurnNotReached extends Error {
  override name = 'TurnNotReached';
}

/**
 * Runs requests one at a time, each starting at least `minIntervalMs` after the previous one started and never before
 * it finished: how one process keeps a public API's "at most one request per second". A caller waits at most
 * `maxWaitMs` for its turn to start; past that it gets `TurnNotReached`, and its turn, when it comes, is skipped
 * (nothing is sent late for a caller who has moved on). Once started, a request is bounded by its own timeout.
 *
 * The spacing is per process: N replicas of tracking together start up to N requests per interval. Against one's own
 * Nominatim server that only spreads the load; against the public one, which allows an application one request a
 * second however many processes it runs, set GEOCODER_MIN_INTERVAL_MS to 1000 times the most replicas that may run
 * (6000 under the production overlay's autoscaler, 2 to 6). A longer interval costs precision, not visits: an address
 * is asked about once and remembered, and a lookup that gets no turn within its wait is placed at its ZIP or town
 * centre and asked again with the appointment's next snapshot. It is not counted in the database like the kit's shared
 * rate limits: keeping one request at a time across replicas would mean holding a lock for the length of an HTTP call,
 * inside the transaction that applies booking's dispatch effect.
 */
export function requestSpacing(minIntervalMs: number) {
  let tail: Promise<unknown> = Promise.resolve();
  let lastStart = Number.NEGATIVE_INFINITY;
  return function inTurn<T>(request: () => Promise<T>, maxWaitMs: number): Promise<T> {
    const giveUpAt = Date.now() + maxWaitMs;
    return new Promise<T>((resolve, reject) => {
      let started = false;
      const timer = setTimeout(() => {
        if (!started) reject(new TurnNotReached(`no turn within ${maxWaitMs} ms`));
      }, maxWaitMs);
      timer.unref();
      const turn = tail.then(async () => {
        const wait = Math.max(0, lastStart + minIntervalMs - Date.now());
        if (Date.now() + wait > giveUpAt) throw new TurnNotReached(`no turn within ${maxWaitMs} ms`);
        // A timer may fire a millisecond or two early: wait until the interval has really passed.
        while (Date.now() < lastStart + minIntervalMs) await sleep(lastStart + minIntervalMs - Date.now());
        started = true;
        clearTimeout(timer);
        lastStart = Date.now();
        return request();
      });
      turn.then(resolve, reject);
      tail = turn.catch(() => undefined);
    });
  };
}
