import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentAccessHeader, deliveriesPath, deliveryStatusSchema, serviceNames, wsPath, type ServiceName, type WsServerMessage } from '@repo/contracts';
import { freePort, waitFor } from '@repo/service-kit/testing';
import { createDatabase, type Database } from '@repo/service-kit/db';
import type { BookingDatabase } from '@repo/booking/db/schema';
import type { TrackingDatabase } from '@repo/tracking/db/schema';
import { startPrivateCluster, type PrivateCluster } from './postgres-cluster.ts';
import { startServices, type ServiceProcesses } from './services.ts';
import { Traffic } from './traffic.ts';

/**
 * The system under faults: the services' production bundles on a PostgreSQL cluster of the suite's own, while
 * bookings, assignments, location updates and a live subscriber flow. Each service process is stopped and started,
 * booking is killed outright, tracking is cut while assignments are made, and PostgreSQL is restarted and crashed.
 * Then, read from each service's own database: nothing committed is lost, no booking is duplicated, the queued
 * booking → tracking effects arrived, the services recovered by themselves (same processes), the live socket came back,
 * and while the database was down every service answered 503 with Retry-After in the error shape, never a 500 or a hang.
 */
const admin = { email: 'faults-admin@example.com', password: 'fault-suite-admin-password' };
const faults: string[] = [];

let cluster: PrivateCluster | undefined;
let services: ServiceProcesses | undefined;
let traffic: Traffic;
let workDir: string | undefined;
let booking: Database<BookingDatabase> | undefined;
let tracking: Database<TrackingDatabase> | undefined;
let databaseUrls: Record<ServiceName, string>;

beforeAll(async () => {
  cluster = await startPrivateCluster();
  workDir = await mkdtemp(path.join(os.tmpdir(), 'faults-services-'));
  databaseUrls = {} as Record<ServiceName, string>;
  for (const service of serviceNames) databaseUrls[service] = await cluster.createDatabase(service);
  const ports = {} as Record<ServiceName, number>;
  for (const service of serviceNames) ports[service] = await freePort();
  services = await startServices({
    databaseUrls,
    ports,
    logDir: workDir,
    env: {
      NODE_ENV: 'production',
      TRUST_PROXY: 'loopback',
      METRICS_TOKEN: randomBytes(32).toString('base64'),
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      ALLOWED_ORIGINS: 'http://127.0.0.1:8080,http://127.0.0.1:8081,http://127.0.0.1:8082',
      // One loopback client makes every call here, where production sees many: the throttles are proven elsewhere.
      RATE_LIMIT_MAX: '100000000',
      BOOKING_RATE_LIMIT_MAX: '100000000',
      LOGIN_RATE_LIMIT_MAX: '100000000',
      FIND_APPOINTMENT_RATE_LIMIT_MAX: '100000000',
      BOOKING_SLOT_CAPACITY: '1000',
      // Production refuses to start without the key stored field-service tokens are encrypted with: one for this run.
      FIELD_SERVICE_CREDENTIALS_KEY: randomBytes(32).toString('base64'),
    },
  });
  traffic = new Traffic(services, admin);
  await traffic.prepare();
  // The suite's own readers, opened after the faults (below) so their pools are not what is being tested.
}, 300_000);

afterAll(async () => {
  if (cluster && !cluster.running()) await cluster.start().catch(() => undefined);
  await traffic?.stop(5_000).catch(() => undefined);
  await booking?.close();
  await tracking?.close();
  await services?.stopAll();
  await cluster?.remove();
  if (workDir) await rm(workDir, { recursive: true, force: true });
  if (traffic) {
    console.log(
      [
        '',
        '=== fault suite figures',
        `faults injected: ${faults.length} (${faults.join('; ')})`,
        `bookings attempted ${traffic.figures.bookingsAttempted}, committed ${traffic.figures.bookingsCommitted}, retried calls ${traffic.figures.bookingRetries}`,
        `assignments committed ${traffic.figures.assignmentsCommitted}, location updates committed ${traffic.figures.locationsCommitted}`,
        `effects queued in booking's outbox while tracking was cut: ${queuedWhileCut}; delivered (tracking's snapshot at booking's version, record with the technician): ${delivered}`,
        `requests ${traffic.figures.requests}: 503 with Retry-After ${traffic.figures.answered503}, Fastify's own 503 while a service was closing ${traffic.figures.closing503}, refused connections/resets ${traffic.figures.networkErrors}`,
        `live socket: opened ${traffic.figures.wsOpens} times, reconnected ${traffic.figures.wsReconnects} times, ${traffic.figures.wsMessages} messages`,
        `violations: ${traffic.violations.length}, crashes: ${services?.crashes().length ?? 0}`,
      ].join('\n'),
    );
  }
}, 120_000);

let delivered = 0;

let queuedWhileCut = 0;

/**
 * Messages booking still owes tracking (waiting, retrying, in flight or given up), as booking's deliveries route shows
 * them to staff: tracking is the only subscriber of booking's topics in this run.
 */
