import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentChangedTopic, serviceNames, type AppointmentChanged, type ServiceName } from '@repo/contracts';
import { effectPath, freePort, generateSigningKeys, signedDeliveryHeaders, signingKeyEnv } from '@repo/service-kit';
import { createDatabase, type Database } from '@repo/service-kit/db';
import { waitFor } from '@repo/service-kit/testing';
import { migrateService, serviceMesh } from '../../scripts/stack.ts';
import { MailRelay } from './mail-relay.ts';
import { startPrivateCluster, type PrivateCluster } from './postgres-cluster.ts';
import { serviceProcess, type ServiceProcess } from './services.ts';
import { retryPause } from './wait.ts';

/**
 * Notifications under faults: two processes of its production bundle on one database (two replicas behind
 * one internal address, as a deployment may run them), sending through an SMTP relay in this process, while booking's
 * `appointment.changed` events (booked) arrive signed with booking's key as its outbox sends them.
 *
 * First one process or the other is killed (SIGKILL) 3 to 5 times while the confirmations go out, and started again.
 * Each kill comes the moment the relay accepted a chosen email, so a kill often lands where SMTP cannot help sending
 * twice: the relay has accepted an email and the process has not yet recorded it as sent. Its send job is retried on
 * either process (its heartbeat stops, and pg-boss fails it and retries it) and sends it again under the same
 * Message-ID, as README's "Delivery is at least once" says. So: every confirmation is `sent` and reached the relay under
 * its own Message-ID; a Message-ID accepted twice is counted, and must be one whose send was cut off by a kill (the
 * message's attempts count one more than the attempts it recorded); the receiver can drop it by its Message-ID.
 *
 * Then the relay goes down while emails are queued, notifications is stopped (both processes, SIGTERM) and started
 * while it is still down, the relay comes back, and one process is stopped again mid-run: nothing is lost and, with no
 * process dying uncleanly, nothing is sent twice.
 *
 * The moments and victims come from a seed (FAULTS_SEED replays one), logged with what happened at each.
 */
const from = 'St Augustine Appliance Repair <service@staugustineappliancerepair.com>';
const messageIdOf = (appointmentId: number) => `<appointment-${appointmentId}.booking-confirmation.v1@staugustineappliancerepair.com>`;
/** Longer than any answer can honestly take: past it a delivery counts as unanswered and is tried again. */
const DELIVERY_TIMEOUT_MS = 15_000;
/** How long everything may take to be sent once the faults are over. */
const SETTLE_MS = 120_000;

/** The columns of notifications' tables read here (its schema's types are the service's own). */
type NotificationsTables = {
  messages: { id: number; message_key: string; kind: string; state: string; attempts: number; recipient: string; email_message_id: string; appointment_id: number | null };
  message_attempts: { id: number; message_id: number; outcome: 'sent' | 'failed'; error: string | null };
};

