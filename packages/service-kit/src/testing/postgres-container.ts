import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { hostname } from 'node:os';
import type { ContainerRuntimeClient, StartedTestContainer } from 'testcontainers';

/** What a developer would pull; TESTCONTAINERS_POSTGRES_IMAGE picks another (CI: localbase/postgres:15). */
export const DEFAULT_POSTGRES_IMAGE = 'postgres:16-alpine';
/** Every container the kit starts carries this label; its value names the owner process (`host:pid`). */
export const CONTAINER_OWNER_LABEL = 'appliance-repair.test-kit.owner';
const owner = `${hostname()}:${process.pid}`;

/**
 * The image's own entrypoint is skipped: the official image honours POSTGRES_PASSWORD, the local base honours
 * nothing, and both run this the same way (initdb, postgres and PGDATA are what every PostgreSQL image provides).
 * Durability is off: the database lives as long as the test.
 */
const SERVER_SCRIPT = `set -eu
printf '%s\\n' "$POSTGRES_PASSWORD" > /tmp/pwfile
initdb --no-sync --username=postgres --pwfile=/tmp/pwfile --auth-local=trust --auth-host=scram-sha-256 --encoding=UTF8 --locale=C.UTF-8 -D "$PGDATA" > /dev/null
rm /tmp/pwfile
echo 'host all all all scram-sha-256' >> "$PGDATA/pg_hba.conf"
exec postgres -c listen_addresses='*' -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;

export type ContainerLease = { adminUrl: string; containerId: string; release(): Promise<void> };

type Running = { adminUrl: string; container: StartedTestContainer };
type State = { starting?: Promise<Running>; users: number; alive: Set<string>; exitHook?: true };
// On globalThis: vitest may evaluate this module once per test file in one worker process, and there is one
// container per process.
const STATE_KEY = Symbol.for('@repo/service-kit/testing/postgres-container');
const state = ((globalThis as { [STATE_KEY]?: State })[STATE_KEY] ??= { users: 0, alive: new Set() });

/**
 * A PostgreSQL server in a Testcontainers container, shared by this process's test databases: started by the first
 * lease, stopped and removed when the last lease is released. Ryuk is not needed (TESTCONTAINERS_RYUK_DISABLED=true
 * is fine): what is not released is removed at process exit, and what a killed process left behind is removed by
 * the next kit that starts a container. Errors say what to do.
 */
export async function leasePostgresContainer(): Promise<ContainerLease> {
  state.users += 1;
  const starting = (state.starting ??= startContainer());
  let running: Running;
  try {
    running = await starting;
  } catch (error) {
    state.users -= 1;
    if (state.starting === starting) state.starting = undefined;
    throw error;
  }
  let released = false;
  return {
    adminUrl: running.adminUrl,
    containerId: running.container.getId(),
    release: async () => {
      if (released) return;
      released = true;
      state.users -= 1;
      if (state.users > 0 || state.starting !== starting) return;
      state.starting = undefined;
      await running.container.stop();
      state.alive.delete(running.container.getId());
    },
  };
}

async function startContainer(): Promise<Running> {
  const tc = await import('testcontainers').catch((error: unknown) => {
    throw new Error(`Testcontainers is not installed (${message(error)}); run \`pnpm install\` (it is a devDependency of @repo/service-kit).`);
  });
  const client = await tc.getContainerRuntimeClient().catch((error: unknown) => {
    throw new Error(
      `No Docker engine answers (${message(error)}). Start Docker (Docker Desktop, or \`dockerd\` as root) or point DOCKER_HOST at one; ` +
        'or leave TEST_DB unset to use PostgreSQL on 127.0.0.1:5432 (TEST_DATABASE_URL) and else PGlite.',
    );
  });
  await removeOrphans(client);
  const image = process.env.TESTCONTAINERS_POSTGRES_IMAGE || DEFAULT_POSTGRES_IMAGE;
  const password = randomBytes(18).toString('base64url');
  registerExitHook();
  let container: StartedTestContainer;
  try {
    container = await new tc.GenericContainer(image)
      .withUser('postgres')
      .withEntrypoint(['sh', '-c', SERVER_SCRIPT, 'test-postgres'])
      .withEnvironment({ POSTGRES_PASSWORD: password })
      .withLabels({ [CONTAINER_OWNER_LABEL]: owner })
      .withExposedPorts(5432)
      .withWaitStrategy(tc.Wait.forLogMessage(/database system is ready to accept connections/))
      .withStartupTimeout(120_000)
      .start();
  } catch (error) {
    throw new Error(startFailure(image, message(error)));
  }
  state.alive.add(container.getId());
  return { adminUrl: `postgres://postgres:${password}@${container.getHost()}:${container.getMappedPort(5432)}/postgres`, container };
}

function startFailure(image: string, reason: string): string {
  if (/ryuk/i.test(reason)) {
    return `Testcontainers' reaper (Ryuk) could not start: ${reason}. Set TESTCONTAINERS_RYUK_DISABLED=true: the test kit removes its containers itself.`;
  }
  return (
    `Could not start a PostgreSQL container from ${image}: ${reason}. Pull it (\`docker pull ${image}\`) or set TESTCONTAINERS_POSTGRES_IMAGE ` +
    'to a PostgreSQL image this engine has (without Docker Hub: `node infra/docker/build-local-bases.mjs` builds localbase/postgres:15).'
  );
}

/** Containers of kit processes on this host that are gone (killed before their exit hook could run). */
async function removeOrphans(client: ContainerRuntimeClient) {
  const containers = await client.container.dockerode.listContainers({ all: true, filters: { label: [CONTAINER_OWNER_LABEL] } });
  for (const info of containers) {
    const [host, pid] = (info.Labels[CONTAINER_OWNER_LABEL] ?? '').split(':');
    if (host !== hostname() || isAlive(Number(pid))) continue;
    await client.container.getById(info.Id).remove({ force: true, v: true }).catch(() => undefined);
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes what is still running when the process ends: at exit, or on SIGINT/SIGTERM (vitest stops its workers with
 * SIGTERM, and SIGKILL half a second later), which would otherwise end it without an exit event. Nothing
 * asynchronous runs any more then, so a detached Node removes the containers through the same Testcontainers client
 * (same DOCKER_HOST resolution) as the start, and finishes even when this process is killed meanwhile.
 */
function registerExitHook() {
  if (state.exitHook) return;
  state.exitHook = true;
  const removeLeftovers = () => {
    if (!state.alive.size) return;
    const testcontainers = createRequire(import.meta.url).resolve('testcontainers');
    const remove = 'require(process.argv[1]).getContainerRuntimeClient().then((client) => Promise.all(process.argv.slice(2).map((id) => client.container.getById(id).remove({ force: true, v: true }))))';
    spawn(process.execPath, ['-e', remove, testcontainers, ...state.alive], { detached: true, stdio: 'ignore' }).unref();
    state.alive.clear();
  };
  process.once('exit', removeLeftovers);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      removeLeftovers();
      // Listening stopped the default (ending the process), so the signal is raised again now that this listener is
      // gone: with nobody else listening the default ends the process. It is raised even when others listen:
      // signal-exit (under Testcontainers' proper-lockfile) listens too and, like a cleanup listener, ends the process
      // itself only when it is the last listener; leaving the exit to each other, the two would never end it.
      process.kill(process.pid, signal);
    });
  }
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
