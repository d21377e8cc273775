import { setTimeout as delay } from 'node:timers/promises';
import { sql, type Generated, type Kysely, type Migration } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createService, type ServiceApp } from '../src/create-service.ts';
import { createDatabase, migrateServiceDatabase, type Database } from '../src/db/index.ts';
import { createEffects, jobDefinition, type Effects, type JobDefinition, type ScheduledJobs } from '../src/effects/index.ts';
import { baseEnvSchema, loadEnv } from '../src/env.ts';
import { testKeyEnv } from '../src/test-service.ts';
import { keys, openTestDb, testTuning, type Driver, type TestDb } from './support/effects-services.ts';

// PGlite's first start in a new directory runs initdb, which takes many seconds on a busy machine.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

/** A service that reminds customers of appointments: the reminder's version must match the appointment's. */
type SchedulerDb = {
  appointments: { id: number; version: number };
  reminders_sent: { appointment_id: number; version: number; due_at: Date; sent_at: Generated<Date> };
};

const migrations: Record<string, Migration> = {
  '2026-12-05T0000-reminders': {
    async up(db) {
      await db.schema.createTable('appointments').addColumn('id', 'integer', (c) => c.primaryKey()).addColumn('version', 'integer', (c) => c.notNull()).execute();
      await db.schema
        .createTable('reminders_sent')
        .addColumn('appointment_id', 'integer', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('due_at', 'timestamptz', (c) => c.notNull())
        .addColumn('sent_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
    },
  },
};

const reminder = z.object({ appointmentId: z.number().int(), version: z.number().int(), dueAt: z.iso.datetime() });

const chainLink = z.object({ chainId: z.number().int(), step: z.number().int(), holdMs: z.number().int() });

/**
 * The scheduler's jobs: a reminder, and a chain whose each link holds for `holdMs`, then records itself and sends the
 * next link (up to step 2) in one transaction. Jobs that send jobs reach the service's effects through `effects()`.
 */
const schedulerJobs = (effects: () => Pick<ScheduledJobs<{ chain: JobDefinition<typeof chainLink> }>, 'send'>) => ({
  reminder: jobDefinition({
    schema: reminder,
    isStale: async (db, payload) => {
      const row = await db.selectFrom('appointments').select('version').where('id', '=', payload.appointmentId).executeTakeFirst();
      return row?.version !== payload.version;
    },
    run: async (db, payload) => {
      await db.insertInto('reminders_sent').values({ appointment_id: payload.appointmentId, version: payload.version, due_at: new Date(payload.dueAt) }).execute();
    },
  }),
  chain: jobDefinition({
    schema: chainLink,
    run: async (db: Kysely<SchedulerDb>, link) => {
      await delay(link.holdMs);
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('reminders_sent').values({ appointment_id: link.chainId, version: link.step, due_at: new Date() }).execute();
        if (link.step < 2) await effects().send(trx, 'chain', { ...link, step: link.step + 1, holdMs: 0 });
      });
    },
  }),
});
type SchedulerJobs = ReturnType<typeof schedulerJobs>;

