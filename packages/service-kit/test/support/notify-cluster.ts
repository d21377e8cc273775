import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../src/testing/index.ts';

const run = promisify(execFile);
const POSTGRES_ROOT = '/usr/lib/postgresql';

/** A throwaway PostgreSQL cluster of its own (never the shared server), for tests that stop or restart it. */
export type PrivateCluster = {
  url: string;
  restart(): Promise<void>;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and removes its folder. Safe after a failed or partial start. */
  destroy(): Promise<void>;
};

/** The bin folder of the newest installed PostgreSQL that has initdb, if any. */
export function findPostgresBin(): string | undefined {
  if (!existsSync(POSTGRES_ROOT)) return undefined;
  const versions = readdirSync(POSTGRES_ROOT).sort((a, b) => Number(b) - Number(a));
  return versions.map((v) => join(POSTGRES_ROOT, v, 'bin')).find((bin) => existsSync(join(bin, 'initdb')));
}

export async function startPrivateCluster(bin: string): Promise<PrivateCluster> {
  const dir = await mkdtemp(join(tmpdir(), 'notify-cluster-'));
  const data = join(dir, 'data');
  // initdb refuses to run as root: run the server tools as the postgres OS user, in a folder it owns.
  const asRoot = process.getuid?.() === 0;
  const command = (tool: string, args: string[]): [string, string[]] =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]] : [join(bin, tool), args];
  const as = (tool: string, args: string[]) => run(...command(tool, args));
  const ctl = (...args: string[]) => as('pg_ctl', ['-D', data, '-w', '-t', '60', '-l', join(dir, 'server.log'), ...args]);

  let started = false;
  // If the test process dies before destroy(), the server would outlive it.
  const stopOnExit = () => {
    if (!started) return;
    try {
      execFileSync(...command('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']), { stdio: 'ignore' });
    } catch {
      // already stopped
    }
  };
  process.once('exit', stopOnExit);

  const destroy = async () => {
    process.off('exit', stopOnExit);
    if (started) await ctl('stop', '-m', 'immediate').catch(() => undefined);
    started = false;
    await rm(dir, { recursive: true, force: true });
  };

  try {
    if (asRoot) {
      const [uid, gid] = await Promise.all([id('-u'), id('-g')]);
      await chown(dir, uid, gid);
    }
    await as('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
    const port = await freePort();
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
    started = true;
    await ctl('start', '-o', options);
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      restart: async () => void (await ctl('restart', '-m', 'fast', '-o', options)),
      stop: async () => void (await ctl('stop', '-m', 'fast')),
      start: async () => void (await ctl('start', '-o', options)),
      destroy,
    };
  } catch (err) {
    await destroy();
    throw err;
  }
}

async function id(flag: '-u' | '-g'): Promise<number> {
  const { stdout } = await run('id', [flag, 'postgres']);
  return Number(stdout.trim());
}

