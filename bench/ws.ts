/**
 * `pnpm bench ws`: live updates over tracking's /ws, beside a bare `ws` broadcast in the same run.
 *
 * The tracking service runs in a child process on a fresh PostgreSQL database (this file again, role `tracking`),
 * with real data: one technician with 100 open jobs, another with one. Subscribers follow appointments with the
 * appointment's link (`access`), each from its own client address, as a browser through the gateway would. A location
 * update goes through the real route (`PUT /api/technicians/:id/location` as staff: transaction, NOTIFY, LISTEN, hub),
 * so a latency is from the request leaving this process to the message arriving at a subscriber.
 * The bare server (role `bare`, another child) is `ws` alone: a trigger message makes it send the same text to every
 * client, the way ws's own broadcast example does.
 *
 * Scenarios: 1,000 subscribers over 100 appointments (10 each), and 100 subscribers on one appointment.
 * - latency: BENCH_WS_ROUNDS (default 50) updates one after another, each waited for at every subscriber; p50/p99
 *   over all deliveries;
 * - throughput: BENCH_WS_UPDATES (default 200) updates with BENCH_WS_IN_FLIGHT (default 8) in flight; updates/s until
 *   every subscriber has every one.
 * Tracking is measured twice: through the route, and with the route's notification sent straight to PostgreSQL (the
 * relay alone: LISTEN, hub, sockets), which shows what the route's own work (HTTP, session, transaction) adds.
 * The three servers are measured in interleaved blocks (BENCH_WS_ROUNDS and BENCH_WS_UPDATES split over 5), so a
 * machine that is busy with something else for a while slows all of them alike.
 * Figures are printed and saved for the run's report (bench/report.ts). BENCH_WS_TIMEOUT_SECONDS bounds the run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import WebSocket, { WebSocketServer } from 'ws';
import { appointmentDispatchTopic, serviceNames, wsLimits, wsPath, type AppointmentDispatch, type Technician } from '@repo/contracts';
import { loadEnv, MemorySessionStore } from '@repo/service-kit';
import { createDatabase, migrateServiceDatabase, notify } from '@repo/service-kit/db';
import { systemRuntime } from '@repo/service-kit/main';
import { injectEffect, signTestSession, testKeyEnv, testSigningKeys } from '@repo/service-kit/test-service';
import { createTestDatabase } from '@repo/service-kit/testing';
import { appointmentLinks } from '@repo/booking/appointment-links';
import { migrations } from '@repo/tracking/db/migrations';
import type { TrackingDatabase } from '@repo/tracking/db/schema';
import { trackingService } from '@repo/tracking/definition';
import { technicianMovedChannel, type TechnicianMoved } from '@repo/tracking/live-channels';
import { trackingEnvSchema } from '@repo/tracking/env';
import { percent, publish } from './report.ts';

const positiveInteger = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer (got "${process.env[name]}")`);
  return value;
};

/** The appointments of the wide scenario (one technician's 100 open jobs) and the narrow one's single job. */
const wideAppointments = Array.from({ length: 100 }, (_, i) => 1001 + i);
const narrowAppointment = 2001;

type TrackingReady = { port: number; staff: string; wide: string; narrow: string; links: Record<string, string> };

