import type { AddressInfo } from 'node:net';
import type { IncomingMessage } from 'node:http';
import type { Kysely } from 'kysely';
import { vi } from 'vitest';
import WebSocket from 'ws';
import { serviceNames, wsPath, wsServerMessageSchema, type WsServerMessage } from '@repo/contracts';
import { loadEnv, MemorySessionStore, type ServiceApp } from '@repo/service-kit';
import { createDatabase, migrateServiceDatabase, type Database } from '@repo/service-kit/db';
import { systemRuntime, type ServiceRuntime } from '@repo/service-kit/main';
import { signTestSession, testKeyEnv, testServiceKey, type TestClaims } from '@repo/service-kit/test-service';
import { createTestDatabase } from '@repo/service-kit/testing';
import { migrations } from '../src/db/migrations/index.ts';
import type { TrackingDatabase } from '../src/db/schema.ts';
import { trackingService } from '../src/definition.ts';
import { trackingEnvSchema } from '../src/env.ts';

export type TrackingInstance = { app: ServiceApp; database: Database<TrackingDatabase>; /** host:port */ address: string };

export type LiveTracking = {
  /** Tracking instances on one database, each listening on its own port, as a scaled-out deployment runs them. */
  instances: TrackingInstance[];
  db: Kysely<TrackingDatabase>;
  /** A bearer header value for an active session with these claims, honoured by every instance. */
  bearer: (claims: TestClaims) => string;
  /** What the instances' database listeners reported (a lost LISTEN connection, for one). */
  listenErrors: Error[];
  close: () => Promise<void>;
};

/**
 * Starts one tracking instance per entry of `envs` (each entry adds to the test environment) on one fresh PostgreSQL
 * database, sharing one session store: a session made by `bearer` is active in all of them.
 */
export async function startTracking(envs: Record<string, string>[], runtime: ServiceRuntime = systemRuntime): Promise<LiveTracking> {
  const store = await createTestDatabase({ driver: 'postgres' });
  const sessions = new MemorySessionStore();
  const listenErrors: Error[] = [];
  const instances: TrackingInstance[] = [];
  const databases: Database<TrackingDatabase>[] = [];
  const close = async () => {
    for (const instance of [...instances].reverse()) await instance.app.close();
    for (const database of databases) await database.close();
    await store.cleanup();
  };
  try {
    for (const extra of envs) {
      const database = await createDatabase<TrackingDatabase>({
        ...store.config,
        poolSize: 4,
        listenReconnectDelayMs: { initial: 50, max: 200 },
        onListenError: (err) => listenErrors.push(err),
      });
      databases.push(database);
      if (databases.length === 1) await migrateServiceDatabase(database.db, migrations);
      const env = loadEnv('tracking', trackingEnvSchema, {
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        ...testKeyEnv,
        SERVICE_KEY: testServiceKey,
        TRUSTED_SERVICE_KEYS: serviceNames.map((service) => `${service}=${testServiceKey}`).join(','),
        PEER_URLS: serviceNames.map((service) => `${service}=http://127.0.0.1:9`).join(','),
        RATE_LIMIT_MAX: '100000',
        ...extra,
      });
      const app = await trackingService.build(env, database, { ...runtime, sessions });
      await app.listen({ port: 0, host: '127.0.0.1' });
      instances.push({ app, database, address: `127.0.0.1:${(app.server.address() as AddressInfo).port}` });
    }
  } catch (err) {
    await close();
    throw err;
  }
  const first = instances[0]!;
  return {
    instances,
    db: first.database.db,
    bearer: ({ sid, ...claims }) => `Bearer ${signTestSession({ ...claims, sid: sessions.open(sid) })}`,
    listenErrors,
    close,
  };
}

export type Closed = { code: number; reason: string };

export type LiveClient = {
  socket: WebSocket;
  /** Every message received so far, parsed and checked against the contract, oldest first. */
  messages: WsServerMessage[];
  /** Sends a client message (an object is sent as JSON, a string or buffer as is). */
  send: (message: object | string | Buffer, options?: { binary?: boolean }) => void;
  /** Waits for the first message (received already or to come) that matches. */
  waitFor: (match: Partial<WsServerMessage> | ((message: WsServerMessage) => boolean)) => Promise<WsServerMessage>;
  /** Subscribes and waits for the answer: the `subscribed` or `error` message about that appointment. */
  subscribe: (appointmentId: string, access?: string) => Promise<WsServerMessage>;
  /**
   * A ping/pong round trip: everything the server sent before the pong has arrived when it resolves. To show a message
   * was not delivered, wait until the server has sent it elsewhere, then call this and look at `messages`.
   */
  barrier: () => Promise<void>;
  closed: Promise<Closed>;
  close: () => Promise<Closed>;
};

