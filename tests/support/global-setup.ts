import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { appNames, businessDate, deliveriesPath, serviceNames, type AppName, type DeliveryStatus, type ServiceName } from '@repo/contracts';
import { createTestDatabase, freePort, waitFor, type TestDatabase } from '@repo/service-kit/testing';
import { startStack, type RunningStack } from '../../scripts/stack.ts';
import { FileTurns, type TurnKind } from './file-turns.ts';
import type { RunningSandboxes } from '@repo/field-service/sandbox';

declare module 'vitest' {
  export interface ProvidedContext {
    urls: Record<AppName, string>;
    /**
     * The Node gateway of `pnpm start`, run beside nginx on the same apps and services (nginx serves `urls` when the
     * stack's gateway is nginx; otherwise both are the Node gateway): the system suites go through each.
     */
    nodeGatewayUrls: Record<AppName, string>;
    admin: { email: string; password: string };
    /**
     * POST `${control}/services/<name>/stop` or `/start`: stops or starts one service of the stack. POST
     * `${control}/turns/enter/<shared|alone>` and `/turns/leave/…`: a test file's turn on the stack (take-turn.ts).
     */
    control: string;
    /** The field-service sandboxes the services use (ServicePro is the configured system): URLs and sign-ins. */
    fieldService: Pick<RunningSandboxes, 'urls' | 'credentials'>;
    /**
     * Accounts' database: a test makes an email unproven again there, standing in for an account from before
     * registration asked for proof.
     */
    accountsDatabaseUrl: string;
    /** Booking's database: the board's scale test stores a week of visits there at once (past any window's capacity). */
    bookingDatabaseUrl: string;
    /**
     * Tracking's database: a test moves a dispatched visit's window (tracking's copy of it) into the past, standing in
     * for the hours a missed arrival takes.
     */
    trackingDatabaseUrl: string;
    /** The stack's mail catcher (maildev), where every email notifications sends arrives: its web and REST API. */
    mailWeb: string;
    /** The stack's Twilio stand-in, which every text notifications sends reaches: its page listing them, newest first. */
    smsWeb: string;
    /**
     * The stack's local S3-compatible object store, where browsers upload photos: its address (the origin the web and
     * back-office pages' connect-src allow: `contentSecurityPolicy(app, { objectStore: url })`), bucket and the key
     * pair booking signs with, to look at what is stored.
     */
    objectStore: { url: string; bucket: string; accessKeyId: string; secretAccessKey: string };
    /**
     * The business day the demo data was made on (its "today" visit, its visit of 40 days ago): a run that crosses
     * midnight in St Augustine still finds them where they were put.
     */
    seededOn: string;
  }
}

const record = async <K extends string, V>(keys: readonly K[], make: (key: K) => Promise<V>) =>
  Object.fromEntries(await Promise.all(keys.map(async (key) => [key, await make(key)]))) as Record<K, V>;

let stack: RunningStack | undefined;
let databases: Record<ServiceName, TestDatabase> | undefined;
let dataDir: string | undefined;
let control: Server | undefined;

/**
 * A loopback endpoint through which a browser test stops or starts one service of the stack (the stack lives in this
 * process, the tests in workers): to show what a user sees while tracking restarts, say. It also keeps the test files'
 * turns on the stack (file-turns.ts).
 */
async function startControl(running: RunningStack): Promise<string> {
  const turns = new FileTurns();
  const server = createServer((request, response) => {
    const turn = /^\/turns\/(enter|leave)\/(shared|alone)$/.exec(request.url ?? '');
    if (request.method === 'POST' && turn) {
      const kind = turn[2] as TurnKind;
      if (turn[1] === 'leave') {
        turns.leave(kind);
        response.writeHead(204).end();
      } else void turns.enter(kind).then(() => response.writeHead(204).end());
      return;
    }
    const match = /^\/services\/([a-z]+)\/(stop|start)$/.exec(request.url ?? '');
    const service = serviceNames.find((name) => name === match?.[1]);
    if (request.method !== 'POST' || !match || !service) {
      response.writeHead(404).end();
      return;
    }
    (match[2] === 'stop' ? running.stopService(service) : running.startService(service)).then(
      () => response.writeHead(204).end(),
      (err: unknown) => response.writeHead(500, { 'content-type': 'text/plain' }).end(String(err)),
    );
  });
  // A turn is answered when it comes, which may be minutes away: no request timeout.
  server.requestTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  control = server;
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('control server has no port');
  return `http://127.0.0.1:${address.port}`;
}

/**
 * Demo data settles after the services answer: the demo visit is assigned once booking hears of the demo technician
 * from tracking, tracking gets its record through booking's outbox, and booking links the demo customer's history when
 * accounts' effect arrives. Tests start once that has happened (a visit assigned, a tracking record, and no service
 * with a delivery pending), so none sees the demo data change under it.
 */