async function owedToTracking(): Promise<number> {
  const answer = await traffic.call('booking', 'GET', deliveriesPath('booking'), { auth: true });
  const status = deliveryStatusSchema.parse(answer.body);
  return status.pending + status.failed;
}

/** Asks one database-reading route of each service while PostgreSQL is down: each must answer 503 + Retry-After, quickly. */
async function expectUnavailableWhileDatabaseIsDown() {
  const probes: [ServiceName, string, string, unknown?][] = [
    ['booking', 'POST', '/api/appointments', undefined],
    ['accounts', 'POST', '/api/auth/login', { email: 'nobody@example.com', password: 'not-the-password' }],
    ['tracking', 'GET', '/api/technicians', undefined],
    ['payments', 'GET', '/api/payments/pi_faults_probe', undefined],
  ];
  for (const [service, method, route, body] of probes) {
    const started = Date.now();
    const answer =
      service === 'booking'
        ? await traffic.call(service, method, route, { body: traffic.bookingRequest(-1, 'probe@example.com'), headers: { 'idempotency-key': `probe-${Date.now()}` } })
        : await traffic.call(service, method, route, { body, auth: service === 'tracking' });
    expect(answer, `${method} ${service}${route}`).toMatchObject({ status: 503, retryAfter: expect.stringMatching(/^\d+$/), body: { error: { code: 'SERVICE_UNAVAILABLE', message: expect.any(String) } } });
    expect(Date.now() - started, `${service} answered within 10 s`).toBeLessThan(10_000);
  }
}

