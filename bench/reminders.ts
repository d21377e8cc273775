/**
 * `pnpm bench reminders`: BENCH_REMINDERS (default 10,000) appointment reminders falling due at the same moment, sent
 * through a local SMTP server (smtp-server, in this process). The notifications service runs as its own process (its
 * source with tsx, as `pnpm --filter @repo/notifications dev` would, on a fresh PostgreSQL database) and hears the
 * appointments as in production: a sender in this process publishes booking's `appointment.changed` through the kit's
 * outbox, one transaction per appointment, and the delivery worker brings them to notifications' internal address.
 *
 * Each appointment's window starts two hours after the chosen moment, so its hours-before reminder falls due then (its
 * day-before one had passed, so only one per appointment is scheduled); the change is a technician assigned, which
 * calls for no confirmation email, so only reminders reach the relay. Once all are scheduled the benchmark waits for the
 * moment and measures, per reminder, from its due time to the relay's acceptance: p50, p99, the time until all were
 * accepted and messages/s; it counts distinct Message-IDs (none may be sent twice) and samples the service's resident
 * memory (VmRSS) while they go out, against its idle figure with every reminder scheduled.
 * BENCH_REMINDERS_LEAD_SECONDS (default 300) is how far ahead the moment is: every reminder must be scheduled before it;
 * BENCH_REMINDERS_TIMEOUT_SECONDS (default 900) bounds the whole run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { SMTPServer } from 'smtp-server';
import { appointmentChangedEvent, appointmentChangedTopic, type AppointmentChanged } from '@repo/contracts';
import { baseEnvSchema, createEffects, createService, generateSigningKeys, loadEnv, signingKeyEnv } from '@repo/service-kit';
import { createDatabase, migrateServiceDatabase, type Database } from '@repo/service-kit/db';
import { createTestDatabase, freePort, type TestDatabase } from '@repo/service-kit/testing';
import { positiveEnv as positive, publish } from './report.ts';

const root = path.resolve(import.meta.dirname, '..');
const count = positive('BENCH_REMINDERS', 10_000);
const leadSeconds = positive('BENCH_REMINDERS_LEAD_SECONDS', 300);
const timeoutSeconds = positive('BENCH_REMINDERS_TIMEOUT_SECONDS', 900);
const benchKey = randomBytes(24).toString('hex');

/** Everything opened so far, closed in reverse order at the end (or when the hard timeout fires). */
const closers: { what: string; close: () => Promise<unknown> }[] = [];
const onClose = (what: string, close: () => Promise<unknown>) => closers.push({ what, close });
async function closeAll(): Promise<void> {
  while (closers.length > 0) {
    const { what, close } = closers.pop()!;
    await close().catch((err: unknown) => console.error(`reminders benchmark: closing ${what} failed:`, err));
  }
}

/** The relay: accepts every email, noting when and under which Message-ID. */
async function startRelay() {
  const accepted: { at: number; messageId: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData: (stream, _session, callback) => {
      let head = '';
      stream.on('data', (chunk: Buffer) => {
        if (head.length < 16_384) head += chunk.toString('latin1');
      });
      stream.on('end', () => {
        accepted.push({ at: Date.now(), messageId: /^Message-ID:\s*(\S+)/im.exec(head)?.[1] ?? '' });
        callback(null, `Ok: queued as BENCH${accepted.length}`);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  onClose('the SMTP server', () => new Promise<void>((resolve) => server.close(() => resolve())));
  return { port: (server.server.address() as AddressInfo).port, accepted };
}

async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status)?.[1];
  if (!kb) throw new Error(`reminders benchmark: no VmRSS in /proc/${pid}/status`);
  return Number(kb) * 1024;
}

async function startNotifications(port: number, url: string, smtpPort: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...process.execArgv, path.join(root, 'services/notifications/src/server.ts')], {
    cwd: path.join(root, 'services/notifications'),
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: url,
      ...signingKeyEnv('notifications', generateSigningKeys()),
      LOG_LEVEL: 'warn',
      SERVICE_KEY: benchKey,
      // Every peer notifications hears effects from must be trusted, though only booking's (this process) send here.
      TRUSTED_SERVICE_KEYS: ['booking', 'accounts', 'tracking', 'payments'].map((peer) => `${peer}=${benchKey}`).join(','),
      // Sessions are checked with accounts, and customers' answers to reminders go to booking: neither is reached here.
      PEER_URLS: 'accounts=http://127.0.0.1:9,booking=http://127.0.0.1:9',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtpPort),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  onClose('the notifications process', async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
    });
  });
  for (let i = 0; i < 600; i += 1) {
    if (child.exitCode !== null) throw new Error(`reminders benchmark: notifications exited (${child.exitCode}) before it was ready`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return child;
    } catch {
      // not yet listening
    }
    await delay(100);
  }
  throw new Error('reminders benchmark: notifications was not ready within a minute');
}

