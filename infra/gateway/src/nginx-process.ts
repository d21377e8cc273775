import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';

/** Debian's nginx unless NGINX_BIN names another. */
export const nginxBinary = process.env.NGINX_BIN || '/usr/sbin/nginx';

export const nginxAvailable = () => existsSync(nginxBinary);

/** Writes `config` as `<prefix>/nginx.conf` and returns its path. */
async function writeConfig(config: string, prefix: string): Promise<string> {
  await mkdir(prefix, { recursive: true });
  const file = path.join(prefix, 'nginx.conf');
  await writeFile(file, config);
  return file;
}

/** `nginx -t` on `config`; ok with nginx's own report either way. */
export async function checkNginxConfig(config: string, prefix: string): Promise<{ ok: boolean; output: string }> {
  const file = await writeConfig(config, prefix);
  // stdout is a file, not Node's socket pair, so a config that logs to /dev/stdout (as in the container) can open it.
  const stdoutFile = path.join(prefix, 'nginx-t.out');
  const stdout = openSync(stdoutFile, 'w');
  try {
    const result = spawnSync(nginxBinary, ['-t', '-p', prefix, '-c', file, '-e', 'stderr'], {
      encoding: 'utf8',
      stdio: ['ignore', stdout, 'pipe'],
    });
    return { ok: result.status === 0, output: `${readFileSync(stdoutFile, 'utf8')}${result.stderr}`.trim() };
  } finally {
    closeSync(stdout);
  }
}

export type NginxProcess = { stop(): Promise<void> };

function portAccepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Runs nginx in the foreground (`daemon off` on the command line, logs to stderr) with `config`, and resolves once
 * every listed port accepts connections. Rejects with nginx's output if it exits first.
 */
export async function startNginx(options: {
  config: string;
  prefix: string;
  host: string;
  ports: readonly number[];
  timeoutMs?: number;
}): Promise<NginxProcess> {
  const file = await writeConfig(options.config, options.prefix);
  // Errors go to stderr; stdout (the production access log) is discarded, as a socket pair cannot be reopened.
  const child = spawn(nginxBinary, ['-p', options.prefix, '-c', file, '-e', 'stderr', '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let running = true;
  void exited.then(() => (running = false));

  const stop = async () => {
    if (running) child.kill('SIGTERM');
    await exited;
  };

  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    if (!running) throw new Error(`nginx exited before it was ready:\n${output}`);
    const ready = await Promise.all(options.ports.map((port) => portAccepts(options.host, port)));
    if (ready.every(Boolean)) return { stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not open ports ${options.ports.join(', ')} in time:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