/** A small seeded generator (mulberry32), so a run's kill moments and victims can be replayed from its seed. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const seed = process.env.FAULTS_SEED ? Number(process.env.FAULTS_SEED) : randomBytes(4).readUInt32BE();
const random = seeded(seed);
const report: string[] = [`seed ${seed} (FAULTS_SEED=${seed} replays the kill moments and victims)`];

// The keys and peer addresses scripts/stack.ts gives the services; notifications' peers are not running (the discard
// port, where nothing listens): nothing here publishes to booking or asks accounts about a session. This test signs
// booking's deliveries with booking's key.
const mesh = serviceMesh(Object.fromEntries(serviceNames.map((service) => [service, 9])) as Record<ServiceName, number>);
const bookingKey = mesh.booking.SERVICE_KEY!;
const crashes: string[] = [];
const relay = new MailRelay();
let cluster: PrivateCluster | undefined;
let workDir: string | undefined;
let database: Database<NotificationsTables> | undefined;
let instances: ServiceProcess[] = [];

beforeAll(async () => {
  cluster = await startPrivateCluster();
  workDir = await mkdtemp(path.join(os.tmpdir(), 'faults-notifications-'));
  const databaseUrl = await cluster.createDatabase('notifications');
  await migrateService('notifications', databaseUrl, path.join(workDir, 'migrate.log'));
  await relay.start();
  const signing = signingKeyEnv('notifications', generateSigningKeys());
  instances = [];
  for (const name of ['notifications-a', 'notifications-b']) {
    instances.push(serviceProcess('notifications', {
      name,
      port: await freePort(),
      logFile: path.join(workDir, `${name}.log`),
      crashes,
      env: () => ({
        NODE_ENV: 'production',
        TRUST_PROXY: 'loopback',
        METRICS_TOKEN: randomBytes(32).toString('base64'),
        LOG_LEVEL: 'warn',
        ...signing,
        ...mesh.notifications,
        DATABASE_URL: databaseUrl,
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(relay.port),
        SMTP_FROM: from,
        // Retries come due by the queue's poll: a second instead of five keeps the wait after the faults short.
        EFFECTS_POLL_INTERVAL_SECONDS: '1',
      }),
    }));
  }
  await Promise.all(instances.map((instance) => instance.start()));
  database = await createDatabase<NotificationsTables>({ url: databaseUrl, poolSize: 2 });
}, 120_000);

afterAll(async () => {
  await database?.close();
  await Promise.all(instances.map((instance) => instance.stop('SIGTERM')));
  await relay.stop();
  await cluster?.remove();
  if (workDir) await rm(workDir, { recursive: true, force: true });
  console.log(['', '=== notifications under faults', ...report].join('\n'));
}, 120_000);

/** Booking's `appointment.changed` for a new booking of appointment `appointmentId`, to its own address. */
function bookedEvent(appointmentId: number): AppointmentChanged {
  const startsAt = new Date(Date.now() + 10 * 24 * 3_600_000);
  startsAt.setUTCHours(13, 0, 0, 0);
  return {
    appointmentId, version: 1, change: 'booked', status: 'scheduled', confirmationCode: `SA-F${appointmentId}`, customerId: null,
    customerName: `Fault Customer ${appointmentId}`, email: `faults-${appointmentId}@example.com`, phone: '(904) 555-0100', smsConsent: false,
    smsConsentText: null, address: '12 King St', city: 'St Augustine', state: 'FL', zipCode: '32084', serviceType: 'Repair',
    appliance: 'Refrigerator', brand: 'Sub-Zero', technicianId: null, startsAt: startsAt.toISOString(),
    endsAt: new Date(startsAt.getTime() + 2 * 3_600_000).toISOString(), description: 'Fault suite', revision: 0,
    manageToken: `manage-token-${appointmentId}`, trackToken: `track-token-${appointmentId}`,
  };
}

/**
 * Booking's outbox for a run: delivers each event under its own message id, signed with booking's key, to one of the
 * processes that is up (any, as a load balancer would), and tries again after a pause, on whichever is up then, until
 * one answers 200. A delivery whose answer was lost to a kill may have been applied: the receiver answers the retry
 * `duplicate`. Events go one after another on `lanes` lanes at once.
 */
async function deliverAll(events: AppointmentChanged[], lanes: number, figures: { delivered: number; retried: number; duplicates: number }) {
  let next = 0;
  const lane = async () => {
    while (next < events.length) {
      const event = events[next++]!;
      const messageId = randomUUID();
      const body = JSON.stringify(event);
      for (;;) {
        const up = instances.filter((instance) => instance.pid() !== undefined && !instance.stopping());
        const target = (up.length > 0 ? up : instances)[Math.floor(Math.random() * (up.length > 0 ? up.length : instances.length))]!;
        const answer = await fetch(`${target.url}${effectPath(appointmentChangedTopic)}`, {
          method: 'POST',
          headers: signedDeliveryHeaders('booking', bookingKey, { messageId, topic: appointmentChangedTopic, body }),
          body,
          signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
        }).then(async (response) => ({ status: response.status, body: await response.text() }), () => ({ status: 0, body: '' }));
        if (answer.status === 200) {
          figures.delivered += 1;
          if ((JSON.parse(answer.body) as { status: string }).status === 'duplicate') figures.duplicates += 1;
          break;
        }
        // Refused (a 4xx) would be a bug in this sender or the receiver; 503 and no answer are a process going away.
        if (answer.status !== 0 && answer.status !== 503) throw new Error(`the delivery of appointment ${event.appointmentId} answered ${answer.status}: ${answer.body}`);
        figures.retried += 1;
        await retryPause();
      }
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
}

/**
 * Resolves once the relay has accepted `count` emails of `ids` (distinct Message-IDs), right after the one that made it;
 * fails when that has not happened within SETTLE_MS.
 */
function relayAccepted(ids: Set<string>, count: number): Promise<void> {
  const reached = () => relay.counts((id) => ids.has(id)).size >= count;
  if (reached()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`The relay had accepted ${relay.counts((id) => ids.has(id)).size} of the ${count} emails awaited after ${SETTLE_MS} ms`));
    }, SETTLE_MS);
    const stop = relay.onAccepted(() => {
      if (!reached()) return;
      stop();
      clearTimeout(timer);
      resolve();
    });
  });
}

