import { execFile } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '@repo/service-kit/testing';

const run = promisify(execFile);

/** Debian's PostgreSQL 15 server binaries (the `postgresql-15` package); PG_BIN picks others. */
export const postgresBin = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/**
 * A throwaway PostgreSQL cluster of our own, so the fault suite can stop, crash and restart it without touching the
 * shared server on 127.0.0.1:5432 that the other suites use. It runs as the `postgres` system user (initdb refuses
 * root), on a free port, with its socket in its own directory and trust authentication on loopback.
 */
export type PrivateCluster = {
  port: number;
  running: () => boolean;
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url: (database: string) => string;
  createDatabase: (name: string) => Promise<string>;
  start: () => Promise<void>;
  /** `fast` ends every session cleanly (57P01); `immediate` is a crash: no checkpoint, recovery on the next start. */
  stop: (mode: 'fast' | 'immediate') => Promise<void>;
  /** Stops the server (if running) and deletes its files. */
  remove: () => Promise<void>;
};

async function asPostgres(command: string, args: string[]): Promise<string> {
  try {
    const { stdout } = await run('runuser', ['-u', 'postgres', '--', path.join(postgresBin, command), ...args], { timeout: 120_000 });
    return stdout;
  } catch (err) {
    const failure = err as { stderr?: string; stdout?: string; message: string };
    throw new Error(`${command} ${args.join(' ')} failed: ${failure.stderr || failure.stdout || failure.message}`);
  }
}

export async function startPrivateCluster(): Promise<PrivateCluster> {
  if (process.getuid?.() !== 0) {
    throw new Error('The fault tests run their own PostgreSQL cluster as the postgres user, through runuser: run them as root (CI does).');
  }
  const root = await mkdtemp(path.join(os.tmpdir(), 'faults-pg-'));
  // The postgres user must reach the directory; the data directory inside is created by initdb with its own rights.
  await chmod(root, 0o755);
  await run('chown', ['postgres:postgres', root]);
  const dataDir = path.join(root, 'data');
  const port = await freePort();
  await asPostgres('initdb', ['-D', dataDir, '--auth=trust', '--username=postgres', '--encoding=UTF8', '--no-sync']);
  let running = false;
  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const cluster: PrivateCluster = {
    port,
    running: () => running,
    url,
    async createDatabase(name) {
      await asPostgres('createdb', ['-h', root, '-p', String(port), name]);
      return url(name);
    },
    async start() {
      await asPostgres('pg_ctl', ['-D', dataDir, '-l', path.join(root, 'server.log'), '-o', `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off`, '-w', '-t', '120', 'start']);
      running = true;
    },
    async stop(mode) {
      await asPostgres('pg_ctl', ['-D', dataDir, '-m', mode, '-w', '-t', '120', 'stop']);
      running = false;
    },
    async remove() {
      if (running) await cluster.stop('immediate').catch(() => undefined);
      await rm(root, { recursive: true, force: true });
    },
  };
  try {
    await cluster.start();
  } catch (err) {
    await rm(root, { recursive: true, force: true });
    throw err;
  }
  return cluster;
}
