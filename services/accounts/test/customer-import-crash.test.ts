// The customer import survives its process being killed: accounts runs as a real process (src/server.ts) on a
// PostgreSQL database, is killed with SIGKILL in the middle of an import, and is started again on the same database.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importJobSchema, type ImportJob } from '@repo/contracts';
import { startServiceProSandbox, type RunningSandbox } from '@repo/field-service/sandbox';
import { createDatabase, type Database } from '@repo/service-kit/db';
import { createMigratedTestDatabase, freePort, GiveUp, waitFor, type TestDatabase } from '@repo/service-kit/testing';
import { testKeyEnv, testServiceKey } from '@repo/service-kit/test-service';
import { migrations } from '../src/db/migrations/index.ts';
import type { AccountsDatabase } from '../src/db/schema.ts';
import { admin, serviceProEnv } from './support/accounts.ts';
import { pagesRead, range } from './support/sandbox-log.ts';

const serviceDir = path.resolve(import.meta.dirname, '..');
/** Eight pages of 500, each answered after 500 ms: the import is surely midway when the test sees its first page saved. */
const customers = 4_000;
const pages = 8;

// PGlite is one process's files, not something to SIGKILL mid-write; production runs PostgreSQL.
describe.runIf(process.env.TEST_DB !== 'pglite')('a customer import whose process is killed', () => {
  let testDatabase: TestDatabase;
  let database: Database<AccountsDatabase>;
  let sandbox: RunningSandbox;
  let port: number;
  let env: Record<string, string>;
  const children: ChildProcessWithoutNullStreams[] = [];

  const alive = (child: ChildProcessWithoutNullStreams) => child.exitCode === null && child.signalCode === null;

  beforeAll(async () => {
    testDatabase = await createMigratedTestDatabase({ owner: 'accounts', migrations });
    database = await createDatabase<AccountsDatabase>(testDatabase.config);
    sandbox = await startServiceProSandbox({ customers, delayMs: 500 });
    port = await freePort();
    env = {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ...(testDatabase.kind === 'postgres' ? { DATABASE_URL: testDatabase.config.url! } : {}),
      JWT_PUBLIC_KEY: testKeyEnv.JWT_PUBLIC_KEY!,
      JWT_PRIVATE_KEY: testKeyEnv.JWT_PRIVATE_KEY!,
      SERVICE_KEY: testServiceKey,
      TRUSTED_SERVICE_KEYS: `booking=${testServiceKey},tracking=${testServiceKey},payments=${testServiceKey},notifications=${testServiceKey}`,
      PEER_URLS: 'booking=http://127.0.0.1:9,tracking=http://127.0.0.1:9,payments=http://127.0.0.1:9,notifications=http://127.0.0.1:9',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      ...serviceProEnv(sandbox.url),
    };
  });

  afterAll(async () => {
    for (const child of children.filter(alive)) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }
    await database?.close();
    await sandbox?.close();
    await testDatabase?.cleanup();
  });

  /** Accounts as its own process, ready once /readyz answers 200. */
  async function startAccountsProcess(): Promise<ChildProcessWithoutNullStreams> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], { cwd: serviceDir, env });
    children.push(child);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await waitFor('accounts to be ready', async () => {
      if (!alive(child)) throw new GiveUp(`accounts exited (${child.exitCode ?? child.signalCode}) while starting:\n${output}`);
      const response = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined);
      return response?.ok === true;
    }, 90_000);
    return child;
  }

  async function call(method: string, url: string, token?: string, body?: object) {
    const response = await fetch(`http://127.0.0.1:${port}${url}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, json: (await response.json()) as unknown };
  }

  const importRow = (id: number) => database.db.selectFrom('import_jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('finishes an import after accounts is killed midway and started again, never reading a saved page twice', async ({ skip }) => {
    // Without a PostgreSQL to reach, the test database falls back to PGlite.
    if (testDatabase.kind !== 'postgres') skip();
    const first = await startAccountsProcess();
    const login = await call('POST', '/api/admin/login', undefined, admin);
    expect(login.status).toBe(200);
    const token = (login.json as { token: string }).token;
    const started = await call('POST', '/api/admin/import-all-customers', token);
    expect(started.status).toBe(202);
    const { id } = importJobSchema.parse(started.json);

    await waitFor('the first page to be saved', async () => (await importRow(id)).pages_saved >= 1, 30_000, 20);
    const exited = new Promise((resolve) => first.once('exit', resolve));
    first.kill('SIGKILL');
    await exited;
    const killed = await importRow(id);
    // Midway, and still running: nobody declares the import failed because its process died.
    expect(killed).toMatchObject({ status: 'running', error: null, next_position: String(killed.pages_saved + 1) });
    expect(killed.pages_saved).toBeLessThan(pages);
    expect(killed.fetched).toBe(killed.pages_saved * 500);
    expect(Number((await database.db.selectFrom('service_pro_customers').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(killed.created);

    const restartedAt = performance.timeOrigin + performance.now();
    await startAccountsProcess();
    const job = await waitFor('the import to end', async () => {
      const { json } = await call('GET', `/api/admin/import-jobs/${id}`, token);
      const current = json as ImportJob;
      return current.status === 'running' ? undefined : current;
    }, 120_000, 200);
    expect(job).toMatchObject({ status: 'succeeded', fetched: customers, created: customers, updated: 0, failed: 0, expectedTotal: customers, error: null });
    expect(Number((await database.db.selectFrom('service_pro_customers').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(customers);

    // From the sandbox's request log: the killed process read the pages it saved, and at most the one it died reading
    // (its answer never reached a commit); the restarted one began at the saved cursor and read every other page once.
    const saved = killed.pages_saved;
    const before = pagesRead(sandbox, { until: restartedAt });
    const after = pagesRead(sandbox, { since: restartedAt });
    expect(before.slice(0, saved)).toEqual(range(1, saved));
    expect(before.slice(saved)).toEqual(before.length > saved ? [saved + 1] : []);
    expect(after).toEqual(range(saved + 1, pages));
    // So no page that was saved was fetched again.
    expect(after.filter((page) => page <= saved)).toEqual([]);
  }, 240_000);
});
