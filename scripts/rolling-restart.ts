/**
 * A rolling restart of replicated services under a mixed load through the nginx gateway (used by `pnpm test compose`
 * for a quick check and by `pnpm bench rolling-restart` for the figures): replica after replica, `docker stop`
 * (SIGTERM: the service drains, closes its sockets with 1001 and exits within SHUTDOWN_TIMEOUT_MS), `docker start`, and
 * on to the next once the replica answers /readyz again at whatever address it came back on. Meanwhile every kind of
 * traffic keeps going and is counted: an answer other than the ones the route gives in normal work, or no answer at
 * all, is a failed request; a WebSocket closed under a client is opened again through the gateway (a reconnect).
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { currentSessionPath, deliveriesPath, wsPath, wsServerMessageSchema, type ServiceName } from '@repo/contracts';

export type Replica = { id: string; service: ServiceName };

export type RollingRestartOptions = {
  gatewayPort: number;
  hosts: { web: string; portal: string; backoffice: string };
  staffToken: string;
  /** A customer's session cookie (`session=…`): accounts checks it on every read. */
  customerCookie: string;
  technicianId: string;
  paymentId: string;
  /** Dates the load books on (kept apart from dates other checks count). */
  bookingDates: string[];
  replicas: Replica[];
  /** Stops a container with SIGTERM and waits for it to exit; answers its exit code. */
  stop: (id: string) => Promise<number>;
  start: (id: string) => Promise<void>;
  /** The container's address on the internal network now (it may change across a restart). */
  address: (id: string) => string;
  /** Concurrent clients per kind of traffic, and how many sockets listen. */
  clients?: number;
  sockets?: number;
  log: (message: string) => void;
};

type Route = 'GET slots' | 'POST booking' | 'GET session' | 'PUT location' | 'GET payment' | 'GET deliveries';
export type RouteFigures = { requests: number; failed: number; statuses: Record<string, number>; p50: number; p99: number };
export type RollingRestartFigures = {
  seconds: number;
  restarts: { service: ServiceName; id: string; exitCode: number; stopSeconds: number; backSeconds: number }[];
  routes: Record<Route, RouteFigures>;
  requests: number;
  failed: number;
  failures: string[];
  sockets: number;
  reconnects: number;
  closeCodes: Record<string, number>;
  locationUpdatesHeard: number;
};

const expected: Record<Route, number[]> = {
  'GET slots': [200],
  // A full slot is a normal answer while bookings race for it.
  'POST booking': [201, 409],
  'GET session': [200],
  'PUT location': [200],
  'GET payment': [200],
  'GET deliveries': [200],
};

function send(port: number, host: string, method: string, target: string, headers: Record<string, string>, body?: unknown) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise<number>((resolve, reject) => {
    const outgoing = http.request(
      { host: '127.0.0.1', port, method, path: target, agent: false, timeout: 30_000, headers: { host, accept: 'application/json', ...(payload ? { 'content-type': 'application/json' } : {}), ...headers } },
      (incoming) => {
        incoming.resume();
        incoming.on('end', () => resolve(incoming.statusCode ?? 0));
        incoming.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`${method} ${target} took more than 30s`)));
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

const percentile = (sorted: number[], p: number) => (sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!) : 0);