// ---------------------------------------------------------------------------------------------------------------
// Child: the tracking service, as deployed (migrations, the service's own build, listening), plus the demo data.
// ---------------------------------------------------------------------------------------------------------------
async function serveTracking(): Promise<void> {
  const key = randomBytes(24).toString('hex');
  const database = await createDatabase<TrackingDatabase>({ url: process.env.BENCH_DATABASE_URL! });
  await migrateServiceDatabase(database.db, migrations);
  const env = loadEnv('tracking', trackingEnvSchema, {
    NODE_ENV: 'production',
    TRUST_PROXY: 'loopback',
    // Warnings would be the deliveries to the peers' discard address, retried in the background.
    LOG_LEVEL: 'error',
    ...testKeyEnv,
    RATE_LIMIT_MAX: '100000000',
    SERVICE_KEY: key,
    TRUSTED_SERVICE_KEYS: serviceNames.map((service) => `${service}=${key}`).join(','),
    // Nothing it sends to its peers matters here; deliveries wait at the discard port.
    PEER_URLS: serviceNames.map((service) => `${service}=http://127.0.0.1:9`).join(','),
  });
  // Sessions are checked in memory instead of asking an accounts service: the staff session below is the only one.
  const sessions = new MemorySessionStore();
  const app = await trackingService.build(env, database, { ...systemRuntime, sessions });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const staff = `Bearer ${signTestSession({ sub: 'staff:bench', role: 'staff', sid: sessions.open() })}`;

  const newTechnician = async (name: string) => {
    const response = await app.inject({ method: 'POST', url: '/api/technicians', headers: { authorization: staff }, payload: { name, phone: '(904) 555-0199', vehicleInfo: 'Van' } });
    if (response.statusCode !== 201) throw new Error(`creating a technician answered ${response.statusCode}: ${response.body}`);
    return (response.json() as Technician).id;
  };
  const [wide, narrow] = [await newTechnician('Bench Wide'), await newTechnician('Bench Narrow')];
  const now = new Date();
  const startsAt = new Date(now.getTime() + 24 * 3_600_000);
  const endsAt = new Date(startsAt.getTime() + 3_600_000);
  const links = appointmentLinks(testSigningKeys.link.privateKey);
  const issued: Record<string, string> = {};
  const jobs = [...wideAppointments.map((id) => [id, wide] as const), [narrowAppointment, narrow] as const];
  for (const [appointmentId, technicianId] of jobs) {
    const payload: AppointmentDispatch = {
      appointmentId, version: 1, technicianId, status: 'scheduled', customerId: appointmentId, customerName: 'Bench Customer', phone: '(904) 555-0142',
      address: '48 Cordova St', city: 'St Augustine', state: 'FL', zipCode: '32084', serviceType: 'Repair', appliance: 'Dishwasher', brand: 'Bosch',
      startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString(),
    };
    const response = await injectEffect(app, { from: 'booking', topic: appointmentDispatchTopic, payload, key });
    if (response.statusCode !== 200) throw new Error(`dispatching appointment ${appointmentId} answered ${response.statusCode}: ${response.body}`);
    // A customer hears of the technician's moves only while the technician is on the way to their visit.
    const setOff = await app.inject({ method: 'PUT', url: `/api/tracking/${appointmentId}/status`, headers: { authorization: staff }, payload: { status: 'en-route' } });
    if (setOff.statusCode !== 200) throw new Error(`setting off to appointment ${appointmentId} answered ${setOff.statusCode}: ${setOff.body}`);
    issued[appointmentId] = links.issue(appointmentId, 'track', new Date(endsAt.getTime() + 24 * 3_600_000), now);
  }
  const ready: TrackingReady = { port: (app.server.address() as AddressInfo).port, staff, wide, narrow, links: issued };
  process.stdout.write(`READY ${JSON.stringify(ready)}\n`);
  process.once('SIGTERM', () => void app.close().finally(() => database.close()).finally(() => process.exit(0)));
}

// ---------------------------------------------------------------------------------------------------------------
// Child: a bare ws server. A message on /control is sent, as received, to every client of /.
// ---------------------------------------------------------------------------------------------------------------
async function serveBare(): Promise<void> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, maxPayload: wsLimits.maxMessageBytes });
  await new Promise((resolve) => wss.once('listening', resolve));
  const subscribers = new Set<WebSocket>();
  wss.on('connection', (socket, request) => {
    if (request.url === '/control') {
      socket.on('message', (data) => {
        for (const client of subscribers) if (client.readyState === WebSocket.OPEN) client.send(data, { binary: false });
      });
      return;
    }
    subscribers.add(socket);
    socket.once('close', () => subscribers.delete(socket));
  });
  process.stdout.write(`READY ${JSON.stringify({ port: (wss.address() as AddressInfo).port })}\n`);
  process.once('SIGTERM', () => wss.close(() => process.exit(0)));
}

// ---------------------------------------------------------------------------------------------------------------
// The benchmark: clients here, servers in their own processes.
// ---------------------------------------------------------------------------------------------------------------
const children: ChildProcess[] = [];

