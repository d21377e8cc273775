/**
 * `pnpm bench load`: the whole system under mixed traffic through nginx, as deployed locally (the built apps and the
 * services' production bundles on real PostgreSQL, demo data seeded), for LOAD_SECONDS (default 60):
 * - visitors reading a day's free slots (GET /api/appointments/available-slots) on the public host;
 * - visitors booking (POST /api/appointments) on a few hot days and slots, so bookings race for the last places;
 * - customers signing in (POST /api/auth/login) on the portal host;
 * - a technician's location updates (PUT /api/technicians/:id/location, staff bearer) heard by LOAD_SUBSCRIBERS
 *   /ws subscribers following his appointments with their links.
 * Then it checks what must hold whatever the load: no slot holds more bookings than its capacity (read from booking's
 * own tables), every 201 is a stored appointment, and no answer other than the expected 409 (slot full) and 429
 * (throttled) was an error. Throughput and p50/p99 per route go to the report; a broken rule fails the run.
 *
 * Rate limits are raised (every request comes from this one loopback client, where production sees many) so that the
 * figures measure the work, not the throttle; the throttles themselves are proven in the services' tests.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { bookableDates, confirmEmailPath, wsPath } from '@repo/contracts';
import { createDatabase } from '@repo/service-kit/db';
import type { BookingDatabase } from '@repo/booking/db/schema';
import type { RunningStack } from '../scripts/stack.ts';
import { percentile, positiveEnv as positive, publish, type Target } from './report.ts';
import { startBenchStack, type BenchStack } from './stack.ts';

const seconds = positive('LOAD_SECONDS', 60);
const subscriberCount = positive('LOAD_SUBSCRIBERS', 50);
const capacity = positive('LOAD_SLOT_CAPACITY', 3);
/** Concurrent clients per kind of traffic. */
const workers = { slots: 8, bookings: 6, logins: 2, locations: 2 } as const;
const admin = { email: 'load-admin@example.com', password: 'load-test-admin-password' };

type Route = 'GET /api/appointments/available-slots' | 'POST /api/appointments' | 'POST /api/auth/login' | 'PUT /api/technicians/:id/location';
type Tally = { latencies: number[]; statuses: Map<number, number>; failures: number };
const tallies = new Map<Route, Tally>();
const newTally = (): Tally => ({ latencies: [], statuses: new Map<number, number>(), failures: 0 });

/** One call, timed and counted under its route; answers the status and the parsed body. */
async function call(route: Route, url: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
  const tally = tallies.get(route) ?? newTally();
  tallies.set(route, tally);
  const started = performance.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
    const text = await response.text();
    tally.latencies.push(performance.now() - started);
    tally.statuses.set(response.status, (tally.statuses.get(response.status) ?? 0) + 1);
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  } catch {
    tally.failures += 1;
    return { status: 0, body: undefined };
  }
}

const json = (origin: string, body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', origin, ...headers },
  body: JSON.stringify(body),
});

function visitor(n: number) {
  return {
    customerName: `Load Visitor ${n}`, email: `load${n}@example.com`, phone: '(904) 555-0100', address: '1 King St', city: 'St Augustine',
    state: 'FL', zipCode: '32084', serviceType: 'Repair', appliance: 'Washer', brand: 'LG', description: 'Load test',
  };
}

