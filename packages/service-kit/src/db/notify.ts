import type { PGlite } from '@electric-sql/pglite';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';

/** PostgreSQL refuses payloads of 8000 bytes or more; the same limit applies on PGlite. Send ids, not records. */
export const MAX_NOTIFY_PAYLOAD_BYTES = 7999;

// Lowercase so a raw `LISTEN name` (which folds case) means the same channel; 63 bytes is NAMEDATALEN - 1.
const CHANNEL_PATTERN = /^[a-z_][a-z0-9_.:-]{0,62}$/;

export type NotificationHandler = (payload: string) => void;

export type ListenOptions = {
  /**
   * Called after the PostgreSQL listening connection was lost and is listening again. Notifications sent during the
   * outage are lost, so resync here (e.g. re-read what the notifications would have pointed at). Never called on
   * PGlite, which runs in-process.
   */
  onReconnect?: () => void;
};

/** Stops delivery to this handler. Safe to call twice and after the database was closed. */
export type Unlisten = () => Promise<void>;

export type Notifications = {
  listen(channel: string, onPayload: NotificationHandler, options?: ListenOptions): Promise<Unlisten>;
  close(): Promise<void>;
};

/** Throws a RangeError unless `channel` is an identifier-like name (it is quoted into LISTEN statements). */
function assertChannel(channel: string): void {
  if (typeof channel !== 'string' || !CHANNEL_PATTERN.test(channel)) {
    throw new RangeError(
      `Invalid notification channel ${JSON.stringify(channel)}: use 1 to 63 characters from a-z, 0-9, _ . : - starting with a letter or _`,
    );
  }
}

/** Throws a RangeError when `payload` is over MAX_NOTIFY_PAYLOAD_BYTES (UTF-8). */
function assertPayload(payload: string): void {
  if (typeof payload !== 'string') throw new RangeError('Notification payload must be a string');
  const bytes = Buffer.byteLength(payload, 'utf8');
  if (bytes > MAX_NOTIFY_PAYLOAD_BYTES) {
    throw new RangeError(
      `Notification payload is ${bytes} bytes; the limit is ${MAX_NOTIFY_PAYLOAD_BYTES}. Send an id and let the listener read the record.`,
    );
  }
}

/**
 * Sends `payload` to every listener of `channel`. Pass a transaction to send it only when that transaction commits
 * (nothing is sent on rollback); pass the database to send it right away.
 */
export async function notify<DB>(db: Kysely<DB>, channel: string, payload: string): Promise<void> {
  assertChannel(channel);
  assertPayload(payload);
  await sql`select pg_notify(${channel}, ${payload})`.execute(db);
}

const closedError = () => new Error('The database is closed; notifications are no longer available');

const quoteChannel = (channel: string) => `"${channel}"`; // validated: no quotes inside

function deliver(onPayload: NotificationHandler, payload: string, report: (err: Error) => void): void {
  // A throwing handler must neither crash the process nor starve the other handlers.
  try {
    onPayload(payload);
  } catch (err) {
    report(new Error('A notification handler threw', { cause: err }));
  }
}

/**
 * PGlite's own listen(). Its one session is shared with the app, so LISTEN/UNLISTEN run under the dialect's mutex:
 * issued inside someone's open transaction they would join it and be silently undone by a rollback.
 */
export function pgliteNotifications(pglite: PGlite, db: Kysely<any>, report: (err: Error) => void): Notifications {
  let closed = false;
  return {
    async listen(channel, onPayload) {
      assertChannel(channel);
      if (closed) throw closedError();
      // PGlite puts the name into LISTEN unquoted; quoted, it also matches incoming notifications by the bare name.
      const quoted = quoteChannel(channel);
      // A fresh function per call: PGlite keeps a Set, so the same handler twice would be one entry.
      const callback = (payload: string) => deliver(onPayload, payload, report);
      await db.connection().execute(() => pglite.listen(quoted, callback));
      let done = false;
      return async () => {
        if (done || closed) return;
        done = true;
        // pglite.listen's own unlisten passes the bare name into UNLISTEN, which fails for names like "a:b".
        await db.connection().execute(() => pglite.unlisten(quoted, callback));
      };
    },
    async close() {
      // The instance itself is closed by the dialect's destroy().
      closed = true;
    },
  };
}