/** GET /readyz on the replica's address until it answers 200. */
async function readyAgain(address: () => string, within: number) {
  const until = Date.now() + within;
  for (;;) {
    const where = address();
    const status = where ? await new Promise<number>((resolve) => {
      const probe = http.get({ host: where, port: 3000, path: '/readyz', timeout: 1000, agent: false }, (answer) => {
        answer.resume();
        resolve(answer.statusCode ?? 0);
      });
      probe.on('timeout', () => probe.destroy());
      probe.on('error', () => resolve(0));
    }) : 0;
    if (status === 200) return;
    if (Date.now() > until) throw new Error(`a restarted replica did not answer /readyz within ${within / 1000}s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function rollingRestart(options: RollingRestartOptions): Promise<RollingRestartFigures> {
  const { gatewayPort: port, hosts, staffToken } = options;
  const clients = options.clients ?? 2;
  const staff = { authorization: `Bearer ${staffToken}` };
  const tallies = new Map<Route, { latencies: number[]; statuses: Map<string, number>; failed: number }>();
  const failures: string[] = [];
  let running = true;

  const call = async (route: Route, host: string, method: string, target: string, headers: Record<string, string>, body?: unknown) => {
    const tally = tallies.get(route) ?? { latencies: [] as number[], statuses: new Map<string, number>(), failed: 0 };
    tallies.set(route, tally);
    const started = performance.now();
    let outcome: string;
    try {
      outcome = String(await send(port, host, method, target, headers, body));
    } catch (error) {
      outcome = error instanceof Error ? error.message : String(error);
    }
    tally.latencies.push(performance.now() - started);
    tally.statuses.set(outcome, (tally.statuses.get(outcome) ?? 0) + 1);
    if (!expected[route].includes(Number(outcome))) {
      tally.failed += 1;
      if (failures.length < 20) failures.push(`${new Date().toISOString()} ${route}: ${outcome}`);
    }
  };

  let booking = 0;
  const kinds: (() => Promise<void>)[] = [
    () => call('GET slots', hosts.web, 'GET', `/api/appointments/available-slots?date=${options.bookingDates[booking % options.bookingDates.length]}`, {}),
    () => {
      booking += 1;
      const body = {
        customerName: `Rolling Restart ${booking}`, email: `rolling-${booking}@example.com`, phone: '(904) 555-0150', address: '1 King St', city: 'St Augustine',
        state: 'FL', zipCode: '32084', serviceType: 'Repair', appliance: 'Washer', brand: 'LG',
        appointmentDate: options.bookingDates[booking % options.bookingDates.length], timeSlot: ['09:00-10:00', '10:00-11:00', '11:00-12:00'][booking % 3],
      };
      return call('POST booking', hosts.web, 'POST', '/api/appointments', { origin: `https://${hosts.web}`, 'idempotency-key': randomUUID() }, body);
    },
    () => call('GET session', hosts.portal, 'GET', currentSessionPath, { cookie: options.customerCookie }),
    () => call('PUT location', hosts.backoffice, 'PUT', `/api/technicians/${options.technicianId}/location`, staff, { lat: 29.89 + Math.random() / 100, lng: -81.31 + Math.random() / 100 }),
    () => call('GET payment', hosts.web, 'GET', `/api/payments/${options.paymentId}`, {}),
    () => call('GET deliveries', hosts.backoffice, 'GET', deliveriesPath('notifications'), staff),
  ];

  // Sockets that follow every technician, reopened through the gateway whenever one is closed under them.
  const closeCodes = new Map<string, number>();
  let reconnects = 0;
  let heard = 0;
  const openSockets = new Set<WebSocket>();
  const listen = (first: boolean): void => {
    if (!running) return;
    if (!first) reconnects += 1;
    const socket = new WebSocket(`ws://127.0.0.1:${port}${wsPath}`, { headers: { host: hosts.backoffice, origin: `https://${hosts.backoffice}`, ...staff } });
    openSockets.add(socket);
    socket.on('open', () => socket.send(JSON.stringify({ type: 'subscribe_all' })));
    socket.on('message', (data) => {
      if (wsServerMessageSchema.safeParse(JSON.parse(String(data))).data?.type === 'location_update') heard += 1;
    });
    socket.on('error', () => undefined);
    socket.on('close', (code) => {
      openSockets.delete(socket);
      closeCodes.set(String(code), (closeCodes.get(String(code)) ?? 0) + 1);
      if (running) setTimeout(() => listen(false), 100);
    });
  };
  for (let i = 0; i < (options.sockets ?? 4); i += 1) listen(true);

  const started = performance.now();
  const load = Promise.all(kinds.flatMap((kind) => Array.from({ length: clients }, async () => {
    while (running) await kind();
  })));

  const restarts: RollingRestartFigures['restarts'] = [];
  try {
    for (const replica of options.replicas) {
      const stopping = performance.now();
      const exitCode = await options.stop(replica.id);
      const stopSeconds = (performance.now() - stopping) / 1000;
      await options.start(replica.id);
      await readyAgain(() => options.address(replica.id), 120_000);
      const backSeconds = (performance.now() - stopping) / 1000;
      restarts.push({ service: replica.service, id: replica.id.slice(0, 12), exitCode, stopSeconds, backSeconds });
      options.log(`rolling restart: ${replica.service} ${replica.id.slice(0, 12)} exited ${exitCode} after ${stopSeconds.toFixed(1)}s, ready again after ${backSeconds.toFixed(1)}s`);
    }
    // A second after the last replica is back, so the load sees the gateway find it.
    await new Promise((resolve) => setTimeout(resolve, 1000));
  } finally {
    running = false;
    await load;
    for (const socket of openSockets) socket.close();
  }
  const seconds = (performance.now() - started) / 1000;

  const routes = Object.fromEntries(
    [...tallies].map(([route, tally]) => {
      const sorted = [...tally.latencies].sort((a, b) => a - b);
      return [route, { requests: tally.latencies.length, failed: tally.failed, statuses: Object.fromEntries(tally.statuses), p50: percentile(sorted, 50), p99: percentile(sorted, 99) }];
    }),
  ) as Record<Route, RouteFigures>;
  const all = Object.values(routes);
  return {
    seconds,
    restarts,
    routes,
    requests: all.reduce((sum, route) => sum + route.requests, 0),
    failed: all.reduce((sum, route) => sum + route.failed, 0),
    failures,
    sockets: options.sockets ?? 4,
    reconnects,
    closeCodes: Object.fromEntries(closeCodes),
    locationUpdatesHeard: heard,
  };
}
