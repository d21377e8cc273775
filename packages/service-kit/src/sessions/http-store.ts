import { randomUUID } from 'node:crypto';
import { sessionCheckPath, sessionCheckResponseSchema, sessionCheckTopic } from '@repo/contracts';
import { signedDeliveryHeaders } from '../effects/signing.ts';
import { SessionCheckUnavailableError, type SessionStore } from './store.ts';

export type HttpSessionStoreOptions = {
  /** The asking service: it signs each question with its SERVICE_KEY, as it signs effects. */
  service: string;
  key: string;
  /** Accounts' internal base URL (PEER_URLS accounts=…), never the gateway. */
  accountsUrl: string;
  /** How long an answer may be reused. At most a second, so a logout reaches every service within about a second. */
  cacheMs?: number;
  /** How long one question may take before the callers get a 503. */
  timeoutMs?: number;
  /** The clock the cache runs on (tests move it). */
  clock?: () => number;
};

const MAX_CACHE_MS = 1000;
/** The most sids one question carries (the limit of sessionCheckRequestSchema). */
const MAX_SIDS_PER_CHECK = 500;
const PRUNE_ABOVE = 10_000;

type Batch = { sids: Set<string>; answer: Promise<ReadonlySet<string>> };

/**
 * Asks accounts (`POST /internal/sessions/check`, signed like an effect delivery) whether sessions are active.
 * Questions arriving in the same turn of the event loop go out as one call, a sid already being asked about joins that
 * call, and each answer is reused for at most `cacheMs` counted from when the question was sent.
 */
export class HttpSessionStore implements SessionStore {
  private readonly cacheMs: number;
  private readonly timeoutMs: number;
  private readonly url: URL;
  private readonly clock: () => number;
  private readonly cache = new Map<string, { active: boolean; until: number }>();
  private readonly inFlight = new Map<string, Promise<ReadonlySet<string>>>();
  private next: Batch | undefined;

  constructor(private readonly options: HttpSessionStoreOptions) {
    this.cacheMs = Math.min(options.cacheMs ?? MAX_CACHE_MS, MAX_CACHE_MS);
    this.timeoutMs = options.timeoutMs ?? 3000;
    this.url = new URL(sessionCheckPath, options.accountsUrl);
    this.clock = options.clock ?? Date.now;
  }

  async activeSessions(sids: readonly string[], { fresh = false } = {}): Promise<ReadonlySet<string>> {
    const now = this.clock();
    const active = new Set<string>();
    const waits = new Set<Promise<ReadonlySet<string>>>();
    const toAsk: string[] = [];
    for (const sid of new Set(sids)) {
      const cached = fresh ? undefined : this.cache.get(sid);
      if (cached && cached.until > now) {
        if (cached.active) active.add(sid);
        continue;
      }
      const pending = fresh ? undefined : this.inFlight.get(sid);
      if (pending) waits.add(pending);
      else toAsk.push(sid);
    }
    if (toAsk.length > 0) waits.add(this.ask(toAsk));
    for (const answer of await Promise.all(waits)) {
      for (const sid of sids) if (answer.has(sid)) active.add(sid);
    }
    return active;
  }

  /** Adds the sids to the call that leaves at the end of this turn of the event loop. */
  private ask(sids: string[]): Promise<ReadonlySet<string>> {
    if (!this.next) {
      const batch: Batch = { sids: new Set(), answer: Promise.resolve(new Set()) };
      batch.answer = new Promise((resolve) => setImmediate(resolve)).then(() => {
        if (this.next === batch) this.next = undefined;
        return this.send([...batch.sids]);
      });
      this.next = batch;
    }
    const batch = this.next;
    for (const sid of sids) {
      batch.sids.add(sid);
      this.inFlight.set(sid, batch.answer);
    }
    // Forget the in-flight entries once answered, whether or not the call succeeded.
    void batch.answer.then(
      () => this.settle(sids, batch.answer),
      () => this.settle(sids, batch.answer),
    );
    return batch.answer;
  }

  private settle(sids: string[], answer: Promise<ReadonlySet<string>>): void {
    for (const sid of sids) if (this.inFlight.get(sid) === answer) this.inFlight.delete(sid);
  }

  private async send(sids: string[]): Promise<ReadonlySet<string>> {
    const askedAt = this.clock();
    const active = new Set<string>();
    for (let start = 0; start < sids.length; start += MAX_SIDS_PER_CHECK) {
      const chunk = sids.slice(start, start + MAX_SIDS_PER_CHECK);
      for (const sid of await this.post(chunk)) active.add(sid);
    }
    if (this.cache.size > PRUNE_ABOVE) {
      for (const [sid, entry] of this.cache) if (entry.until <= askedAt) this.cache.delete(sid);
    }
    for (const sid of sids) this.cache.set(sid, { active: active.has(sid), until: askedAt + this.cacheMs });
    return active;
  }

  private async post(sids: string[]): Promise<string[]> {
    const body = JSON.stringify({ sids });
    let response: Response;
    try {
      response = await fetch(this.url, {
        method: 'POST',
        headers: signedDeliveryHeaders(this.options.service, this.options.key, { messageId: randomUUID(), topic: sessionCheckTopic, body }),
        body,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      const reason = err instanceof Error && err.name === 'TimeoutError' ? 'no answer in time' : describe(err);
      throw new SessionCheckUnavailableError(`accounts could not be asked about sessions: ${reason}`, { cause: err });
    }
    const text = await response.text().catch(() => '');
    if (!response.ok) throw new SessionCheckUnavailableError(`accounts answered the session check with ${response.status}: ${text.slice(0, 200)}`);
    let parsed;
    try {
      parsed = sessionCheckResponseSchema.safeParse(JSON.parse(text));
    } catch {
      parsed = undefined;
    }
    if (!parsed?.success) throw new SessionCheckUnavailableError('accounts answered the session check with an unexpected body');
    return parsed.data.active;
  }
}

function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause instanceof Error ? err.cause.message : undefined;
  return cause ? `${err.message}: ${cause}` : err.message;
}