export type PgNotificationsConfig = {
  url: string;
  /** Lost connections, failed reconnect attempts and throwing handlers. */
  report: (err: Error) => void;
  /** Reconnect backoff: doubles from `initial` up to `max` (default 250 ms to 10 s), with jitter. */
  reconnectDelayMs?: { initial?: number; max?: number };
};

type Subscription = { onPayload: NotificationHandler; onReconnect?: () => void; active: boolean };

const CONNECT_TIMEOUT_MS = 10_000;
const KEEPALIVE_DELAY_MS = 10_000;
export const LISTEN_APPLICATION_NAME = 'service-kit-listen';

/**
 * One dedicated pg.Client (not a pooled one: LISTEN is per session) for every channel of a Database, connected on the
 * first listen. When the connection drops it reconnects with capped exponential backoff, LISTENs every channel again
 * and calls the subscriptions' onReconnect. Errors go to `report`, never to an uncaught exception.
 */
export class PgNotifications implements Notifications {
  readonly #config: PgNotificationsConfig;
  readonly #channels = new Map<string, Set<Subscription>>();
  /** Connected and LISTENing to every channel. */
  #client: pg.Client | undefined;
  /** A client still connecting, so close() can end it. */
  #pending: pg.Client | undefined;
  /** Settles when the current (re)connect attempt has a listening client. */
  #connection: Promise<pg.Client> | undefined;
  #wasConnected = false;
  #wake: (() => void) | undefined;
  #closed = false;

  constructor(config: PgNotificationsConfig) {
    this.#config = config;
  }

  async listen(channel: string, onPayload: NotificationHandler, options: ListenOptions = {}): Promise<Unlisten> {
    assertChannel(channel);
    if (this.#closed) throw closedError();
    const subscription: Subscription = { onPayload, onReconnect: options.onReconnect, active: false };
    let subscriptions = this.#channels.get(channel);
    if (!subscriptions) {
      subscriptions = new Set();
      this.#channels.set(channel, subscriptions);
    }
    subscriptions.add(subscription);
    try {
      await this.#listenOn(channel);
    } catch (err) {
      this.#forget(channel, subscription);
      throw err;
    }
    subscription.active = true;
    return () => this.#unlisten(channel, subscription);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#channels.clear();
    this.#wake?.();
    const clients = [this.#client, this.#pending];
    this.#client = undefined;
    await Promise.all(clients.map((client) => client?.end().catch(() => undefined)));
    await this.#connection?.catch(() => undefined);
  }

  // LISTEN is idempotent, so it is sent for every subscription: listen() then resolves only once it is in effect.
  async #listenOn(channel: string): Promise<void> {
    for (;;) {
      const client = await this.#connected();
      try {
        await client.query(`listen ${quoteChannel(channel)}`);
        return;
      } catch (err) {
        if (isStatementError(err)) throw err;
        // The session died under us; the reconnect LISTENs every channel in the map, this one included.
        this.#lost(client, err);
      }
    }
  }

  async #unlisten(channel: string, subscription: Subscription): Promise<void> {
    const subscriptions = this.#channels.get(channel);
    if (!subscriptions?.delete(subscription) || subscriptions.size > 0) return;
    this.#channels.delete(channel);
    const client = this.#client;
    // Not connected: a reconnect only LISTENs the channels still in the map.
    if (!client) return;
    try {
      await client.query(`unlisten ${quoteChannel(channel)}`);
    } catch (err) {
      if (isStatementError(err)) throw err;
      this.#lost(client, err);
    }
  }

