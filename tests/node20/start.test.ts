import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { appNames, serviceNames } from '@repo/contracts';
import { freePort } from '@repo/service-kit/testing';
import { checkStartedSystem, startedUrls, type StartedUrls } from '../../scripts/start-check.ts';

// `pnpm start` as a person runs it on the machine's Node, on the build the test command made (SKIP_BUILD), on free
// ports and a fresh data folder: embedded PGlite databases, demo data, the local gateway, URLs printed.
const repoRoot = path.resolve(import.meta.dirname, '../..');
let dataDir: string;
let child: ChildProcess;
let output = '';
let urls: StartedUrls;
const servicePorts: Record<string, number> = {};
let objectStorePort: string;

/** The command lines of this start's processes: those whose environment names its data folder. */
async function processesOfThisStart(): Promise<string[]> {
  const found: string[] = [];
  for (const pid of (await readdir('/proc')).filter((name) => /^\d+$/.test(name))) {
    const [environ, cmdline] = await Promise.all([readFile(`/proc/${pid}/environ`, 'utf8'), readFile(`/proc/${pid}/cmdline`, 'utf8')]).catch(() => ['', '']);
    if (environ.includes(dataDir)) found.push(cmdline.split('\0').join(' ').trim());
  }
  return found;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'start-node20-'));
  const env: NodeJS.ProcessEnv = { ...process.env, SKIP_BUILD: '1', DATA_DIR: dataDir, FORCE_COLOR: '0' };
  delete env.DATABASE_URL;
  for (const name of [...appNames, ...serviceNames]) env[`${name.toUpperCase()}_PORT`] = String(await freePort());
  for (const name of serviceNames) servicePorts[name] = Number(env[`${name.toUpperCase()}_PORT`]);
  // Its own mail catcher and object store too, beside any other start on this machine.
  for (const name of ['MAIL_SMTP_PORT', 'MAIL_WEB_PORT', 'OBJECT_STORE_PORT']) env[name] = String(await freePort());
  objectStorePort = env.OBJECT_STORE_PORT!;
  child = spawn('pnpm', ['start'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`pnpm start exited (${code}):\n${output}`))));
  const printed = new Promise<void>((resolve) => {
    const check = () => {
      const printed = startedUrls(output);
      if (!printed) return;
      urls = printed;
      child.stdout!.off('data', check);
      resolve();
    };
    child.stdout!.on('data', check);
  });
  await Promise.race([printed, exited]);
});

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid!, 'SIGINT');
    await exited;
  }
  await rm(dataDir, { recursive: true, force: true });
});

test("runs on the machine's Node", () => {
  // scripts/test.mjs names the Node it runs on (20 here; the only Node of a fresh machine, 24 in the Node base image).
  expect(process.version).toBe(process.env.MACHINE_NODE_VERSION);
});

test('serves each app and its services through the gateway, with demo data', async () => {
  await checkStartedSystem(urls);
});

test('runs every service in the one embedded host, each answering on its port and logging to its own file', async () => {
  for (const service of serviceNames) {
    const ready = await fetch(`http://127.0.0.1:${servicePorts[service]}/readyz`);
    expect(ready.status, service).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok', service });
    await expect.poll(async () => (await stat(path.join(dataDir, 'logs', `${service}.log`))).size, { timeout: 30_000 }).toBeGreaterThan(0);
  }
  const commands = await processesOfThisStart();
  expect(commands.filter((command) => command.includes('infra/embedded-host/dist/server.mjs'))).toHaveLength(1);
  // The databases were created by each service's migrate command, which has exited; no service runs on its own.
  expect(commands.filter((command) => /services\/\w+\/dist\/server\.mjs/.test(command))).toEqual([]);
});

test('keeps photos in the local object store it prints, under the data folder, answering only signed requests', async () => {
  const store = /Photos\s+(http:\/\/\S+)/.exec(output)?.[1];
  expect(store, output).toBe(`http://127.0.0.1:${objectStorePort}`);
  const unsigned = await fetch(`${store}/appointment-photos/anything`);
  expect(unsigned.status).toBe(403);
  expect(await unsigned.text()).toContain('<Code>AccessDenied</Code>');
  expect((await stat(path.join(dataDir, 'object-store', 'appointment-photos'))).isDirectory()).toBe(true);
});

test('stops everything on Ctrl-C', async () => {
  // A terminal's Ctrl-C signals the whole foreground process group: pnpm, tsx and scripts/start.ts.
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
  process.kill(-child.pid!, 'SIGINT');
  expect([0, 'SIGINT']).toContain(await exited);
  await expect.poll(() => output, { timeout: 30_000 }).toContain('Stopping...');
  for (const url of [...appNames.map((app) => urls[app]), ...serviceNames.map((service) => `http://127.0.0.1:${servicePorts[service]}/healthz`)]) {
    await expect.poll(() => fetch(url).then(() => 'answering', () => 'stopped'), { timeout: 30_000 }).toBe('stopped');
  }
  await expect.poll(processesOfThisStart, { timeout: 30_000 }).toEqual([]);
});