const matches = (match: Partial<WsServerMessage> | ((message: WsServerMessage) => boolean)) =>
  typeof match === 'function' ? match : (message: WsServerMessage) => Object.entries(match).every(([key, value]) => (message as Record<string, unknown>)[key] === value);

let clientCount = 0;
/** A client address of its own (198.18.0.0/15), so the per-client connection cap applies only where a test means it to. */
export function newClientAddress(): string {
  clientCount += 1;
  return `198.18.${Math.floor(clientCount / 250) % 250}.${(clientCount % 250) + 1}`;
}

const opened = new Set<LiveClient>();

export type ConnectOptions = {
  headers?: Record<string, string>;
  /** The client address the gateway would forward (X-Forwarded-For); a new one per socket by default. */
  from?: string;
  /** Answer the server's pings (true by default; false makes a dead client). */
  autoPong?: boolean;
};

/** The refusal of an upgrade: its HTTP status and body. */
export class UpgradeRefused extends Error {
  constructor(readonly status: number, readonly body: unknown, readonly headers: IncomingMessage['headers'] = {}) {
    super(`upgrade refused with ${status}`);
  }
}

/** Opens a real `ws` client on an instance's /ws; rejects with `UpgradeRefused` when the upgrade is answered otherwise. */
export async function connect(address: string, { headers = {}, from = newClientAddress(), autoPong = true }: ConnectOptions = {}): Promise<LiveClient> {
  const socket = new WebSocket(`ws://${address}${wsPath}`, { headers: { 'x-forwarded-for': from, ...headers }, autoPong });
  const messages: WsServerMessage[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (data) => {
    messages.push(wsServerMessageSchema.parse(JSON.parse(String(data))));
    for (const wake of waiters) wake();
  });
  // Failures are seen through `closed` (and, before the upgrade, the rejection below).
  socket.on('error', () => undefined);
  const closed = new Promise<Closed>((resolve) => socket.once('close', (code, reason) => resolve({ code, reason: String(reason) })));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('unexpected-response', (_request, response: IncomingMessage) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += String(chunk)));
      response.on('end', () => {
        reject(new UpgradeRefused(response.statusCode ?? 0, text ? JSON.parse(text) : undefined, response.headers));
        socket.terminate();
      });
    });
    socket.once('error', reject);
  });

  const waitFor: LiveClient['waitFor'] = (match) => {
    const test = matches(match);
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = messages.find(test);
        if (found) {
          waiters.delete(check);
          resolve(found);
        }
      };
      waiters.add(check);
      check();
      void closed.then(({ code }) => {
        if (waiters.delete(check)) reject(new Error(`socket closed (${code}) before ${JSON.stringify(String(match))} arrived; got ${JSON.stringify(messages)}`));
      });
    });
  };

  const client: LiveClient = {
    socket,
    messages,
    send: (message, options) => socket.send(typeof message === 'string' || Buffer.isBuffer(message) ? message : JSON.stringify(message), options ?? {}),
    waitFor,
    subscribe: (appointmentId, access) => {
      const already = messages.length;
      socket.send(JSON.stringify({ type: 'subscribe', appointmentId, ...(access === undefined ? {} : { access }) }));
      return waitFor((message) => messages.indexOf(message) >= already && (message.type === 'subscribed' || message.type === 'error') && message.appointmentId === appointmentId);
    },
    barrier: () =>
      new Promise((resolve) => {
        socket.once('pong', () => resolve());
        socket.ping();
      }),
    closed,
    close: () => {
      socket.close();
      return closed;
    },
  };
  opened.add(client);
  void closed.then(() => opened.delete(client));
  return client;
}

/** Closes every client still open (afterEach). */
export async function closeClients(): Promise<void> {
  await Promise.all([...opened].map((client) => client.close()));
}

/** Waits until the upgrade succeeds (e.g. once a slot is free again). */
export const eventuallyConnect = (address: string, options: ConnectOptions) =>
  vi.waitFor(() => connect(address, options), { timeout: 5_000, interval: 20 });