async function startScheduler(config: TestDb['config']) {
  const env = loadEnv('booking', baseEnvSchema(0), { ...testKeyEnv, LOG_LEVEL: 'silent', SERVICE_KEY: keys.booking });
  const database: Database<SchedulerDb> = await createDatabase<SchedulerDb>(config);
  await migrateServiceDatabase(database.db, migrations);
  const effects: Effects<Record<never, never>, SchedulerJobs, SchedulerDb> = createEffects({ service: 'booking', database, env, outgoing: {}, jobs: schedulerJobs(() => effects), tuning: testTuning });
  const app: ServiceApp = await createService({ name: 'booking', env, ready: database.ping });
  await app.register(effects.plugin);
  await app.ready();
  return {
    db: database.db,
    effects,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

describe.each<Driver>(['postgres', 'pglite'])('delayed and cancellable jobs on %s', (driver) => {
  let store: TestDb;
  let scheduler: Awaited<ReturnType<typeof startScheduler>>;
  let nextAppointment = 1;

  beforeAll(async () => {
    store = await openTestDb(driver);
    scheduler = await startScheduler(store.config);
  });
  afterAll(async () => {
    await scheduler?.close();
    await store?.cleanup();
  });

  const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000);
  const sent = (appointmentId: number) =>
    scheduler.db.selectFrom('reminders_sent').select(['version', 'due_at', 'sent_at']).where('appointment_id', '=', appointmentId).execute();
  /** A new appointment at version 1 and its reminder due at `at`, in one transaction. */
  const book = (at: Date) => {
    const appointmentId = nextAppointment++;
    return scheduler.db.transaction().execute(async (trx) => {
      await trx.insertInto('appointments').values({ id: appointmentId, version: 1 }).execute();
      const jobId = await scheduler.effects.sendAfter(trx, 'reminder', { appointmentId, version: 1, dueAt: at.toISOString() }, at);
      return { appointmentId, jobId };
    });
  };
  const state = (jobId: string) => scheduler.effects.findJob('reminder', jobId).then((job) => job?.state);

  it('runs a job once when it comes due, not before', async () => {
    const at = inSeconds(1.5);
    const { appointmentId, jobId } = await book(at);
    expect(await state(jobId)).toBe('created');
    await expect.poll(() => state(jobId), { timeout: 20_000 }).toBe('completed');
    const rows = await sent(appointmentId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.sent_at.getTime()).toBeGreaterThanOrEqual(at.getTime());
  });

  it('never runs a cancelled job, nor one scheduled in a transaction that rolled back', async () => {
    const cancelled = await book(inSeconds(1));
    const wasCancelled = await scheduler.db.transaction().execute((trx) => scheduler.effects.cancel(trx, 'reminder', cancelled.jobId));
    expect(wasCancelled).toBe(true);
    const rolledBack = await scheduler.db
      .transaction()
      .execute(async (trx) => {
        await scheduler.effects.sendAfter(trx, 'reminder', { appointmentId: 999, version: 1, dueAt: new Date().toISOString() }, new Date());
        throw new Error('rolled back on purpose');
      })
      .catch((err: Error) => err.message);
    expect(rolledBack).toBe('rolled back on purpose');
    // A later job has run, so the cancelled one, due earlier, would have run before it.
    const later = await book(inSeconds(1.5));
    await expect.poll(() => state(later.jobId), { timeout: 20_000 }).toBe('completed');
    expect(await state(cancelled.jobId)).toBe('cancelled');
    expect(await sent(cancelled.appointmentId)).toEqual([]);
    expect(await sent(999)).toEqual([]);
    // Cancelling what has already run changes nothing and says so.
    expect(await scheduler.db.transaction().execute((trx) => scheduler.effects.cancel(trx, 'reminder', later.jobId))).toBe(false);
  });

  it('reschedules in one transaction: the old job is cancelled and the new one runs, or neither change happens', async () => {
    const { appointmentId, jobId } = await book(inSeconds(30));
    const moveTo = (at: Date, options: { fail?: boolean } = {}) =>
      scheduler.db.transaction().execute(async (trx) => {
        await trx.updateTable('appointments').set({ version: 2 }).where('id', '=', appointmentId).execute();
        const newId = await scheduler.effects.reschedule(trx, 'reminder', jobId, { appointmentId, version: 2, dueAt: at.toISOString() }, at);
        if (options.fail) throw new Error(`rolled back ${newId}`);
        return newId;
      });

    const failed = await moveTo(inSeconds(1), { fail: true }).catch((err: Error) => err.message);
    const abandonedId = /rolled back (\S+)/.exec(String(failed))?.[1];
    expect(abandonedId).toBeDefined();
    // Neither half of the failed reschedule happened: the old job still waits, the new one does not exist.
    expect(await state(jobId)).toBe('created');
    expect(await state(abandonedId!)).toBeUndefined();

    const newId = await moveTo(inSeconds(1));
    expect(await state(jobId)).toBe('cancelled');
    await expect.poll(() => state(newId), { timeout: 20_000 }).toBe('completed');
    expect((await sent(appointmentId)).map((row) => row.version)).toEqual([2]);
  });

  it('drops a job whose version is stale without running it', async () => {
    const { appointmentId, jobId } = await book(inSeconds(1));
    // The appointment changed without its reminder being rescheduled (say, a change that races the reminder).
    await scheduler.db.updateTable('appointments').set({ version: 2 }).where('id', '=', appointmentId).execute();
    await expect.poll(() => scheduler.effects.findJob('reminder', jobId), { timeout: 20_000 }).toEqual({ state: 'completed', output: { dropped: 'stale' } });
    expect(await sent(appointmentId)).toEqual([]);
  });

  it('refuses a payload that does not match the job’s schema, and a job it does not know', async () => {
    await expect(
      scheduler.db.transaction().execute((trx) => scheduler.effects.sendAfter(trx, 'reminder', { appointmentId: 'x' } as never, new Date())),
    ).rejects.toThrow(/payload for "reminder" does not match its schema/);
    await expect(scheduler.db.transaction().execute((trx) => scheduler.effects.cancel(trx, 'nudge' as never, 'x'))).rejects.toThrow(/has no job "nudge"/);
  });

  it('runs a job sent for now, and lets one still running as the service stops send the next, which the next start runs', async () => {
    // Its own database: the service stops and starts again on it, as a deploy would.
    const own = await openTestDb(driver);
    const links = (db: Kysely<SchedulerDb>) => db.selectFrom('reminders_sent').select('version').where('appointment_id', '=', 1).orderBy('version').execute();
    try {
      const first = await startScheduler(own.config);
      const jobId = await first.db.transaction().execute((trx) => first.effects.send(trx, 'chain', { chainId: 1, step: 1, holdMs: 300 }));
      await expect.poll(() => first.effects.findJob('chain', jobId).then((job) => job?.state), { timeout: 20_000 }).toBe('active');
      // The first link is running (holding): the stop waits for it, and its send of the next link goes through.
      await first.close();
      const second = await startScheduler(own.config);
      try {
        expect(await second.effects.findJob('chain', jobId)).toEqual({ state: 'completed', output: null });
        await expect.poll(() => links(second.db), { timeout: 20_000 }).toEqual([{ version: 1 }, { version: 2 }]);
      } finally {
        await second.close();
      }
    } finally {
      await own.cleanup();
    }
  });
});