describe.sequential('the system under faults', () => {
  it('flows before any fault', async () => {
    traffic.start();
    await traffic.progressed('the start');
  });

  it('recovers from each service process being stopped and started', async () => {
    for (const service of serviceNames) {
      await services!.stop(service, 'SIGTERM');
      faults.push(`${service} stopped`);
      await services!.start(service);
      await traffic.progressed(`${service} restarted`);
    }
  });

  it('loses and duplicates no booking when booking is killed mid-flow', async () => {
    await services!.stop('booking', 'SIGKILL');
    faults.push('booking killed');
    await services!.start('booking');
    await traffic.progressed('booking killed');
  });

  it('delivers the assignments made while tracking is cut once it is back', async () => {
    await services!.stop('tracking', 'SIGTERM');
    faults.push('tracking cut during assignments');
    const before = traffic.figures.assignmentsCommitted;
    // Booking goes on assigning from its replica of the technicians: the effects queue up in its outbox.
    await waitFor('assignments to be made while tracking is down', () => traffic.figures.assignmentsCommitted >= before + 5, 60_000);
    queuedWhileCut = await owedToTracking();
    expect(queuedWhileCut).toBeGreaterThan(0);
    await services!.start('tracking');
    await traffic.progressed('tracking came back');
  });

  for (const mode of ['fast', 'immediate'] as const) {
    it(`answers 503 while PostgreSQL is down and recovers by itself after a ${mode === 'fast' ? 'restart' : 'crash'} (${mode})`, async () => {
      const pids = Object.fromEntries(serviceNames.map((service) => [service, services!.pid(service)]));
      await cluster!.stop(mode);
      faults.push(`PostgreSQL stopped (${mode})`);
      try {
        await expectUnavailableWhileDatabaseIsDown();
      } finally {
        await cluster!.start();
      }
      await traffic.progressed(`PostgreSQL ${mode} restart`);
      // The same processes answer: their pools, LISTEN connections and outbox reconnected without a restart.
      expect(Object.fromEntries(serviceNames.map((service) => [service, services!.pid(service)]))).toEqual(pids);
    });
  }

  it('kept every committed booking, once, and delivered every queued effect', async () => {
    await traffic.stop();
    booking = await createDatabase<BookingDatabase>({ url: databaseUrls.booking, poolSize: 2 });
    tracking = await createDatabase<TrackingDatabase>({ url: databaseUrls.tracking, poolSize: 2 });

    // Every answered booking is stored under its Idempotency-Key, with the appointment the client was told.
    const keys = await booking.db.selectFrom('idempotency_keys').select(['key', 'appointment_id']).execute();
    const stored = new Map(keys.map((row) => [row.key, row.appointment_id]));
    for (const [key, { id }] of traffic.committed) expect(stored.get(key), `booking ${key}`).toBe(id);
    // No booking twice: one appointment per client booking (each has its own e-mail), and nothing the clients did not book.
    const ours = await booking.db.selectFrom('appointments').select(['id', 'email', 'technician_id', 'version']).where('email', 'like', 'faults-%').execute();
    expect(ours.length).toBe(traffic.committed.size);
    expect(new Set(ours.map((row) => row.email)).size).toBe(ours.length);
    expect(traffic.figures.bookingsCommitted).toBe(traffic.figures.bookingsAttempted);

    // Every acknowledged assignment is in booking, and reached tracking through the outbox at booking's latest version.
    const byId = new Map(ours.map((row) => [row.id, row]));
    for (const [id, technicianId] of traffic.assigned) expect(byId.get(id)?.technician_id, `appointment ${id}`).toBe(technicianId);
    const assignedRows = ours.filter((row) => row.technician_id !== null);
    expect(assignedRows.length).toBeGreaterThan(0);
    await waitFor('booking\'s outbox to be delivered to tracking', async () => {
      const snapshots = await tracking!.db.selectFrom('appointment_snapshots').select(['appointment_id', 'version', 'technician_id']).execute();
      const records = await tracking!.db.selectFrom('tracking_records').select(['appointment_id', 'technician_id']).execute();
      const snapshotOf = new Map(snapshots.map((row) => [row.appointment_id, row]));
      const recordOf = new Map(records.map((row) => [row.appointment_id, row]));
      delivered = assignedRows.filter((row) => snapshotOf.get(row.id)?.version === row.version && recordOf.get(row.id)?.technician_id === row.technician_id).length;
      return delivered === assignedRows.length;
    }, 120_000, 500);
    // And the outbox owes nothing. A job that was active when PostgreSQL crashed may already have been applied by
    // tracking while pg-boss still holds it as active: it is delivered again once it expires (about 45 s: the 30 s
    // expiry and the 15 s supervisor), tracking takes it as the version it already has, and the job completes.
    await waitFor('booking\'s outbox to owe tracking nothing', async () => (await owedToTracking()) === 0, 120_000, 500);

    // The last acknowledged position of each technician is the one tracking holds.
    const technicians = await tracking.db.selectFrom('technicians').select(['id', 'lat', 'lng']).execute();
    for (const [id, position] of traffic.located) expect(technicians.find((row) => row.id === id), `technician ${id}`).toMatchObject(position);
  });

  it('gives a new live subscription after recovery the current state and the updates that follow', async () => {
    const [first] = [...traffic.committed.values()];
    const appointmentId = first!.id;
    const technicianId = traffic.assigned.get(appointmentId)!;
    expect(technicianId).toBeDefined();
    // A visitor's tracking page: the current record over HTTP with the appointment's link, then the socket.
    const current = await traffic.call('tracking', 'GET', `/api/tracking/${appointmentId}`, { headers: { [appointmentAccessHeader]: first!.manageToken } });
    expect(current).toMatchObject({ status: 200, body: { appointmentId: String(appointmentId), technicianId } });

    const heard: WsServerMessage[] = [];
    const socket = new WebSocket(`${services!.url('tracking').replace(/^http/, 'ws')}${wsPath}`);
    socket.on('message', (data) => heard.push(JSON.parse(String(data)) as WsServerMessage));
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('open', () => resolve());
        socket.once('error', reject);
      });
      socket.send(JSON.stringify({ type: 'subscribe', appointmentId: String(appointmentId), access: first!.manageToken }));
      await waitFor('the subscription', () => heard.some((message) => message.type === 'subscribed' && message.appointmentId === String(appointmentId)), 15_000);
      const updateOfVisit = (from: number) => () =>
        heard.slice(from).some((message) => message.type === 'tracking_update' && message.appointmentId === String(appointmentId));

      // The technician sets off: the visitor hears it, and from then on the technician's moves (a customer hears of
      // them only while the technician is on the way to their visit).
      const setOff = heard.length;
      const enRoute = await traffic.call('tracking', 'PUT', `/api/tracking/${appointmentId}/status`, { body: { status: 'en-route' }, auth: true });
      expect(enRoute).toMatchObject({ status: 200, body: { status: 'en-route' } });
      await waitFor('the technician setting off to reach the socket', updateOfVisit(setOff), 15_000);
      await traffic.locate(technicianId, 4242);
      await waitFor('the technician\'s move', () => heard.some((message) => message.type === 'location_update' && message.technicianId === technicianId && message.appointmentId === String(appointmentId)), 15_000);

      // Then the visit is given to another technician: the visitor hears it, and sees the new one, dispatched, nowhere yet.
      const other = traffic.technicians.find((id) => id !== technicianId) ?? technicianId;
      expect(other).not.toBe(technicianId);
      const reassigned = heard.length;
      await traffic.assign(appointmentId, other);
      await waitFor('the reassignment to reach the socket', updateOfVisit(reassigned), 60_000);
      const after = await traffic.call('tracking', 'GET', `/api/tracking/${appointmentId}`, { headers: { [appointmentAccessHeader]: first!.manageToken } });
      expect(after).toMatchObject({ status: 200, body: { technicianId: other, status: 'dispatched', location: null, route: [] } });
    } finally {
      socket.close();
    }
  });

  it('never answered a 500, never hung, and no service crashed', () => {
    expect(traffic.violations).toEqual([]);
    expect(services!.crashes()).toEqual([]);
    expect(traffic.figures.wsReconnects).toBeGreaterThan(0);
  });
});