async function demoDataSettled(backoffice: string, admin: { email: string; password: string }): Promise<void> {
  const call = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
    const response = await fetch(`${backoffice}${path}`, { ...init, headers: { origin: backoffice, 'content-type': 'application/json', ...init.headers } });
    if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const { token } = await call<{ token: string }>('/api/admin/login', { method: 'POST', body: JSON.stringify(admin) });
  const headers = { authorization: `Bearer ${token}` };
  await waitFor(
    'the demo data to settle (a visit assigned, a tracking record, no delivery pending)',
    async () => {
      const appointments = await call<{ technicianId: string | null }[]>('/api/appointments?pageSize=200', { headers });
      const tracking = await call<{ total: number }>('/api/tracking', { headers });
      const pending = await Promise.all(serviceNames.map(async (service) => [service, (await call<DeliveryStatus>(deliveriesPath(service), { headers })).pending] as const));
      if (appointments.some((row) => row.technicianId) && tracking.total > 0 && pending.every(([, n]) => n === 0)) return true;
      throw new Error(`assigned visits ${appointments.filter((row) => row.technicianId).length}, tracking records ${tracking.total}, pending ${pending.map(([service, n]) => `${service} ${n}`).join(', ')}`);
    },
    120_000,
    250,
  );
}

export async function setup(project: TestProject) {
  databases = await record(serviceNames, () => createTestDatabase());
  for (const service of serviceNames) {
    if (!databases[service].config.url) throw new Error('Browser tests need PostgreSQL: set TEST_DATABASE_URL or start PostgreSQL on 127.0.0.1:5432.');
  }
  const appPorts = await record(appNames, () => freePort());
  const servicePorts = await record(serviceNames, () => freePort());
  const nodeGatewayPorts = await record(appNames, () => freePort());
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'browser-stack-'));
  const admin = { email: 'owner@example.com', password: 'browser-test-admin-password' };
  stack = await startStack({
    gateway: process.env.BROWSER_GATEWAY === 'local' ? 'local' : 'nginx',
    databaseUrls: Object.fromEntries(serviceNames.map((s) => [s, databases![s].config.url!])) as Record<ServiceName, string>,
    dataDir,
    appPorts,
    servicePorts,
    nodeGatewayPorts,
    seed: true,
    smsStandIn: { port: 0 },
    env: {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      // Every browser test signs in from one address (the gateway on loopback); with the default 10 attempts a minute
      // per client the suite would refuse sign-ins depending on test order. The throttles are proven in accounts' tests.
      LOGIN_RATE_LIMIT_MAX: '1000',
      // Two test files run at once from that one address: each service's general limit (300 a minute) would depend on
      // which files meet. The limit is proven in the kit's tests.
      RATE_LIMIT_MAX: '5000',
      FIND_APPOINTMENT_RATE_LIMIT_MAX: '1000',
      // Likewise the reset requests per client (the system tests send the route hostile input from the same address).
      PASSWORD_RESET_CLIENT_MAX: '1000',
      // And the registrations per client: every test registers its customers from this address.
      REGISTRATION_CLIENT_MAX: '1000',
      // And the failed sign-ins per client on any accounts: the sign-in alert's test fails ten on one account.
      LOGIN_CLIENT_MAX_FAILURES: '1000',
    },
  });
  await demoDataSettled(stack.urls.backoffice, admin);
  project.provide('seededOn', businessDate());
  project.provide('urls', stack.urls);
  project.provide('nodeGatewayUrls', stack.nodeGatewayUrls ?? stack.urls);
  project.provide('admin', admin);
  project.provide('control', await startControl(stack));
  if (stack.sandboxes) project.provide('fieldService', stack.sandboxes);
  project.provide('accountsDatabaseUrl', databases.accounts.config.url!);
  project.provide('bookingDatabaseUrl', databases.booking.config.url!);
  project.provide('trackingDatabaseUrl', databases.tracking.config.url!);
  project.provide('mailWeb', stack.mail.web);
  project.provide('smsWeb', stack.sms!.web);
  project.provide('objectStore', stack.objectStore);
}

export async function teardown() {
  await new Promise((resolve) => (control ? control.close(resolve) : resolve(undefined)));
  await stack?.stop();
  if (databases) await Promise.all(Object.values(databases).map((database) => database.cleanup()));
  // BROWSER_STACK_LOGS=<dir> keeps the services' logs of the run there, to read after a failure.
  if (dataDir && process.env.BROWSER_STACK_LOGS) await cp(path.join(dataDir, 'logs'), process.env.BROWSER_STACK_LOGS, { recursive: true });
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}
