/**
 * `pnpm bench import`: the back office's customer import and list search at scale.
 *
 * A ServicePro sandbox (the protocol of packages/field-service, in this process) serves BENCH_IMPORT_CUSTOMERS demo
 * customers (default 50,000). The accounts service runs from source in its own process (this file again, role
 * `accounts`) on a throwaway PostgreSQL database, configured with the sandbox's server credentials like production.
 * - import: an administrator signs in and starts the import through HTTP (POST /api/admin/import-all-customers),
 *   then polls the job as the back office does; customers/s from the job's own start and end (goal ≥ 500);
 * - memory: the accounts process's resident set (Linux /proc/<pid>/status VmRSS) sampled every 50 ms; the peak above
 *   idle (measured before the import) until 10,000 customers are in and until all are (goal < 150 MB, and flat: the
 *   import streams page by page, so the second peak is not much above the first);
 * - search: autocannon on GET /api/admin/servicepro-customers at that size, per form of the search (name prefix,
 *   email prefix, phone digits in a formatted number and the last four), BENCH_IMPORT_SECONDS (default 5) each, once
 *   with one connection (the query's own latency) and once with BENCH_IMPORT_CONNECTIONS (default 10, several people
 *   searching at once); p99 per form (goal < 50 ms).
 * Figures are printed and saved for the run's report (bench/report.ts); nothing is asserted but that the import succeeded with every customer.
 * BENCH_IMPORT_TIMEOUT_SECONDS (default 900) bounds the whole run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import autocannon from 'autocannon';
import { serviceNames, type ImportJob } from '@repo/contracts';
import { generateSigningKeys, signingKeyEnv } from '@repo/service-kit';
import { createTestDatabase, freePort, type TestDatabase } from '@repo/service-kit/testing';
import { positiveEnv as positive, publish } from './report.ts';
import {
  emailOf,
  demoCustomer,
  phoneDigitsOf,
  serviceProSandboxCredentials,
  startServiceProSandbox,
  type RunningSandbox,
} from '@repo/field-service/sandbox';

const root = path.resolve(import.meta.dirname, '..');

const customers = positive('BENCH_IMPORT_CUSTOMERS', 50_000);
const seconds = positive('BENCH_IMPORT_SECONDS', 5);
const connections = positive('BENCH_IMPORT_CONNECTIONS', 10);
const timeoutSeconds = positive('BENCH_IMPORT_TIMEOUT_SECONDS', 900);
/**
 * ServicePro publishes no rate limit we can reach (README, "Field-service connectors"), so by default the sandbox
 * enforces none; BENCH_IMPORT_SERVICEPRO_LIMIT (requests a second) has it refuse past that with 429 and Retry-After.
 */
const serviceProLimit = process.env.BENCH_IMPORT_SERVICEPRO_LIMIT ? positive('BENCH_IMPORT_SERVICEPRO_LIMIT', 1) : undefined;
const checkpoint = Math.min(10_000, customers);

const admin = { email: 'bench-admin@example.com', password: randomBytes(12).toString('hex') };
const benchKey = 'benchmark-service-key-that-is-long-enough';

let child: ChildProcess | undefined;
let sandbox: RunningSandbox | undefined;
let database: TestDatabase | undefined;

async function closeAll(): Promise<void> {
  if (child && child.exitCode === null && child.signalCode === null) {
    const running = child;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGTERM');
      setTimeout(() => running.kill('SIGKILL'), 10_000).unref();
    });
  }
  await sandbox?.close();
  await database?.cleanup().catch((err: unknown) => console.error('import benchmark: dropping the database failed:', err));
}

/** The accounts process's resident set in bytes (Linux). */
async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status)?.[1];
  if (!kb) throw new Error(`import benchmark: no VmRSS in /proc/${pid}/status`);
  return Number(kb) * 1024;
}

