// The test kit's Testcontainers path, for real: TEST_DB=testcontainers (`pnpm test compose` runs this file with
// Docker's engine and the local PostgreSQL image). Without it the file is skipped: there is no engine to prove it on.
import { spawn } from 'node:child_process';
import { hostname } from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { getContainerRuntimeClient } from 'testcontainers';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../src/testing/index.ts';
import { CONTAINER_OWNER_LABEL, DEFAULT_POSTGRES_IMAGE } from '../src/testing/postgres-container.ts';
import { waitFor } from './support/effects-services.ts';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const childScript = fileURLToPath(new URL('./support/testcontainers-process.ts', import.meta.url));
const image = process.env.TESTCONTAINERS_POSTGRES_IMAGE || DEFAULT_POSTGRES_IMAGE;
const containerStart = 120_000;

/** The kit's containers that a process owns, as the engine lists them (running or not). */
async function containersOf(pid: number) {
  const client = await getContainerRuntimeClient();
  return client.container.dockerode.listContainers({ all: true, filters: { label: [`${CONTAINER_OWNER_LABEL}=${hostname()}:${pid}`] } });
}

async function exists(id: string): Promise<boolean> {
  const client = await getContainerRuntimeClient();
  return client.container
    .getById(id)
    .inspect()
    .then(() => true, (error: { statusCode?: number }) => (error.statusCode === 404 ? false : Promise.reject(error)));
}

async function query<T>(url: string, text: string): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows[0] as T;
  } finally {
    await client.end();
  }
}

/** A child process holding a test database it never cleans up; resolves once the database is open. */
async function childWithDatabase(mode: 'exit' | 'hold') {
  const child = spawn(process.execPath, ['--import', 'tsx', childScript, mode], { cwd: packageDir, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('open\n')) resolve();
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then((code) => reject(new Error(`the child exited (${code}) before its database was open: ${output}`)));
  });
  return { child, exited };
}

describe.runIf(process.env.TEST_DB === 'testcontainers')('createTestDatabase with TEST_DB=testcontainers', () => {
  const open: TestDatabase[] = [];
  afterEach(async () => {
    for (const database of open.splice(0)) await database.cleanup();
  });

  it('runs PostgreSQL in a container of TESTCONTAINERS_POSTGRES_IMAGE, on its mapped port, and removes it on cleanup', { timeout: containerStart }, async () => {
    const database = await createTestDatabase();
    expect(database.kind).toBe('postgres');
    const url = new URL(database.config.url!);

    const [listed, ...others] = await containersOf(process.pid);
    expect(others).toEqual([]);
    expect(listed).toMatchObject({ Image: image, State: 'running' });
    // The URL reaches the container's 5432 through the port Docker mapped on this host.
    expect(listed!.Ports.find((port) => port.PrivatePort === 5432)?.PublicPort).toBe(Number(url.port));
    // The server that answers says it listens on the container's own address.
    const client = await getContainerRuntimeClient();
    const networks = (await client.container.getById(listed!.Id).inspect()).NetworkSettings.Networks;
    const containerAddresses = Object.values(networks).map((network) => network.IPAddress);
    const server = await query<{ address: string; database: string }>(database.config.url!, 'select host(inet_server_addr()) as address, current_database() as database');
    expect(containerAddresses).toContain(server.address);
    expect(server.database).toBe(url.pathname.slice(1));

    await database.cleanup();
    expect(await exists(listed!.Id)).toBe(false);
    expect(await containersOf(process.pid)).toEqual([]);
  });

  it('shares one container between the databases open at once and keeps it until the last is cleaned up', { timeout: containerStart }, async () => {
    const [first, second] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    open.push(second!);
    expect(new URL(first!.config.url!).port).toBe(new URL(second!.config.url!).port);
    expect(first!.config.url).not.toBe(second!.config.url);
    const [container, ...others] = await containersOf(process.pid);
    expect(others).toEqual([]);

    await first!.cleanup();
    await query(second!.config.url!, 'create table still_here (id int)');
    expect(await exists(container!.Id)).toBe(true);

    await open.splice(0)[0]!.cleanup();
    expect(await exists(container!.Id)).toBe(false);
  });

  it('removes the container of a process that exits without cleaning up', { timeout: containerStart }, async () => {
    const { child, exited } = await childWithDatabase('exit');
    const [left] = await containersOf(child.pid!);
    expect(await exited).toBe(0);
    await waitFor('the container of the exited process to be removed', async () => !(await exists(left!.Id)));
  });

  it('removes the container of a process stopped by SIGTERM, as vitest stops its workers', { timeout: containerStart }, async () => {
    const { child, exited } = await childWithDatabase('hold');
    const [left] = await containersOf(child.pid!);
    child.kill('SIGTERM');
    await exited;
    expect(child.signalCode).toBe('SIGTERM');
    await waitFor('the container of the stopped process to be removed', async () => !(await exists(left!.Id)));
  });

  it('removes the container a killed process left behind when the next container starts', { timeout: 2 * containerStart }, async () => {
    const { child, exited } = await childWithDatabase('hold');
    const [left] = await containersOf(child.pid!);
    child.kill('SIGKILL');
    await exited;
    // Killed, it could not remove its container...
    expect(await exists(left!.Id)).toBe(true);
    // ...and the next one the kit starts removes it first.
    open.push(await createTestDatabase());
    expect(await exists(left!.Id)).toBe(false);
  });
});