/** The confirmation rows of `appointmentIds` with their attempts' outcomes. */
async function confirmations(appointmentIds: number[]) {
  const rows = await database!.db.selectFrom('messages').select(['id', 'appointment_id', 'state', 'attempts', 'recipient', 'email_message_id'])
    .where('kind', '=', 'booking-confirmation').where('appointment_id', 'in', appointmentIds).execute();
  const attempts = rows.length === 0 ? [] : await database!.db.selectFrom('message_attempts').select(['message_id', 'outcome'])
    .where('message_id', 'in', rows.map((row) => row.id)).execute();
  return rows.map((row) => ({ ...row, recorded: attempts.filter((attempt) => attempt.message_id === row.id) }));
}

/**
 * Waits until every event's confirmation is `sent` and at the relay, then checks it arrived once under its Message-ID
 * (to the event's address), and that a Message-ID accepted twice is a message whose attempt was cut off by a kill (its
 * attempts count one more than the attempts it recorded). Answers the Message-IDs accepted twice or more.
 */
async function expectEachSentOnce(events: AppointmentChanged[]) {
  const ids = new Set(events.map((event) => messageIdOf(event.appointmentId)));
  const appointmentIds = events.map((event) => event.appointmentId);
  await waitFor('every confirmation to be sent', async () => {
    const rows = await confirmations(appointmentIds);
    return rows.length === events.length && rows.every((row) => row.state === 'sent') && relay.counts((id) => ids.has(id)).size === ids.size;
  }, SETTLE_MS, 250);

  const rows = await confirmations(appointmentIds);
  expect(rows).toHaveLength(events.length);
  const counts = relay.counts((id) => ids.has(id));
  expect([...counts.keys()].sort()).toEqual([...ids].sort());
  for (const event of events) {
    const row = rows.find((candidate) => candidate.appointment_id === event.appointmentId)!;
    expect(row, `appointment ${event.appointmentId}`).toMatchObject({ state: 'sent', recipient: event.email, email_message_id: messageIdOf(event.appointmentId) });
    expect(row.recorded.filter((attempt) => attempt.outcome === 'sent'), `appointment ${event.appointmentId}'s sent attempt`).toHaveLength(1);
    for (const mail of relay.accepted.filter((accepted) => accepted.messageId === row.email_message_id)) expect(mail.to).toEqual([event.email]);
  }
  const twice = [...counts].filter(([, count]) => count > 1);
  for (const [messageId, count] of twice) {
    const row = rows.find((candidate) => candidate.email_message_id === messageId)!;
    // Each acceptance beyond the first is an attempt the process did not live to record.
    expect(row.attempts - row.recorded.length, `${messageId}: attempts cut off by a kill`).toBeGreaterThanOrEqual(count - 1);
  }
  return { rows, twice };
}

/** A run's log in the report: each fault with when it happened and how far the run was then. */
function runLog(title: string, ids: Set<string>, figures: { delivered: number }) {
  const started = Date.now();
  report.push(`${title}:`);
  return {
    note(what: string) {
      report.push(`  ${((Date.now() - started) / 1000).toFixed(1)} s: ${what} (${relay.counts((id) => ids.has(id)).size} of ${ids.size} emails accepted, ${figures.delivered} events delivered)`);
    },
    seconds: () => ((Date.now() - started) / 1000).toFixed(1),
  };
}

const nameOf = (instance: ServiceProcess) => (instance === instances[0] ? 'a' : 'b');