/** Booking's side: publishes `appointment.changed` to notifications through the kit's outbox, as booking does. */
async function startSender(store: TestDatabase, notificationsUrl: string) {
  const env = loadEnv('booking', baseEnvSchema(0), { JWT_PUBLIC_KEY: generateSigningKeys().session.publicKey, LOG_LEVEL: 'warn', SERVICE_KEY: benchKey, PEER_URLS: `notifications=${notificationsUrl}` });
  const database = await createDatabase(store.config);
  onClose('the sender database', () => database.close());
  // The kit's own tables (the outbox); the sender has none of its own.
  await migrateServiceDatabase(database.db, {});
  const effects = createEffects({ service: 'booking', database, env, outgoing: { [appointmentChangedTopic]: { to: 'notifications', schema: appointmentChangedEvent } } });
  const app = await createService({ name: 'booking', env, ready: database.ping, sessions: { activeSessions: async () => new Set<string>() } });
  onClose('the sender app and its delivery worker', () => app.close());
  await app.register(effects.plugin);
  await app.ready();
  return {
    publish: (event: AppointmentChanged) => database.db.transaction().execute((trx) => effects.enqueue(trx, appointmentChangedTopic, event)),
    status: () => effects.status(),
  };
}

function assignedEvent(id: number, startsAt: Date): AppointmentChanged {
  return {
    appointmentId: id, version: 1, change: 'assigned', status: 'confirmed', confirmationCode: `SA-B${id}`, customerId: null,
    customerName: `Bench Customer ${id}`, email: `bench${id}@example.com`, phone: '(904) 555-0100', smsConsent: false, smsConsentText: null,
    address: '12 King St', city: 'St Augustine', state: 'FL', zipCode: '32084', serviceType: 'Repair', appliance: 'Refrigerator', brand: 'Sub-Zero',
    technicianId: 'tech-bench', startsAt: startsAt.toISOString(), endsAt: new Date(startsAt.getTime() + 2 * 3_600_000).toISOString(),
    description: null, revision: 0, manageToken: `manage-token-${id}`, trackToken: `track-token-${id}`,
  };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** The part of notifications' database the benchmark reads. */
type MessagesDb = { messages: { state: string } };

async function countByState(database: Database<MessagesDb>): Promise<Record<string, number>> {
  const rows = await database.db.selectFrom('messages').select(['state', (eb) => eb.fn.countAll<string>().as('n')]).groupBy('state').execute();
  return Object.fromEntries(rows.map((row) => [row.state, Number(row.n)]));
}

async function waitUntil(check: () => Promise<boolean>, deadline: number, describe: () => Promise<string>, intervalMs = 100): Promise<void> {
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`reminders benchmark: ${await describe()}`);
    await delay(intervalMs);
  }
}

