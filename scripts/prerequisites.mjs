// What the README's test command needs beyond Node and `pnpm install`, found before any layer runs. As root on Debian
// or Ubuntu (a fresh machine or container, and CI) it installs what is missing with apt-get and, when no PostgreSQL
// answers, runs a throwaway one of its own; anywhere else it stops at once with one line saying how to get what is
// missing, instead of failing half-way through.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import net from 'node:net';
import path from 'node:path';

const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

const onPath = (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
// Where the tests look for each program (tests/support/browser.ts, infra/gateway/src/nginx-process.ts, tests/checks,
// tests/checks/monitoring.test.ts for promtool).
const present = {
  nginx: () => existsSync(process.env.NGINX_BIN || '/usr/sbin/nginx') || onPath('nginx'),
  chromium: () => existsSync(process.env.CHROMIUM_PATH || '/usr/bin/chromium'),
  promtool: () => existsSync(process.env.PROMTOOL_BIN || '/usr/bin/promtool') || onPath('promtool'),
  java: () => (process.env.JAVA_HOME ? existsSync(path.join(process.env.JAVA_HOME, 'bin', 'java')) : onPath('java')),
  'apt-get': () => onPath('apt-get'),
};

/** The newest installed PostgreSQL server's binaries (Debian's /usr/lib/postgresql/<version>/bin), or undefined. */
export function postgresBinaries() {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const version = readdirSync(root)
    .filter((name) => existsSync(path.join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))[0];
  return version && path.join(root, version, 'bin');
}

async function reachable(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 5432) });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2_000);
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}

/** What each layer needs: commands on PATH (by Debian package), PostgreSQL, PostgreSQL's server binaries, root. */
const needs = {
  // Some suites need PostgreSQL whatever TEST_DB says (both drivers proven, LISTEN across instances), and the gateway's
  // run nginx (they are skipped without it, which a run of the whole layer must not do silently).
  'unit and service tests': { commands: { nginx: 'nginx' }, postgres: true },
  // The Nu checker (vnu-jar) on the built pages; the pages as Chromium renders them are checked in the browser layer,
  // on its stack (tests/checks/rendered-*), so that layer needs Java too. Prometheus' promtool (Debian's prometheus
  // package) checks the alert rules, their tests and the scrape config (infra/monitoring).
  'independent checkers': { commands: { java: 'default-jre-headless', promtool: 'prometheus' } },
  'browser tests': { commands: { nginx: 'nginx', chromium: 'chromium', java: 'default-jre-headless' }, postgres: true },
  'fault tests': { serverBinaries: true, root: true },
  "database drivers on the machine's Node": { postgres: true },
};

// Not the kit's freePort: this file runs on plain Node (scripts/test.mjs, without tsx), which cannot load the kit's
// TypeScript source.
const free = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

// From `/`: the postgres user may not enter the folder the tests run in.
const asPostgres = (bin, command, args) => spawnSync('runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args], { encoding: 'utf8', cwd: '/' });

/**
 * A PostgreSQL cluster of this run's own in a fresh folder under the system's temporary folder (trust authentication
 * on loopback, a free port), for a machine with PostgreSQL's server installed but none answering; stopped and removed
 * when this process exits. Not under the repository: the postgres user may not enter a checkout in root's home.
 */
async function startThrowawayPostgres(bin) {
  const root = mkdtempSync(path.join(tmpdir(), 'test-postgres-'));
  chmodSync(root, 0o755);
  spawnSync('chown', ['postgres:postgres', root]);
  const dataDir = path.join(root, 'data');
  const port = await free();
  const init = asPostgres(bin, 'initdb', ['-D', dataDir, '--auth=trust', '--username=postgres', '--encoding=UTF8', '--no-sync']);
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`);
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300`;
  const start = asPostgres(bin, 'pg_ctl', ['-D', dataDir, '-l', path.join(root, 'server.log'), '-o', options, '-w', '-t', '120', 'start']);
  if (start.status !== 0) throw new Error(`PostgreSQL did not start: ${start.stderr || start.stdout}`);
  process.on('exit', () => {
    asPostgres(bin, 'pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    rmSync(root, { recursive: true, force: true });
  });
  return `postgres://postgres@127.0.0.1:${port}/postgres`;
}

/**
 * Makes sure the selected layers can run, installing what is missing as root on Debian or Ubuntu; sets
 * TEST_DATABASE_URL when it starts a PostgreSQL of its own. Returns a message naming what is missing and how to get
 * it, or undefined when everything is there.
 */
export async function ensurePrerequisites(layerNames) {
  const wanted = layerNames.map((name) => needs[name]).filter(Boolean);
  const commands = Object.assign({}, ...wanted.map((need) => need.commands ?? {}));
  const wantsPostgres = wanted.some((need) => need.postgres);
  const wantsServer = wanted.some((need) => need.serverBinaries);
  const asRoot = process.getuid?.() === 0;
  if (wanted.some((need) => need.root) && !asRoot) {
    return 'The fault tests run a PostgreSQL cluster of their own as the postgres user: run `pnpm test` as root, or leave them out (`pnpm test unit`, `pnpm test browser`).';
  }
  const adminUrl = process.env.TEST_DATABASE_URL || DEFAULT_ADMIN_URL;
  const postgresAnswers = !wantsPostgres || (await reachable(adminUrl));
  const packages = Object.entries(commands)
    .filter(([command]) => !present[command]())
    .map(([, pkg]) => pkg);
  // PostgreSQL's server: for the fault tests' clusters, or to run one when none answers.
  if ((wantsServer || !postgresAnswers) && !postgresBinaries()) packages.push('postgresql');

  if (packages.length) {
    if (!asRoot || !present['apt-get']()) {
      const database = postgresAnswers ? '' : `, and PostgreSQL on ${new URL(adminUrl).host} with trust auth (or TEST_DATABASE_URL)`;
      return `pnpm test needs ${packages.join(', ')}${database}: on Debian or Ubuntu run \`sudo apt-get install -y ${packages.join(' ')}\`, or run pnpm test as root and it installs them.`;
    }
    console.log(`Installing what the tests need: apt-get install -y ${packages.join(' ')}`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    for (const args of [['update', '-qq'], ['install', '-y', '-qq', '--no-install-recommends', ...packages]]) {
      const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
      if (result.status !== 0) return `apt-get ${args.join(' ')} failed: install ${packages.join(', ')} yourself and run pnpm test again.`;
    }
  }
  if (!postgresAnswers) {
    if (!asRoot) return `No PostgreSQL answers at ${new URL(adminUrl).host}: start one with trust auth on loopback, or set TEST_DATABASE_URL.`;
    process.env.TEST_DATABASE_URL = await startThrowawayPostgres(postgresBinaries());
    process.env.TEST_DB ??= 'postgres';
    console.log(`No PostgreSQL answered at ${new URL(adminUrl).host}: the tests use one of their own at ${process.env.TEST_DATABASE_URL}.`);
  }
  // The fault tests' clusters use the same server binaries.
  if (wantsServer) process.env.PG_BIN ??= postgresBinaries();
  return undefined;
}