/** Starts this file in `role` and resolves with what it printed after READY. */
async function startChild<T>(role: string, env: Record<string, string> = {}): Promise<T> {
  const child = spawn(process.execPath, [...process.execArgv, import.meta.filename, role], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const lines = createInterface({ input: child.stdout! });
  return new Promise<T>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`ws benchmark: the ${role} server exited (${code}) before it was ready`)));
    lines.on('line', (line) => {
      if (line.startsWith('READY ')) resolve(JSON.parse(line.slice('READY '.length)) as T);
      else console.log(`[${role}] ${line}`);
    });
  });
}

async function stopChildren(): Promise<void> {
  await Promise.all(children.map((child) => new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
  })));
}

/** A subscriber: counts the updates it receives and when each arrived. */
type Subscriber = { socket: WebSocket; onUpdate?: () => void };

let clientNumber = 0;
/** Its own client address per socket (198.18.0.0/15), as browsers behind the gateway. */
const nextClientAddress = () => {
  clientNumber += 1;
  return `198.18.${Math.floor(clientNumber / 250) % 250}.${(clientNumber % 250) + 1}`;
};

/** Opens a socket; `ready` is the message that says it is set up (subscribed), or none. */
function openSubscriber(url: string, subscribe: object | undefined, isUpdate: (text: string) => boolean): Promise<Subscriber> {
  const socket = new WebSocket(url, { headers: { 'x-forwarded-for': nextClientAddress() } });
  const subscriber: Subscriber = { socket };
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.once('open', () => {
      if (!subscribe) return resolve(subscriber);
      socket.send(JSON.stringify(subscribe));
    });
    socket.on('message', (data) => {
      const text = String(data);
      // Each client reads its messages as a browser would.
      const message = JSON.parse(text) as { type: string };
      if (message.type === 'subscribed') return resolve(subscriber);
      if (message.type === 'error') return reject(new Error(`ws benchmark: subscription refused: ${text}`));
      if (isUpdate(text)) subscriber.onUpdate?.();
    });
  });
}

/** Opens `count` subscribers, a batch at a time (the listen backlog is finite). */
async function openSubscribers(count: number, open: (index: number) => Promise<Subscriber>): Promise<Subscriber[]> {
  const subscribers: Subscriber[] = [];
  for (let start = 0; start < count; start += 100) {
    subscribers.push(...(await Promise.all(Array.from({ length: Math.min(100, count - start) }, (_, i) => open(start + i)))));
  }
  return subscribers;
}

const closeSubscribers = (subscribers: Subscriber[]) =>
  Promise.all(subscribers.map(({ socket }) => new Promise<void>((resolve) => {
    if (socket.readyState === WebSocket.CLOSED) return resolve();
    socket.once('close', () => resolve());
    socket.close();
  })));

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

type Figures = { p50: number; p99: number; max: number; updatesPerSecond: number; deliveriesPerSecond: number };

/** One server's measurements, added up over the blocks of the run. */
type Tally = { latencies: number[]; updates: number; seconds: number; deliveries: number };
const newTally = (): Tally => ({ latencies: [], updates: 0, seconds: 0, deliveries: 0 });

/**
 * One block of measurements at every subscriber, added to `tally`: `warmup` untimed updates, `rounds` one at a time for
 * latency, then `updates` with `inFlight` outstanding for throughput (an update stops being outstanding once `send`
 * resolves).
 */
async function measureBlock(subscribers: Subscriber[], send: () => Promise<void>, tally: Tally, block: { warmup: number; rounds: number; updates: number; inFlight: number }): Promise<void> {
  let started = 0;
  let arrived = 0;
  let expected = 0;
  let done: (() => void) | undefined;
  const record = (keep: boolean) => () => {
    if (keep) tally.latencies.push(performance.now() - started);
    arrived += 1;
    if (arrived === expected) done?.();
  };
  const until = (total: number) => new Promise<void>((resolve) => {
    expected = total;
    done = resolve;
    if (arrived === total) resolve();
  });

  for (const subscriber of subscribers) subscriber.onUpdate = record(false);
  for (let i = 0; i < block.warmup; i += 1) {
    const all = until(arrived + subscribers.length);
    await send();
    await all;
  }
  for (const subscriber of subscribers) subscriber.onUpdate = record(true);
  for (let i = 0; i < block.rounds; i += 1) {
    const all = until(arrived + subscribers.length);
    started = performance.now();
    await send();
    await all;
  }

  for (const subscriber of subscribers) subscriber.onUpdate = record(false);
  const all = until(arrived + subscribers.length * block.updates);
  const throughputStart = performance.now();
  let issued = 0;
  await Promise.all(Array.from({ length: block.inFlight }, async () => {
    while (issued < block.updates) {
      issued += 1;
      await send();
    }
  }));
  await all;
  tally.seconds += (performance.now() - throughputStart) / 1000;
  tally.updates += block.updates;
  tally.deliveries += block.updates * subscribers.length;
}

