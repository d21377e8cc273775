import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { appNames, serviceNames, type AppName, type ServiceName } from '@repo/contracts';
import { createTestDatabase, freePort, type TestDatabase } from '@repo/service-kit/testing';
import { startStack, type RunningStack } from '../scripts/stack.ts';

export type BenchStack = {
  stack: RunningStack;
  /** Each service's own database (PostgreSQL), for what a benchmark checks or writes directly. */
  databaseUrls: Record<ServiceName, string>;
  /** Stops the stack and removes its databases and files. */
  close(): Promise<void>;
};

/**
 * The whole system behind nginx, seeded, on fresh PostgreSQL databases of its own and free ports, as a benchmark
 * measures it; `name` names the benchmark in the message when PostgreSQL is missing and the stack's data folder.
 */
export async function startBenchStack(name: string, env: Record<string, string>): Promise<BenchStack> {
  const databases: Partial<Record<ServiceName, TestDatabase>> = {};
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `${name}-stack-`));
  let stack: RunningStack | undefined;
  const close = async () => {
    await stack?.stop();
    await Promise.all(Object.values(databases).map((database) => database.cleanup()));
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    for (const service of serviceNames) databases[service] = await createTestDatabase();
    const databaseUrls = Object.fromEntries(serviceNames.map((service) => [service, databases[service]!.config.url])) as Record<ServiceName, string | undefined>;
    if (serviceNames.some((service) => !databaseUrls[service])) throw new Error(`The ${name} benchmark needs PostgreSQL on 127.0.0.1:5432 (or TEST_DATABASE_URL).`);
    const ports = async <K extends string>(keys: readonly K[]) => Object.fromEntries(await Promise.all(keys.map(async (key) => [key, await freePort()]))) as Record<K, number>;
    stack = await startStack({
      gateway: 'nginx',
      databaseUrls: databaseUrls as Record<ServiceName, string>,
      dataDir,
      appPorts: await ports<AppName>(appNames),
      servicePorts: await ports<ServiceName>(serviceNames),
      seed: true,
      sandboxes: false,
      env,
    });
    return { stack, databaseUrls: databaseUrls as Record<ServiceName, string>, close };
  } catch (err) {
    await close();
    throw err;
  }
}