/** The token of the registration link the stack's mail catcher holds for `email` (notifications sends it a moment after registering). */
async function confirmationToken(mailWeb: string, email: string): Promise<string> {
  const until = Date.now() + 60_000;
  for (;;) {
    const caught = (await (await fetch(new URL('/api/email', mailWeb))).json()) as { to: { address: string }[]; text: string }[];
    const token = caught
      .filter((mail) => mail.to.some((to) => to.address.toLowerCase() === email))
      .map((mail) => /\/confirm-email#token=([\w-]+)/.exec(mail.text)?.[1])
      .find(Boolean);
    if (token) return token;
    if (Date.now() > until) throw new Error(`load: no confirmation link reached ${email} within a minute`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}


/** Runs `step` in `count` loops until the deadline. */
const loops = (count: number, deadline: number, step: (worker: number) => Promise<unknown>) =>
  Promise.all(Array.from({ length: count }, async (_, worker) => {
    while (performance.now() < deadline) await step(worker);
  }));

async function setUp(stack: RunningStack) {
  const { web, portal, backoffice } = stack.urls;
  const staff = await call('POST /api/auth/login', `${backoffice}/api/admin/login`, json(backoffice, admin));
  if (staff.status !== 200) throw new Error(`load: staff sign-in answered ${staff.status}`);
  const bearer = { authorization: `Bearer ${(staff.body as { token: string }).token}`, origin: backoffice };

  const technicians = await fetch(`${backoffice}/api/technicians`, { headers: bearer }).then((r) => r.json() as Promise<{ id: string }[]>);
  const technicianId = technicians[0]?.id;
  if (!technicianId) throw new Error('load: the demo data has no technician');

  const dates = bookableDates().slice(1);
  const slotsOf = await fetch(`${web}/api/appointments/available-slots?date=${dates[0]}`).then((r) => r.json() as Promise<{ availableSlots: string[] }>);
  const slots = slotsOf.availableSlots;
  if (slots.length === 0) throw new Error(`load: no free slot on ${dates[0]}`);

  // The technician's jobs, which the subscribers follow: booked on the last day, apart from the racing bookings.
  const jobs: { id: number; token: string }[] = [];
  for (const [i, slot] of slots.slice(0, 5).entries()) {
    const booked = await call('POST /api/appointments', `${web}/api/appointments`, json(web, { ...visitor(1_000_000 + i), appointmentDate: dates.at(-1), timeSlot: slot }, { 'idempotency-key': randomUUID() }));
    if (booked.status !== 201) throw new Error(`load: booking a job answered ${booked.status}`);
    const body = booked.body as { appointment: { id: number }; manageToken: string };
    jobs.push({ id: body.appointment.id, token: body.manageToken });
  }
  /** A staff PUT, repeated for up to a minute until it is accepted (what it needs arrives through a durable effect). */
  const putUntilAccepted = async (what: string, path: string, body: object) => {
    const until = Date.now() + 60_000;
    for (;;) {
      const answer = await fetch(`${backoffice}${path}`, { method: 'PUT', headers: { ...bearer, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      if (answer.ok) return;
      if (Date.now() > until) throw new Error(`load: ${what} answered ${answer.status} for a minute`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };
  // Tracking tells booking of the seeded technicians through a durable effect: assign once booking has heard.
  for (const job of jobs) await putUntilAccepted('assigning', `/api/appointments/${job.id}/assign`, { technicianId });
  // The technician sets off to each (a customer hears of his moves only while he is on the way to their visit), once
  // booking's assignment has reached tracking.
  for (const job of jobs) await putUntilAccepted('setting off', `/api/tracking/${job.id}/status`, { status: 'en-route' });

  const customers = Array.from({ length: 10 }, (_, i) => ({ email: `load-customer-${i}@example.com`, password: 'load-customer-password' }));
  for (const [i, customer] of customers.entries()) {
    const registered = await fetch(`${portal}/api/auth/register`, json(portal, {
      firstName: 'Load', lastName: `Customer ${i}`, email: customer.email, phone: '(904) 555-0199', password: customer.password, confirmPassword: customer.password,
    }));
    if (registered.status !== 202) throw new Error(`load: registering a customer answered ${registered.status}`);
    // The emailed link, with the password chosen at registration, creates the account.
    const confirmed = await fetch(`${portal}${confirmEmailPath}`, json(portal, { token: await confirmationToken(stack.mail.web, customer.email), password: customer.password }));
    if (confirmed.status !== 200) throw new Error(`load: confirming a customer's email answered ${confirmed.status}`);
  }
  return { bearer, technicianId, dates, slots, jobs, customers };
}

/** Subscribers following the technician's jobs with their links, counting the location updates they hear. */
async function subscribe(portal: string, jobs: { id: number; token: string }[]) {
  let heard = 0;
  const sockets: WebSocket[] = [];
  const url = `${portal.replace(/^http/, 'ws')}${wsPath}`;
  for (let i = 0; i < subscriberCount; i += 1) {
    const job = jobs[i % jobs.length]!;
    // Each subscriber is a device of its own (its own loopback address), as the gateway caps sockets per client.
    const socket = new WebSocket(url, { headers: { origin: portal }, localAddress: `127.0.${1 + Math.floor(i / 250)}.${2 + (i % 250)}` });
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.once('open', () => socket.send(JSON.stringify({ type: 'subscribe', appointmentId: String(job.id), access: job.token })));
      socket.on('message', (data) => {
        const message = JSON.parse(String(data)) as { type: string; message?: string };
        if (message.type === 'subscribed') resolve();
        else if (message.type === 'error') reject(new Error(`load: subscription refused: ${message.message}`));
        else if (message.type === 'location_update') heard += 1;
      });
    });
    sockets.push(socket);
  }
  return { sockets, heard: () => heard };
}

/** Slots holding more bookings than their capacity, and the appointments booking stored during the run. */
async function checkBookings(databaseUrl: string, since: Date) {
  const { db, close } = await createDatabase<BookingDatabase>({ url: databaseUrl, poolSize: 1 });
  try {
    const overbooked = await db
      .selectFrom('appointments')
      .select((eb) => ['appointment_date', 'time_slot', eb.fn.countAll<string>().as('n')])
      .where('status', '<>', 'cancelled')
      .groupBy(['appointment_date', 'time_slot'])
      .having((eb) => eb.fn.countAll(), '>', capacity)
      .execute();
    const stored = await db.selectFrom('appointments').select((eb) => eb.fn.countAll<string>().as('n')).where('created_at', '>=', since).executeTakeFirstOrThrow();
    return { overbooked, stored: Number(stored.n) };
  } finally {
    await close();
  }
}

let running: BenchStack | undefined;
let subscribers: Awaited<ReturnType<typeof subscribe>> | undefined;
try {
  running = await startBenchStack('load', {
    NODE_ENV: 'production',
    TRUST_PROXY: 'loopback',
    METRICS_TOKEN: `${randomUUID()}${randomUUID()}`,
    COOKIE_SECURE: 'false',
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    RATE_LIMIT_MAX: '100000000',
    BOOKING_RATE_LIMIT_MAX: '100000000',
    LOGIN_RATE_LIMIT_MAX: '100000000',
    REGISTRATION_CLIENT_MAX: '10000',
    BOOKING_SLOT_CAPACITY: String(capacity),
    // Production refuses to start accounts without the key its stored connection secrets are sealed with.
    FIELD_SERVICE_CREDENTIALS_KEY: randomBytes(32).toString('base64'),
  });
  const { stack, databaseUrls } = running;
  const setup = await setUp(stack);
  subscribers = await subscribe(stack.urls.portal, setup.jobs);
  tallies.clear();

  const { web, portal, backoffice } = stack.urls;
  // The races: three days of the window, every slot, each worker booking at random among them.
  const hot = setup.dates.slice(0, 3).flatMap((date) => setup.slots.map((slot) => ({ date, slot })));
  let booked = 0;
  let visitorNumber = 0;
  const started = new Date();
  const startedAt = performance.now();
  const deadline = startedAt + seconds * 1000;
  await Promise.all([
    loops(workers.slots, deadline, (worker) =>
      call('GET /api/appointments/available-slots', `${web}/api/appointments/available-slots?date=${setup.dates[(worker + visitorNumber) % setup.dates.length]}`, {})),
    loops(workers.bookings, deadline, async () => {
      const place = hot[Math.floor(Math.random() * hot.length)]!;
      visitorNumber += 1;
      const answer = await call('POST /api/appointments', `${web}/api/appointments`, json(web, { ...visitor(visitorNumber), appointmentDate: place.date, timeSlot: place.slot }, { 'idempotency-key': randomUUID() }));
      if (answer.status === 201) booked += 1;
    }),
    loops(workers.logins, deadline, (worker) => call('POST /api/auth/login', `${portal}/api/auth/login`, json(portal, setup.customers[worker % setup.customers.length]))),
    loops(workers.locations, deadline, () =>
      call('PUT /api/technicians/:id/location', `${backoffice}/api/technicians/${encodeURIComponent(setup.technicianId)}/location`, {
        method: 'PUT',
        headers: { ...setup.bearer, 'content-type': 'application/json' },
        body: JSON.stringify({ lat: 29.89 + Math.random() / 100, lng: -81.31 + Math.random() / 100 }),
      })),
  ]);
  const elapsed = (performance.now() - startedAt) / 1000;

  const { overbooked, stored } = await checkBookings(databaseUrls.booking, started);
  const expected = new Set([409, 429]);
  const unexpected = [...tallies].flatMap(([route, tally]) => [
    ...[...tally.statuses].filter(([status]) => status >= 400 && !expected.has(status)).map(([status, n]) => `${route}: ${n} × ${status}`),
    ...(tally.failures > 0 ? [`${route}: ${tally.failures} requests failed without an answer`] : []),
  ]);
  const updates = tallies.get('PUT /api/technicians/:id/location')?.statuses.get(200) ?? 0;
  const targets: Target[] = [
    { name: 'slots over capacity', measured: overbooked.length === 0 ? 'none' : overbooked.map((o) => `${o.appointment_date} ${o.time_slot}: ${o.n}`).join(', '), goal: 'none', met: overbooked.length === 0 },
    { name: 'bookings answered 201 vs stored', measured: `${booked} vs ${stored}`, goal: 'equal', met: booked === stored },
    { name: 'answers other than 2xx, 409 and 429', measured: unexpected.length === 0 ? 'none' : unexpected.join('; '), goal: 'none', met: unexpected.length === 0 },
    { name: 'location updates heard by subscribers', measured: `${subscribers.heard()} (${updates} updates × ${subscriberCount / setup.jobs.length} subscribers per job)`, goal: '> 0', met: subscribers.heard() > 0 },
  ];
  await publish({
    id: 'load',
    title: 'Mixed traffic through nginx',
    description:
      `${elapsed.toFixed(0)} s of concurrent traffic through nginx to the services on PostgreSQL: ${workers.slots} clients reading free slots, ` +
      `${workers.bookings} booking at random among ${hot.length} slots of capacity ${capacity}, ${workers.logins} signing in, ${workers.locations} sending a ` +
      `technician's location while ${subscriberCount} /ws subscribers follow his jobs.`,
    tables: [{
      columns: ['route', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'max ms', 'statuses'],
      numeric: [false, true, true, true, true, true, false],
      rows: [...tallies].map(([route, tally]) => {
        const sorted = [...tally.latencies].sort((a, b) => a - b);
        const statuses = [...tally.statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`).join(', ');
        return [route, sorted.length, (sorted.length / elapsed).toFixed(0), percentile(sorted, 50).toFixed(1), percentile(sorted, 99).toFixed(1), (sorted.at(-1) ?? 0).toFixed(1), statuses];
      }),
    }],
    targets,
    figures: { seconds: elapsed, workers, capacity, subscribers: subscriberCount, booked, stored, heard: subscribers.heard(), overbooked, unexpected },
  });
  if (targets.some((target) => !target.met)) process.exitCode = 1;
} finally {
  for (const socket of subscribers?.sockets ?? []) socket.terminate();
  await running?.close();
}