function figuresOf(tally: Tally): Figures {
  const sorted = [...tally.latencies].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1)!,
    updatesPerSecond: tally.updates / tally.seconds,
    deliveriesPerSecond: tally.deliveries / tally.seconds,
  };
}

// node:http with keep-alive rather than fetch: a lighter client leaves more of the machine to the servers measured.
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function put(port: number, urlPath: string, authorization: string, body: object): Promise<void> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path: urlPath, method: 'PUT', agent, headers: { authorization, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } }, (response) => {
      response.resume();
      response.once('end', () => (response.statusCode === 200 ? resolve() : reject(new Error(`ws benchmark: PUT ${urlPath} answered ${response.statusCode}`))));
    });
    request.once('error', reject);
    request.end(payload);
  });
}

type Scenario = { name: string; subscribers: number; appointments: number[]; technician: 'wide' | 'narrow' };
type Row = Scenario & { tracking: Figures; relay: Figures; bare: Figures };

async function main(): Promise<void> {
  const options = {
    warmup: 5,
    blocks: 5,
    rounds: positiveInteger('BENCH_WS_ROUNDS', 50),
    updates: positiveInteger('BENCH_WS_UPDATES', 200),
    inFlight: positiveInteger('BENCH_WS_IN_FLIGHT', 8),
  };
  const database = await createTestDatabase({ driver: 'postgres' });
  let closeNotifier = async () => {};
  try {
    const tracking = await startChild<TrackingReady>('tracking', { BENCH_DATABASE_URL: database.config.url! });
    const bare = await startChild<{ port: number }>('bare');
    const notifier = await createDatabase<TrackingDatabase>({ url: database.config.url!, poolSize: options.inFlight });
    closeNotifier = () => notifier.close();
    const scenarios: Scenario[] = [
      { name: '1,000 subscribers over 100 appointments', subscribers: 1000, appointments: wideAppointments, technician: 'wide' },
      { name: '100 subscribers on one appointment', subscribers: 100, appointments: [narrowAppointment], technician: 'narrow' },
    ];
    const rows: Row[] = [];
    let lat = 29.9;
    for (const scenario of scenarios) {
      // Tracking: each subscriber follows one of the appointments with its link; an update is one technician's move.
      const trackingSubscribers = await openSubscribers(scenario.subscribers, (index) => {
        const appointmentId = String(scenario.appointments[index % scenario.appointments.length]);
        return openSubscriber(`ws://127.0.0.1:${tracking.port}${wsPath}`, { type: 'subscribe', appointmentId, access: tracking.links[appointmentId] }, (text) => text.includes('"location_update"'));
      });
      const technicianId = tracking[scenario.technician];
      const move = () => {
        lat += 0.000_01;
        return put(tracking.port, `/api/technicians/${technicianId}/location`, tracking.staff, { lat, lng: -81.31, address: 'San Marco Ave' });
      };
      // The relay alone: the notification the route sends, sent straight to the database.
      const moved: TechnicianMoved = { technicianId, appointmentIds: scenario.appointments.map(String) };
      const relay = () => notify(notifier.db, technicianMovedChannel, JSON.stringify(moved));

      // Bare ws: the same number of clients, the same text, one trigger message per update.
      const text = JSON.stringify({ type: 'location_update', technicianId, appointmentId: String(scenario.appointments[0]) });
      const bareSubscribers = await openSubscribers(scenario.subscribers, () => openSubscriber(`ws://127.0.0.1:${bare.port}/`, undefined, () => true));
      const control = await openSubscriber(`ws://127.0.0.1:${bare.port}/control`, undefined, () => false);
      const broadcast = () => new Promise<void>((resolve, reject) => control.socket.send(text, (err) => (err ? reject(err) : resolve())));

      // Interleaved blocks, each server first in turn, so a machine busy with something else for a while weighs on all three.
      const servers = [
        { subscribers: trackingSubscribers, send: move, tally: newTally() },
        { subscribers: trackingSubscribers, send: relay, tally: newTally() },
        { subscribers: bareSubscribers, send: broadcast, tally: newTally() },
      ];
      for (let block = 0; block < options.blocks; block += 1) {
        for (let turn = 0; turn < servers.length; turn += 1) {
          const server = servers[(block + turn) % servers.length]!;
          await measureBlock(server.subscribers, server.send, server.tally, {
            warmup: block === 0 ? options.warmup : 0,
            rounds: Math.ceil(options.rounds / options.blocks),
            updates: Math.ceil(options.updates / options.blocks),
            inFlight: options.inFlight,
          });
        }
      }
      await closeSubscribers([...trackingSubscribers, ...bareSubscribers, control]);
      const [route, notified, plain] = servers.map((server) => figuresOf(server.tally)) as [Figures, Figures, Figures];
      rows.push({ ...scenario, tracking: route, relay: notified, bare: plain });
    }
    await report(rows, options);
  } finally {
    agent.destroy();
    await closeNotifier();
    await stopChildren();
    await database.cleanup();
  }
}

