/**
 * Our side of a vendor's rate limit: a token bucket per tenant that every connector of this process calling that
 * tenant shares (accounts' import, its phone and email lookups, booking's history imports), so requests are paced
 * under the limit before they are sent instead of only retried after a 429. A 429's wait (its Retry-After, or our
 * backoff) holds the whole bucket, so the other callers of the tenant wait too instead of adding to the refusals.
 */
export type RequestPacer = {
  /** Resolves when a request may be sent (first come, first served); rejects when `signal` aborts first. */
  take(signal?: AbortSignal): Promise<void>;
  /** Sends nothing for `ms` from now (a 429's wait), for every caller. */
  holdFor(ms: number): void;
};

export type TokenBucketOptions = {
  /** Requests per second, sustained. */
  perSecond: number;
  /** Requests that may go at once after a quiet spell (default: one second's worth). */
  burst?: number;
  /** For tests. */
  now?: () => number;
};

export function createTokenBucket({ perSecond, burst = Math.max(1, perSecond), now = () => performance.now() }: TokenBucketOptions): RequestPacer {
  if (!(perSecond > 0)) throw new RangeError('A token bucket needs a positive rate');
  let tokens = burst;
  let refilledAt = now();
  let heldUntil = 0;
  const waiters: { resolve: () => void; reject: (reason: unknown) => void; signal?: AbortSignal; onAbort?: () => void }[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  const refill = () => {
    const at = now();
    tokens = Math.min(burst, tokens + ((at - refilledAt) / 1000) * perSecond);
    refilledAt = at;
  };

  /** Lets waiters through while tokens last, then sleeps until the next token (or the end of a hold). */
  const pump = () => {
    timer = undefined;
    refill();
    const at = now();
    while (waiters.length && at >= heldUntil && tokens >= 1) {
      tokens -= 1;
      const waiter = waiters.shift()!;
      if (waiter.onAbort) waiter.signal?.removeEventListener('abort', waiter.onAbort);
      waiter.resolve();
    }
    if (waiters.length) {
      const untilToken = tokens >= 1 ? 0 : ((1 - tokens) / perSecond) * 1000;
      timer = setTimeout(pump, Math.max(untilToken, heldUntil - at, 1));
    }
  };

  return {
    take(signal) {
      if (signal?.aborted) return Promise.reject(signal.reason);
      return new Promise<void>((resolve, reject) => {
        const waiter: (typeof waiters)[number] = { resolve, reject, signal };
        if (signal) {
          waiter.onAbort = () => {
            const index = waiters.indexOf(waiter);
            if (index >= 0) waiters.splice(index, 1);
            reject(signal.reason);
          };
          signal.addEventListener('abort', waiter.onAbort, { once: true });
        }
        waiters.push(waiter);
        if (!timer) pump();
      });
    },
    holdFor(ms) {
      heldUntil = Math.max(heldUntil, now() + ms);
      // Tokens saved up before the refusal are not spent in one burst the moment the hold ends.
      refill();
      tokens = Math.min(tokens, 1);
    },
  };
}

const tenantPacers = new Map<string, { perSecond: number; pacer: RequestPacer }>();

/**
 * The one bucket of a tenant (`key`: the API address and tenant) in this process, made on first use. A different
 * rate for the same tenant replaces the bucket (configuration changed).
 */
export function tenantPacer(key: string, perSecond: number): RequestPacer {
  const known = tenantPacers.get(key);
  if (known && known.perSecond === perSecond) return known.pacer;
  const pacer = createTokenBucket({ perSecond });
  tenantPacers.set(key, { perSecond, pacer });
  return pacer;
}
