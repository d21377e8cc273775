/**
 * `pnpm bench memory`: the memory of the embedded system `pnpm start` runs, in the same run two ways:
 * - one process per service, each on its own PGlite (as `pnpm start` ran before the embedded host, and as production
 *   runs each service, there on PostgreSQL);
 * - the embedded host: every service in one process, each on its own PGlite with small shared buffers.
 * Each way starts the whole stack (sandboxes, local gateway, demo data) on a fresh data folder, stops it, starts it
 * again on the same folder, and samples the services' resident memory (VmRSS) for BENCH_MEMORY_SECONDS (default 15)
 * once all are ready; the figures are the largest sample. This process (the stand-in for `pnpm start`'s own process,
 * with the sandboxes and the gateway) is reported beside them.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { appNames, serviceNames, type AppName, type ServiceName } from '@repo/contracts';
import { freePort } from '@repo/service-kit/testing';
import { startStack, type RunningStack } from '../scripts/stack.ts';
import { publish } from './report.ts';

const seconds = Number(process.env.BENCH_MEMORY_SECONDS ?? 15);
if (!(seconds > 0)) throw new Error(`BENCH_MEMORY_SECONDS must be a positive number (got "${process.env.BENCH_MEMORY_SECONDS}")`);
/** The embedded default must keep its five services under this much in all. */
const budgetMb = 1024;

/** Resident memory of a process in MB, from /proc (Linux); undefined once it has exited. */
function rssMb(pid: number): number | undefined {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
    return line ? Number(line.split(/\s+/)[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

type Way = 'per-service' | 'one';
type Sample = { services: Partial<Record<ServiceName, number>>; processes: number; total: number; starter: number };

async function measure(way: Way, dataDir: string): Promise<Sample> {
  const ports = async <K extends string>(keys: readonly K[]) => Object.fromEntries(await Promise.all(keys.map(async (key) => [key, await freePort()]))) as Record<K, number>;
  let stack: RunningStack | undefined;
  try {
    stack = await startStack({
      gateway: 'local',
      processes: way,
      dataDir,
      appPorts: await ports<AppName>(appNames),
      servicePorts: await ports<ServiceName>(serviceNames),
      seed: true,
      env: { NODE_ENV: 'development', LOG_LEVEL: 'warn', DEMO_DRIVER: 'true' },
    });
    const pids = stack.pids();
    const largest: Sample = { services: {}, processes: 0, total: 0, starter: 0 };
    const deadline = Date.now() + seconds * 1000;
    while (Date.now() < deadline) {
      const distinct = [...new Set(Object.values(pids))];
      const total = distinct.reduce((sum, pid) => sum + (rssMb(pid) ?? 0), 0);
      if (total > largest.total) {
        largest.total = total;
        largest.processes = distinct.length;
        largest.services = Object.fromEntries(Object.entries(pids).map(([service, pid]) => [service, rssMb(pid) ?? 0]));
      }
      largest.starter = Math.max(largest.starter, process.memoryUsage().rss / 1048576);
      await delay(500);
    }
    return largest;
  } finally {
    await stack?.stop();
  }
}

const rows: (string | number)[][] = [];
const results: Record<string, Sample> = {};
for (const way of ['per-service', 'one'] as const) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `memory-${way}-`));
  try {
    for (const start of ['first start', 'restart'] as const) {
      console.log(`memory benchmark: ${way === 'one' ? 'embedded host' : 'one process per service'}, ${start}...`);
      const sample = await measure(way, dataDir);
      results[`${way}, ${start}`] = sample;
      const perService = serviceNames.map((service) => (way === 'one' ? '(shared)' : (sample.services[service] ?? 0).toFixed(0)));
      rows.push([way === 'one' ? 'embedded host (one process)' : 'one process per service', start, ...perService, sample.processes, sample.total.toFixed(0), sample.starter.toFixed(0)]);
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

const host = results['one, restart']!;
const hostFirst = results['one, first start']!;
const separate = results['per-service, restart']!;
// The five services are all measured now (notifications is the fifth); the starter includes the mail catcher.
const fiveServices = Math.max(host.total, hostFirst.total) + Math.max(host.starter, hostFirst.starter);
await publish({
  id: 'memory',
  title: 'Memory of the embedded system (`pnpm start`)',
  description:
    `Resident memory (largest VmRSS sample over ${seconds} s once every service is ready) of the services of a full local stack with ` +
    'demo data, on a fresh data folder and again after a restart: one process per service each with its own PGlite, beside ' +
    'the embedded host (every service in one process, each on its own PGlite with 8 MB shared buffers). "Starter" is the ' +
    'process that starts the stack, runs the sandboxes and the gateway (`pnpm start`\'s own process).',
  tables: [{
    columns: ['way', 'start', ...serviceNames.map((service) => `${service} MB`), 'processes', 'services MB', 'starter MB'],
    numeric: [false, false, ...serviceNames.map(() => true), true, true, true],
    rows,
  }],
  targets: [
    {
      name: 'five services in the embedded host with the starter (and its mail catcher), MB',
      measured: fiveServices.toFixed(0),
      goal: `< ${budgetMb}`,
      met: fiveServices < budgetMb,
    },
    {
      name: 'embedded host vs one process per service, after a restart',
      measured: `${((host.total / separate.total) * 100).toFixed(1)} %`,
      goal: '< 50 %',
      met: host.total < separate.total / 2,
    },
  ],
  figures: { seconds, results },
});
