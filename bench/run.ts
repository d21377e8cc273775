/**
 * `pnpm bench run`: autocannon against the booking service (the built bundle, on real PostgreSQL) beside a bare Fastify
 * hello-world started the same way, in the same run. Reports req/s, p50, p99 and the ratio to hello-world (bench/report.ts).
 * BENCH_SECONDS (default 8) and BENCH_CONNECTIONS (default 50) tune the runs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import autocannon from 'autocannon';
import { bookableDates, serviceNames } from '@repo/contracts';
import { generateSigningKeys, signingKeyEnv } from '@repo/service-kit';
import { createTestDatabase, freePort } from '@repo/service-kit/testing';
import { percent, publish } from './report.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const root = path.resolve(import.meta.dirname, '..');


async function startProcess(file: string, cwd: string, env: Record<string, string>, ready: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [file], { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  for (let i = 0; i < 200; i += 1) {
    try {
      if ((await fetch(ready)).ok) return child;
    } catch {
      // not yet listening
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error(`${file} did not start`);
}

type Result = { name: string; requests: number; p50: number; p99: number; errors: number; non2xx: number };

async function measure(name: string, options: autocannon.Options): Promise<Result> {
  const result = await autocannon({ connections, duration: seconds, ...options });
  return { name, requests: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts, non2xx: result.non2xx };
}

const database = await createTestDatabase();
if (!database.config.url) throw new Error('The benchmark needs PostgreSQL: set TEST_DATABASE_URL or start it on 127.0.0.1:5432.');
const [helloPort, bookingPort] = [await freePort(), await freePort()];
const benchKey = 'benchmark-service-key-that-is-long-enough';
const children: ChildProcess[] = [];
try {
  children.push(await startProcess(path.join(root, 'bench/hello-world.mjs'), root, { PORT: String(helloPort) }, `http://127.0.0.1:${helloPort}/`));
  children.push(await startProcess(path.join(root, 'services/booking/dist/server.mjs'), path.join(root, 'services/booking'), {
    PORT: String(bookingPort),
    DATABASE_URL: database.config.url,
    ...signingKeyEnv('booking', generateSigningKeys()),
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000000',
    BOOKING_RATE_LIMIT_MAX: '100000000',
    // Room for every benchmark booking, so each POST takes the full write path rather than a quick 409.
    BOOKING_SLOT_CAPACITY: '1000',
    // Booking needs its peers wired to start; the benchmark makes no assignments, so nothing is sent to them.
    SERVICE_KEY: benchKey,
    TRUSTED_SERVICE_KEYS: serviceNames.map((service) => `${service}=${benchKey}`).join(','),
    PEER_URLS: serviceNames.map((service) => `${service}=http://127.0.0.1:9`).join(','),
  }, `http://127.0.0.1:${bookingPort}/readyz`));

  const dates = bookableDates().slice(1);
  const slots = ['08:00-09:00', '09:00-10:00', '10:00-11:00', '11:00-12:00', '12:00-13:00', '13:00-14:00', '14:00-15:00', '15:00-16:00', '16:00-17:00'];
  let n = 0;
  const results: Result[] = [];
  results.push(await measure('hello-world GET /', { url: `http://127.0.0.1:${helloPort}/` }));
  results.push(await measure('GET /api/appointments/available-slots', { url: `http://127.0.0.1:${bookingPort}/api/appointments/available-slots?date=${dates[0]}` }));
  results.push(await measure('POST /api/appointments', {
    url: `http://127.0.0.1:${bookingPort}/api/appointments`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    requests: [{
      setupRequest: (request) => {
        n += 1;
        return {
          ...request,
          headers: { ...request.headers, 'idempotency-key': randomUUID() },
          body: JSON.stringify({
            customerName: `Bench ${n}`, email: `bench${n}@example.com`, phone: '(904) 555-0100', address: '1 King St', city: 'St Augustine', state: 'FL', zipCode: '32084',
            serviceType: 'Repair', appliance: 'Washer', brand: 'LG', appointmentDate: dates[n % dates.length], timeSlot: slots[Math.floor(n / dates.length) % slots.length],
          }),
        };
      },
    }],
  }));

  const baseline = results[0]!.requests;
  const slotsRatio = results[1]!.requests / baseline;
  const bookingP99 = results[2]!.p99;
  await publish({
    id: 'run',
    title: 'Booking service beside a bare Fastify hello-world',
    description: `autocannon, ${seconds} s per run, ${connections} connections; booking's production bundle on PostgreSQL, every POST a real booking with its own Idempotency-Key.`,
    tables: [{
      columns: ['endpoint', 'req/s', 'p50 ms', 'p99 ms', 'vs hello-world', 'errors', 'non-2xx'],
      numeric: [false, true, true, true, true, true, true],
      rows: results.map((r) => [r.name, r.requests.toFixed(0), r.p50, r.p99, percent(r.requests, baseline), r.errors, r.non2xx]),
    }],
    targets: [
      { name: 'available-slots throughput vs hello-world', measured: percent(slotsRatio, 1), goal: '≥ 40 %', met: slotsRatio >= 0.4 },
      { name: 'booking p99', measured: `${bookingP99} ms`, goal: '< 50 ms', met: bookingP99 < 50 },
    ],
    figures: { seconds, connections, results },
  });
} finally {
  await Promise.all(children.map((child) => new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  })));
  await database.cleanup();
}