/** Samples the RSS every 50 ms until stopped; `peak()` is the highest since the last `reset()`. */
function rssSampler(pid: number) {
  let peak = 0;
  const samples: number[] = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const rss = await rssOf(pid).catch(() => 0);
      samples.push(rss);
      peak = Math.max(peak, rss);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return {
    peak: () => peak,
    samples: () => [...samples],
    reset: () => {
      peak = 0;
      samples.length = 0;
    },
    stop: async () => {
      stopped = true;
      await loop;
    },
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

async function json<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) throw new Error(`import benchmark: ${what} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

async function startAccounts(port: number, url: string, env: Record<string, string>): Promise<ChildProcess> {
  const started = spawn(process.execPath, [...process.execArgv, path.join(root, 'services/accounts/src/server.ts')], {
    cwd: path.join(root, 'services/accounts'),
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      DATABASE_URL: url,
      ...signingKeyEnv('accounts', generateSigningKeys()),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000000',
      LOGIN_RATE_LIMIT_MAX: '1000',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      SERVICE_KEY: benchKey,
      TRUSTED_SERVICE_KEYS: serviceNames.map((service) => `${service}=${benchKey}`).join(','),
      PEER_URLS: serviceNames.map((service) => `${service}=http://127.0.0.1:9`).join(','),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 600; i += 1) {
    if (started.exitCode !== null) throw new Error(`import benchmark: accounts exited (${started.exitCode}) before it was ready`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return started;
    } catch {
      // not yet listening
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  started.kill();
  throw new Error('import benchmark: accounts did not start within a minute');
}

type Run = { requests: number; p50: number; p99: number; errors: number; non2xx: number };
type Search = { name: string; q: string; total: number; runs: Run[] };

const watchdog = setTimeout(() => {
  console.error(`\nimport benchmark: no result within ${timeoutSeconds} s (BENCH_IMPORT_TIMEOUT_SECONDS); stopping.`);
  void Promise.race([closeAll(), new Promise((resolve) => setTimeout(resolve, 15_000))]).finally(() => process.exit(1));
}, timeoutSeconds * 1000);

try {
  database = await createTestDatabase();
  if (!database.config.url) throw new Error('The import benchmark needs PostgreSQL: set TEST_DATABASE_URL or start it on 127.0.0.1:5432.');
  sandbox = await startServiceProSandbox({ customers, rateLimit: serviceProLimit ? { perSecond: serviceProLimit } : undefined });
  const port = await freePort();
  child = await startAccounts(port, database.config.url, {
    FIELD_SERVICE_SYSTEM: 'servicepro',
    FIELD_SERVICE_SANDBOX: 'true',
    SERVICEPRO_API_URL: sandbox.url,
    SERVICEPRO_COMPANY: serviceProSandboxCredentials.company,
    SERVICEPRO_USERNAME: serviceProSandboxCredentials.username,
    SERVICEPRO_PASSWORD: serviceProSandboxCredentials.password,
  });
  const base = `http://127.0.0.1:${port}`;
  const { token } = await json<{ token: string }>(
    await fetch(`${base}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) }),
    'admin login',
  );
  const headers = { authorization: `Bearer ${token}` };

  // Idle: after the first calls have loaded what they load, before the import.
  await json(await fetch(`${base}/api/admin/import-source`, { headers }), 'import source');
  for (let i = 0; i < 20; i += 1) await json(await fetch(`${base}/api/admin/servicepro-customers?q=smi`, { headers }), 'search');
  const sampler = rssSampler(child.pid!);
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const idle = median(sampler.samples());
  sampler.reset();

  const job = await json<ImportJob>(await fetch(`${base}/api/admin/import-all-customers`, { method: 'POST', headers }), 'import start');
  let peakAtCheckpoint: number | undefined;
  let done: ImportJob = job;
  while (done.status === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 100));
    done = await json<ImportJob>(await fetch(`${base}/api/admin/import-jobs/${job.id}`, { headers }), 'import job');
    if (peakAtCheckpoint === undefined && done.fetched >= checkpoint) peakAtCheckpoint = sampler.peak();
  }
  const peakAtEnd = sampler.peak();
  await sampler.stop();
  if (done.status !== 'succeeded' || done.created !== customers || done.failed !== 0) {
    throw new Error(`import benchmark: the import did not bring in every customer: ${JSON.stringify(done)}`);
  }
  const importSeconds = (new Date(done.finishedAt!).getTime() - new Date(done.startedAt).getTime()) / 1000;
  // What the import asked of ServicePro (sign-ins and pages; nothing else reaches the sandbox meanwhile) and was refused.
  const sandboxRequests = sandbox.requests.length;
  const refused = sandbox.requests.filter((request) => request.status === 429).length;

  // The search forms, at the imported size: a common last-name prefix, an email prefix, a whole phone number as
  // typed, and the last four digits.
  const someone = Math.floor(customers * 0.37);
  const digits = phoneDigitsOf(someone);
  const email = emailOf(someone) ?? emailOf(someone + 1)!;
  const forms = [
    { name: 'name prefix', q: demoCustomer(someone, Date.now()).lastName.slice(0, 3).toLowerCase() },
    { name: 'email prefix', q: email.slice(0, email.indexOf('.') + 2) },
    { name: 'phone, formatted', q: `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` },
    { name: 'phone, last four', q: digits.slice(6) },
  ];
  const searches: Search[] = [];
  for (const form of forms) {
    const url = `${base}/api/admin/servicepro-customers?q=${encodeURIComponent(form.q)}&pageSize=25`;
    const { total } = await json<{ total: number }>(await fetch(url, { headers }), `search ${form.name}`);
    const runs: Run[] = [];
    for (const clients of [1, connections]) {
      const result = await autocannon({ url, headers, connections: clients, duration: seconds });
      runs.push({ requests: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts, non2xx: result.non2xx });
    }
    searches.push({ ...form, total, runs });
  }

  const perSecond = customers / importSeconds;
  const atCheckpoint = (peakAtCheckpoint ?? peakAtEnd) - idle;
  const atEnd = peakAtEnd - idle;
  const worst = (run: number) => Math.max(...searches.map((s) => s.runs[run]!.p99));
  await publish({
    id: 'import',
    title: 'Customer import and list search at scale',
    description:
      `The administrator's import of ${customers.toLocaleString('en-US')} ServicePro sandbox customers into accounts on PostgreSQL, through HTTP ` +
      `(${serviceProLimit ? `the sandbox refusing past ${serviceProLimit} requests a second` : 'ServicePro documents no rate limit, so the sandbox enforces none'}); ` +
      `then the customer list's search at that size (25 a page), ${seconds} s per run with 1 and ${connections} connections.`,
    tables: [
      {
        columns: ['customers', 'seconds', 'customers/s', 'requests to ServicePro', '429s', 'RSS idle MB', `peak above idle at ${checkpoint.toLocaleString('en-US')} MB`, 'peak above idle at the end MB'],
        numeric: [true, true, true, true, true, true, true, true],
        rows: [[customers, importSeconds.toFixed(1), perSecond.toFixed(0), sandboxRequests, refused, mb(idle), mb(atCheckpoint), mb(atEnd)]],
      },
      {
        columns: ['search', 'q', 'matches', '1 conn. req/s', 'p50 ms', 'p99 ms', `${connections} conn. req/s`, 'p50 ms', 'p99 ms', 'errors', 'non-2xx'],
        numeric: [false, false, true, true, true, true, true, true, true, true, true],
        rows: searches.map((s) => {
          const [one, many] = s.runs as [Run, Run];
          return [s.name, `\`${s.q}\``, s.total, one.requests.toFixed(0), one.p50, one.p99, many.requests.toFixed(0), many.p50, many.p99, one.errors + many.errors, one.non2xx + many.non2xx];
        }),
      },
    ],
    targets: [
      { name: 'import rate', measured: `${perSecond.toFixed(0)} customers/s`, goal: '≥ 500', met: perSecond >= 500 },
      { name: 'memory above idle at the end', measured: `${mb(atEnd)} MB`, goal: '< 150 MB', met: atEnd < 150 * 2 ** 20 },
      { name: 'search p99 at worst, one connection', measured: `${worst(0)} ms`, goal: '< 50 ms', met: worst(0) < 50 },
      { name: `search p99 at worst, ${connections} connections`, measured: `${worst(1)} ms`, goal: '< 50 ms', met: worst(1) < 50 },
    ],
    figures: { customers, importSeconds, serviceProLimit: serviceProLimit ?? null, sandboxRequests, refused, idle, peakAtCheckpoint, peakAtEnd, searches },
  });
} finally {
  clearTimeout(watchdog);
  await closeAll();
}