  #forget(channel: string, subscription: Subscription): void {
    const subscriptions = this.#channels.get(channel);
    subscriptions?.delete(subscription);
    if (subscriptions?.size === 0) this.#channels.delete(channel);
  }

  #connected(): Promise<pg.Client> {
    if (this.#closed) return Promise.reject(closedError());
    // Before the first success a failure is the caller's (bad URL, server down at start-up); after it, an outage.
    return this.#connection ?? this.#startConnecting(this.#wasConnected);
  }

  #startConnecting(retry: boolean): Promise<pg.Client> {
    const connection: Promise<pg.Client> = this.#connect(retry).catch((err: unknown) => {
      // The next listen() starts afresh.
      if (this.#connection === connection) this.#connection = undefined;
      throw err;
    });
    // Nobody may be waiting on it: keep a rejection from becoming an unhandled one.
    connection.catch(() => undefined);
    this.#connection = connection;
    return connection;
  }

  async #connect(retry: boolean): Promise<pg.Client> {
    for (let attempt = 0; ; attempt++) {
      if (this.#closed) throw closedError();
      if (retry && this.#channels.size === 0) throw new Error('No channel left to listen to');
      const client = this.#newClient();
      this.#pending = client;
      try {
        await client.connect();
        for (const channel of this.#channels.keys()) await client.query(`listen ${quoteChannel(channel)}`);
        if (this.#closed) throw closedError();
        this.#client = client;
        this.#wasConnected = true;
        if (retry) this.#announceReconnect();
        return client;
      } catch (err) {
        void client.end().catch(() => undefined);
        if (this.#closed) throw closedError();
        if (!retry) throw err;
        const delay = this.#delay(attempt);
        this.#config.report(new Error(`LISTEN connection attempt ${attempt + 1} failed; retrying in ${delay} ms`, { cause: err }));
        await this.#sleep(delay);
      } finally {
        this.#pending = undefined;
      }
    }
  }

  #newClient(): pg.Client {
    const client = new pg.Client({
      connectionString: this.#config.url,
      application_name: LISTEN_APPLICATION_NAME,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // Notices a peer that vanished without closing the socket (network loss), not only a server restart.
      keepAlive: true,
      keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
    });
    // Without an 'error' listener a dropped connection would crash the process.
    client.on('error', (err) => this.#lost(client, err));
    client.on('end', () => this.#lost(client, new Error('Connection ended')));
    client.on('notification', (message) => {
      for (const subscription of this.#channels.get(message.channel) ?? []) {
        deliver(subscription.onPayload, message.payload ?? '', this.#config.report);
      }
    });
    return client;
  }

  #lost(client: pg.Client, err: unknown): void {
    // Ignores clients that are already replaced or never became current (their connect() rejects instead).
    if (this.#client !== client) return;
    this.#client = undefined;
    void client.end().catch(() => undefined);
    if (this.#closed) return;
    this.#config.report(new Error('LISTEN connection lost; reconnecting', { cause: err }));
    void this.#startConnecting(true);
  }

  #announceReconnect(): void {
    for (const subscriptions of this.#channels.values()) {
      for (const { active, onReconnect } of subscriptions) {
        if (!active || !onReconnect) continue;
        try {
          onReconnect();
        } catch (err) {
          this.#config.report(new Error('An onReconnect handler threw', { cause: err }));
        }
      }
    }
  }

  #delay(attempt: number): number {
    const initial = this.#config.reconnectDelayMs?.initial ?? 250;
    const max = this.#config.reconnectDelayMs?.max ?? 10_000;
    // Jitter spreads the reconnects of many replicas after one server restart.
    return Math.round(Math.min(max, initial * 2 ** attempt) * (0.5 + Math.random() / 2));
  }

  #sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.#wake = done;
    });
  }
}

/** An error of the statement itself (the session goes on), as opposed to a lost connection or a FATAL. */
function isStatementError(err: unknown): boolean {
  return err instanceof pg.DatabaseError && err.severity === 'ERROR';
}