describe.sequential('notifications under faults', () => {
  it('sends each confirmation once while one process or the other is killed at random moments', async () => {
    const count = 200;
    const events = Array.from({ length: count }, (_, n) => bookedEvent(1_000 + n));
    const ids = new Set(events.map((event) => messageIdOf(event.appointmentId)));
    const figures = { delivered: 0, retried: 0, duplicates: 0 };
    // 3 to 5 kills, each the moment the relay has accepted a random share of the emails (5 % to 90 %), of a random process.
    const kills = Array.from({ length: 3 + Math.floor(random() * 3) }, () => ({
      after: Math.floor(count * (0.05 + random() * 0.85)),
      victim: instances[Math.floor(random() * instances.length)]!,
    })).sort((a, b) => a.after - b.after);
    const log = runLog(`SIGKILL run, ${count} events, kills planned after ${kills.map((kill) => `${kill.after} (${nameOf(kill.victim)})`).join(', ')} emails`, ids, figures);
    const restarting = new Map<ServiceProcess, Promise<void>>();

    const killing = async () => {
      for (const { after, victim } of kills) {
        await relayAccepted(ids, after);
        // A victim killed before is started again first: a kill is of a running process.
        await restarting.get(victim);
        log.note(`${nameOf(victim)} killed`);
        await victim.stop('SIGKILL');
        restarting.set(victim, victim.start());
      }
    };
    await Promise.all([deliverAll(events, 2, figures), killing()]);
    await Promise.all(restarting.values());
    const { rows, twice } = await expectEachSentOnce(events);

    log.note('all sent');
    report.push(
      `  deliveries tried again ${figures.retried}, answered duplicate ${figures.duplicates}`,
      `  attempts cut off by a kill: ${rows.reduce((sum, row) => sum + row.attempts - row.recorded.length, 0)}; Message-IDs accepted twice or more: ${twice.length > 0 ? twice.map(([id, n]) => `${id} ×${n}`).join(', ') : 'none'}`,
    );
    expect(crashes).toEqual([]);
  });

  it('loses and doubles no email when the relay goes down and notifications is stopped mid-run', async () => {
    const count = 100;
    const events = Array.from({ length: count }, (_, n) => bookedEvent(2_000 + n));
    const ids = new Set(events.map((event) => messageIdOf(event.appointmentId)));
    const figures = { delivered: 0, retried: 0, duplicates: 0 };
    // The relay goes down after 10 % to 40 % of the emails; one process is stopped again 5 to 20 emails after it is back.
    const relayDownAfter = Math.floor(count * (0.1 + random() * 0.3));
    const stopAgainAfter = 5 + Math.floor(random() * 16);
    const stoppedAgain = instances[Math.floor(random() * instances.length)]!;
    const log = runLog(`SIGTERM and relay run, ${count} events, relay down after ${relayDownAfter} emails, ${nameOf(stoppedAgain)} stopped again ${stopAgainAfter} emails after it is back`, ids, figures);
    const failedAttempts = async () => (await confirmations(events.map((event) => event.appointmentId))).flatMap((row) => row.recorded).filter((attempt) => attempt.outcome === 'failed').length;
    const exits: string[] = [];
    const stop = async (instance: ServiceProcess) => {
      const exit = await instance.stop('SIGTERM');
      exits.push(`${nameOf(instance)}: ${exit?.code ?? exit?.signal}`);
    };

    const faulting = async () => {
      await relayAccepted(ids, relayDownAfter);
      await relay.stop();
      log.note('relay down');
      // Emails are queued meanwhile: their sends fail (the connection is refused) and wait for a retry.
      await waitFor('a send to fail while the relay is down', async () => (await failedAttempts()) > 0, SETTLE_MS, 50);
      log.note('a send failed');
      // Notifications stops altogether (both processes, SIGTERM) with those emails queued, and starts again: they were
      // kept in its database, and the new processes go on trying them (and the events that came meanwhile).
      await Promise.all(instances.map(stop));
      log.note('both processes stopped (SIGTERM)');
      await Promise.all(instances.map((instance) => instance.start()));
      const failedBefore = await failedAttempts();
      log.note('both processes started');
      await waitFor('a send to fail again after the restart', async () => (await failedAttempts()) > failedBefore, SETTLE_MS, 50);
      log.note('a send failed again');
      await relay.start();
      log.note('relay back');
      const back = relay.counts((id) => ids.has(id)).size;
      await relayAccepted(ids, back + stopAgainAfter);
      await stop(stoppedAgain);
      log.note(`${nameOf(stoppedAgain)} stopped (SIGTERM)`);
      await stoppedAgain.start();
      log.note(`${nameOf(stoppedAgain)} started`);
    };
    await Promise.all([deliverAll(events, 2, figures), faulting()]);
    const { rows, twice } = await expectEachSentOnce(events);

    log.note('all sent');
    report.push(
      `  deliveries tried again ${figures.retried}, answered duplicate ${figures.duplicates}`,
      `  failed attempts while the relay was down: ${await failedAttempts()}, most attempts of one email: ${Math.max(...rows.map((row) => row.attempts))}`,
    );
    // Each stop was graceful: the process finished what it had started and exited with 0.
    expect(exits.toSorted()).toEqual([...instances.map((instance) => `${nameOf(instance)}: 0`), `${nameOf(stoppedAgain)}: 0`].toSorted());
    // Nothing twice: no process died without recording what it sent, and the relay accepted nothing it did not answer.
    expect(twice).toEqual([]);
    expect(rows.filter((row) => row.attempts !== row.recorded.length)).toEqual([]);
    expect(crashes).toEqual([]);
  });
});
