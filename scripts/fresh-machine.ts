/**
 * The README's two commands on a fresh machine, in a container of the Node base image (the production images' Node,
 * with npm, nothing else): a clone of this repository's HEAD, then
 *
 *   1. `npm install -g pnpm@… && pnpm install && pnpm start` — the three apps, the slots API and the demo sign-in
 *      answer at the URLs it prints, and Ctrl-C (SIGINT to its process group, as a terminal sends it) stops it all;
 *   2. `pnpm test` — as root, so it installs nginx, Chromium, Java, promtool and PostgreSQL's server with apt-get and runs a
 *      PostgreSQL of its own (scripts/prerequisites.mjs). In CI it runs the layers that depend on what the machine
 *      has: the gateway's unit tests (nginx, PostgreSQL, and the compose file parsed without docker-compose), the build,
 *      the independent checkers (Java, promtool) and the browser layer's smoke file (Chromium, the stack behind nginx); not the layers
 *      on the machine's Node, which is Node 24 here, and `pnpm start` ran just before. FRESH_MACHINE=full runs every
 *      layer instead (as long as the whole suite; figures in the closing notes, not in CI's 20 minutes).
 *
 * The container shares the host's network, because the engine here manages no NAT and the commands need the npm
 * registry and Debian's mirror. So it uses free ports, and TEST_DATABASE_URL names a port where nothing answers: the
 * host's PostgreSQL is invisible to it, as on a machine without one. The pnpm store is a named volume kept between
 * runs, a download cache like the image builder's; what the commands install is not.
 *
 * Started by scripts/compose-smoke.ts (`pnpm test compose`) once the engine runs and the base images exist, beside its
 * compose phases.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { appNames, serviceNames } from '@repo/contracts';
import { freePort, GiveUp, waitFor } from '@repo/service-kit/testing';
import { checkStartedSystem, startedUrls } from './start-check.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');
const minute = 60_000;
// The README's commands, as written there (the README test checks they still are).
const pnpmVersion = /npm install -g pnpm@(\S+) && pnpm install && pnpm start/.exec(readFileSync(path.join(repoRoot, 'README.md'), 'utf8'))?.[1];
const appPath = '/fresh/app';
const storeVolume = 'fresh-machine-pnpm-store';

const label = 'appliance-repair.fresh-machine';

/** Removes the containers of fresh-machine runs (one that failed elsewhere leaves its container to this). */
export function removeFreshMachines(docker: string): void {
  const ids = spawnSync(docker, ['ps', '-aq', '--filter', `label=${label}`], { encoding: 'utf8' }).stdout.trim().split('\n').filter(Boolean);
  if (ids.length) spawnSync(docker, ['rm', '-f', ...ids]);
}

export type FreshMachineOptions = {
  docker: string;
  nodeImage: string;
  logDir: string;
  full: boolean;
  log: (message: string) => void;
  /**
   * Resolves once nothing beside this machine adds or removes containers any more. The container shares the host's
   * network, so each container started or removed beside it adds or drops an interface there, and Chromium fails the
   * requests under way with net::ERR_NETWORK_CHANGED: its browser tests wait for this first.
   */
  networkSettled?: Promise<void>;
};