async function run() {
  const deadline = Date.now() + timeoutSeconds * 1000;
  const relay = await startRelay();
  const notificationsStore = await createTestDatabase();
  onClose('the notifications test database', () => notificationsStore.cleanup());
  if (!notificationsStore.config.url) throw new Error('The benchmark needs PostgreSQL: set TEST_DATABASE_URL or start it on 127.0.0.1:5432.');
  const senderStore = await createTestDatabase();
  onClose('the sender test database', () => senderStore.cleanup());
  const port = await freePort();
  const child = await startNotifications(port, notificationsStore.config.url, relay.port);
  const notificationsDb = await createDatabase<MessagesDb>(notificationsStore.config);
  onClose('the benchmark’s connection to notifications’ database', () => notificationsDb.close());
  await delay(2_000);
  const idleRss = await rssOf(child.pid!);

  const sender = await startSender(senderStore, `http://127.0.0.1:${port}`);
  const dueAt = Date.now() + leadSeconds * 1000;
  const startsAt = new Date(dueAt + 2 * 3_600_000);
  const setupStarted = Date.now();
  for (let id = 1; id <= count; id += 1) await sender.publish(assignedEvent(id, startsAt));
  await waitUntil(
    async () => ((await countByState(notificationsDb)).scheduled ?? 0) >= count,
    dueAt,
    async () => `only ${(await countByState(notificationsDb)).scheduled ?? 0} of ${count} reminders were scheduled before their moment; raise BENCH_REMINDERS_LEAD_SECONDS (${leadSeconds})`,
    250,
  );
  const setupSeconds = (Date.now() - setupStarted) / 1000;
  const states = await countByState(notificationsDb);
  if (states.scheduled !== count || Object.keys(states).length !== 1) throw new Error(`reminders benchmark: expected ${count} scheduled reminders and nothing else, found ${JSON.stringify(states)}`);

  // Idle with every reminder scheduled: the figure the peak is read against.
  await delay(Math.max(0, Math.min(3_000, dueAt - Date.now() - 1_000)));
  const scheduledRss = await rssOf(child.pid!);
  let peakRss = scheduledRss;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peakRss = Math.max(peakRss, await rssOf(child.pid!).catch(() => 0));
      await delay(50);
    }
  })();
  console.log(`reminders benchmark: ${count} reminders scheduled in ${setupSeconds.toFixed(1)} s; due in ${((dueAt - Date.now()) / 1000).toFixed(0)} s`);

  await waitUntil(async () => relay.accepted.length >= count, deadline, async () => `the relay accepted ${relay.accepted.length} of ${count} reminders`);
  await waitUntil(
    async () => ((await countByState(notificationsDb)).sent ?? 0) >= count,
    deadline,
    async () => `notifications recorded ${JSON.stringify(await countByState(notificationsDb))}`,
  );
  sampling = false;
  await sampler;
  // Nothing more may arrive once every row says sent; a short settle shows any late duplicate.
  await delay(1_000);

  const ids = new Set(relay.accepted.map((mail) => mail.messageId));
  const unexpected = [...ids].filter((id) => {
    const appointment = Number(/^<appointment-(\d+)\.reminder-hours-before\.v1@/.exec(id)?.[1] ?? 0);
    return appointment < 1 || appointment > count;
  });
  const problems = [
    relay.accepted.length !== count && `${relay.accepted.length} emails accepted for ${count} reminders`,
    ids.size !== relay.accepted.length && `${relay.accepted.length - ids.size} sent twice`,
    unexpected.length > 0 && `${unexpected.length} unexpected Message-IDs (${unexpected.slice(0, 3).join(', ')})`,
    relay.accepted.some((mail) => mail.at < dueAt) && 'a reminder accepted before its due time',
  ].filter((problem): problem is string => typeof problem === 'string');
  if (problems.length > 0) throw new Error(`reminders benchmark: not sent exactly once: ${problems.join('; ')}`);

  const latencies = relay.accepted.map((mail) => mail.at - dueAt).sort((a, b) => a - b);
  const first = latencies[0]!;
  const last = latencies[latencies.length - 1]!;
  return {
    count,
    setupSeconds,
    firstMs: first,
    allAcceptedSeconds: last / 1000,
    perSecond: count / (last / 1000),
    drainPerSecond: count / Math.max(0.001, (last - first) / 1000),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    idleRss,
    scheduledRss,
    peakRss,
    distinctMessageIds: ids.size,
  };
}

const watchdog = setTimeout(() => {
  console.error(`\nreminders benchmark: no result within ${timeoutSeconds} s (BENCH_REMINDERS_TIMEOUT_SECONDS); stopping.`);
  void Promise.race([closeAll(), delay(15_000)]).finally(() => process.exit(1));
}, (timeoutSeconds + 30) * 1000);

try {
  const r = await run();
  await closeAll();
  await publish({
    id: 'reminders',
    title: 'Appointment reminders falling due together',
    description:
      `${r.count} hours-before reminders, scheduled through booking's events (in ${r.setupSeconds.toFixed(0)} s), all due at the same moment, ` +
      'sent by the notifications process to an SMTP server in the benchmark process; latency per reminder from its due time to the ' +
      `relay's acceptance. ${r.distinctMessageIds} distinct Message-IDs: none sent twice. Memory is the notifications process's VmRSS.`,
    tables: [
      {
        columns: ['reminders', 'first accepted after (s)', 'all accepted after (s)', 'messages/s (from due time)', 'messages/s (first to last)', 'p50 (s)', 'p99 (s)'],
        numeric: [true, true, true, true, true, true, true],
        rows: [[r.count, (r.firstMs / 1000).toFixed(1), r.allAcceptedSeconds.toFixed(1), r.perSecond.toFixed(0), r.drainPerSecond.toFixed(0), (r.p50 / 1000).toFixed(1), (r.p99 / 1000).toFixed(1)]],
      },
      {
        columns: ['idle (MB)', 'idle, all scheduled (MB)', 'peak while sending (MB)', 'peak above idle (MB)'],
        numeric: [true, true, true, true],
        rows: [[mb(r.idleRss), mb(r.scheduledRss), mb(r.peakRss), mb(r.peakRss - r.scheduledRss)]],
      },
    ],
    targets: [
      { name: 'every reminder sent once', measured: `${r.distinctMessageIds} of ${r.count}`, goal: `${r.count}`, met: r.distinctMessageIds === r.count },
      // A morning's visits remind together; within a quarter of an hour each is still "about two hours before".
      { name: 'p99 from due time to the relay', measured: `${(r.p99 / 1000).toFixed(1)} s`, goal: '< 900 s', met: r.p99 < 900_000 },
    ],
    figures: r,
  });
} finally {
  clearTimeout(watchdog);
  await closeAll();
}