async function report(rows: Row[], options: { rounds: number; updates: number; inFlight: number }): Promise<void> {
  const ms = (value: number) => value.toFixed(1);
  const rate = (value: number) => value.toFixed(0);
  const wide = rows[0]!;
  const ratio = wide.tracking.updatesPerSecond / wide.bare.updatesPerSecond;
  await publish({
    id: 'ws',
    title: 'Live updates over /ws',
    description:
      `Latency over ${options.rounds} updates one at a time; throughput over ${options.updates} updates, ${options.inFlight} in flight. ` +
      'tracking, route: PUT /api/technicians/:id/location (staff) → transaction with NOTIFY → LISTEN → /ws subscribers (link access). ' +
      'tracking, NOTIFY: the same notification sent straight to PostgreSQL (the relay alone). bare ws: a broadcast of the same text.',
    tables: [{
      columns: ['scenario', 'server', 'p50 ms', 'p99 ms', 'max ms', 'updates/s', 'deliveries/s', 'throughput vs bare'],
      numeric: [false, false, true, true, true, true, true, true],
      rows: rows.flatMap((row) =>
        ([['tracking, route', row.tracking], ['tracking, NOTIFY', row.relay], ['bare ws', row.bare]] as const).map(([server, figures]) => [
          row.name, server, ms(figures.p50), ms(figures.p99), ms(figures.max), rate(figures.updatesPerSecond), rate(figures.deliveriesPerSecond),
          figures === row.bare ? '' : percent(figures.updatesPerSecond, row.bare.updatesPerSecond),
        ]),
      ),
    }],
    targets: [
      { name: 'p99 through the route at 1,000 subscribers', measured: `${ms(wide.tracking.p99)} ms`, goal: '< 100 ms', met: wide.tracking.p99 < 100 },
      { name: 'throughput vs bare ws at 1,000 subscribers', measured: percent(ratio, 1), goal: '≥ 50 %', met: ratio >= 0.5 },
    ],
    figures: { options, scenarios: rows },
  });
}

const role = process.argv[2];
if (role === 'tracking') await serveTracking();
else if (role === 'bare') await serveBare();
else {
  const timeoutSeconds = positiveInteger('BENCH_WS_TIMEOUT_SECONDS', 300);
  const watchdog = setTimeout(() => {
    console.error(`\nws benchmark: no result within ${timeoutSeconds} s (BENCH_WS_TIMEOUT_SECONDS); stopping.`);
    void stopChildren().finally(() => process.exit(1));
  }, timeoutSeconds * 1000);
  try {
    await main();
  } finally {
    clearTimeout(watchdog);
  }
}