export async function freshMachine({ docker, nodeImage, logDir, full, log, networkSettled }: FreshMachineOptions): Promise<Record<string, number>> {
  if (!pnpmVersion) throw new Error('README.md no longer shows `npm install -g pnpm@<version> && pnpm install && pnpm start`');
  const timings: Record<string, number> = {};
  const clone = mkdtempSync('/var/tmp/fresh-machine-');
  const container = `fresh-machine-${path.basename(clone).slice(-6).toLowerCase()}`;
  const run = (args: string[]) => {
    const result = spawnSync(docker, args, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`docker ${args.join(' ')} failed: ${result.stderr}`);
    return result.stdout.trim();
  };
  /** `docker exec` of a shell command in the container, its output in a log file; resolves with its exit status. */
  const exec = (name: string, command: string, env: Record<string, string> = {}) => {
    const logFile = path.join(logDir, `fresh-machine-${name}.log`);
    const out = openSync(logFile, 'w');
    const child = spawn(docker, ['exec', ...Object.entries(env).flatMap(([key, value]) => ['-e', `${key}=${value}`]), '-w', appPath, container, 'sh', '-c', command], {
      stdio: ['ignore', out, out],
    });
    let exitStatus: number | null | undefined;
    const status = new Promise<number | null>((resolve) => child.on('close', (code) => resolve((exitStatus = code))));
    const tail = () => readFileSync(logFile, 'utf8').split('\n').slice(-60).join('\n');
    return { logFile, status, exited: () => exitStatus, tail, output: () => readFileSync(logFile, 'utf8') };
  };
  const timed = async <T>(name: string, step: () => Promise<T>) => {
    const started = Date.now();
    log(`fresh machine: ${name}...`);
    const result = await step();
    timings[name] = (Date.now() - started) / 1000;
    log(`fresh machine: ${name} in ${timings[name]!.toFixed(1)}s`);
    return result;
  };

  try {
    // What a clone gives: the committed tree, nothing of this checkout's node_modules, builds or data.
    const cloned = spawnSync('git', ['clone', '--quiet', '--no-hardlinks', repoRoot, clone], { encoding: 'utf8' });
    if (cloned.status !== 0) throw new Error(`git clone failed: ${cloned.stderr}`);
    run(['volume', 'create', storeVolume]);
    // pnpm keeps its store on the project's file system unless told where: the volume is named explicitly.
    run(['run', '-d', '--init', '--label', label, '--name', container, '--network', 'host', '-v', `${clone}:${appPath}`, '-v', `${storeVolume}:/fresh/pnpm-store`, '-e', 'npm_config_store_dir=/fresh/pnpm-store', nodeImage, 'sleep', 'infinity']);

    // 1. The first command, on free ports; `setsid` makes it a process group, as a terminal's foreground job is.
    const ports = Object.fromEntries(await Promise.all([...appNames, ...serviceNames].map(async (name) => [`${name.toUpperCase()}_PORT`, String(await freePort())])));
    const start = exec('start', `setsid sh -c 'echo $$ > /tmp/start.pgid; exec sh -c "npm install -g pnpm@${pnpmVersion} && pnpm install && pnpm start"'`, ports);
    const urls = await timed('first command until its URLs answer', async () => {
      const printed = await waitFor('pnpm start to print its URLs', () => {
        if (start.exited() !== undefined) throw new GiveUp(`the first command exited (${start.exited()}) before printing its URLs:\n${start.tail()}`);
        return startedUrls(start.output());
      }, 15 * minute, 1000);
      await checkStartedSystem(printed);
      return printed;
    });
    await timed('Ctrl-C', async () => {
      run(['exec', container, 'sh', '-c', 'kill -INT -$(cat /tmp/start.pgid)']);
      const status = await Promise.race([start.status, new Promise<'timeout'>((resolve) => setTimeout(resolve, 2 * minute, 'timeout'))]);
      // pnpm reports the interrupt as 130 (128 + SIGINT), as a shell does; start.ts itself exits 0.
      if ((status !== 0 && status !== 130) || !start.output().includes('Stopping...')) throw new Error(`after Ctrl-C the first command ended with ${status}:\n${start.tail()}`);
      for (const url of Object.values(urls)) {
        await waitFor(`${url} to stop answering`, () => fetch(url).then(() => undefined, () => true), minute, 250);
      }
      // Only the container's own init and its `sleep` are left, once the children Ctrl-C reached have finished exiting
      // (nginx's workers, say, may outlive their master by a moment).
      let others: string[] = [];
      await waitFor(
        'only the container init and its sleep to be left',
        () => {
          others = run(['top', container, 'o', 'pid,args']).split('\n').slice(1).filter((line) => !/^\d+\s+(\/sbin\/docker-init -- )?sleep infinity$/.test(line.trim()));
          return others.length === 0;
        },
        minute,
        250,
      ).catch(() => {
        throw new Error(`processes left a minute after Ctrl-C: ${others.join('; ')}`);
      });
    });

    // 2. The test command, as root, with no PostgreSQL answering where it looks first.
    const nowhere = `postgres://postgres@127.0.0.1:${await freePort()}/postgres`;
    const commands = full
      ? [['every layer', 'pnpm test']]
      : [
          ['gateway unit tests', 'pnpm test service -- --filter=@repo/gateway'],
          // The checkers run the Nu checker on Java and promtool on the alert rules; then the smoke file of the browser layer: Chromium on the stack
          // behind nginx on a PostgreSQL of its own. Together they try every program the layers need, in a fraction of
          // the browser layer's time. Not `machine`: here the machine's Node is Node 24, and `pnpm start` ran above.
          ['build, checkers', 'pnpm test build checkers'],
          ['browser smoke', 'pnpm test browser -- browser/smoke.test.ts'],
        ];
    for (const [name, command] of commands) {
      if (full || command!.includes('browser')) await networkSettled;
      await timed(`test command: ${command}`, async () => {
        const step = exec(name!.replaceAll(/\W+/g, '-'), command!, { TEST_DATABASE_URL: nowhere });
        const status = await step.status;
        if (status !== 0) throw new Error(`\`${command}\` failed (${status}) in the fresh container; the end of ${step.logFile}:\n${step.tail()}`);
        if (!/\d+ passed, 0 failed/.test(step.output())) throw new Error(`\`${command}\` did not report its layers as passed:\n${step.tail()}`);
      });
    }
    return timings;
  } finally {
    spawnSync(docker, ['rm', '-f', container], { encoding: 'utf8' });
    // Files the container made belong to its root: removed here, as root.
    rmSync(clone, { recursive: true, force: true });
  }
}
