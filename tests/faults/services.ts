import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { serviceNames, type ServiceName } from '@repo/contracts';
import { generateSigningKeys, signingKeyEnv } from '@repo/service-kit';
import { GiveUp, waitFor } from '@repo/service-kit/testing';
import { migrateService, serviceEntry, serviceMesh, spawnService } from '../../scripts/stack.ts';

/** The session and link signing keys, as scripts/stack.ts gives them: Ed25519 pairs per run, only the keys each service needs. */
function signingEnv(): (service: ServiceName) => Record<string, string> {
  const keys = generateSigningKeys();
  return (service) => signingKeyEnv(service, keys);
}

/**
 * The services' production bundles (services/<name>/dist/server.mjs) as separate processes on one PostgreSQL
 * cluster, each of which the suite can stop (SIGTERM), kill (SIGKILL) and start again with the same settings. The
 * environment is the one scripts/stack.ts gives them (its `serviceMesh`: signing keys, trusted keys, peer addresses),
 * without the gateway: the suite calls the services on their own ports.
 */
export type ServiceProcesses = {
  ports: Record<ServiceName, number>;
  url: (service: ServiceName) => string;
  start: (service: ServiceName) => Promise<void>;
  stop: (service: ServiceName, signal: 'SIGTERM' | 'SIGKILL') => Promise<void>;
  /** Being stopped right now (from the signal until the process exited). */
  stopping: (service: ServiceName) => boolean;
  /** The process id of the running process, to prove a service recovered by itself (same process) after an outage. */
  pid: (service: ServiceName) => number | undefined;
  /** Exits the suite did not ask for (a crash), with the end of that service's log. */
  crashes: () => string[];
  stopAll: () => Promise<void>;
};

export async function startServices(options: {
  databaseUrls: Record<ServiceName, string>;
  ports: Record<ServiceName, number>;
  env: Record<string, string>;
  logDir: string;
}): Promise<ServiceProcesses> {
  for (const service of serviceNames) {
    if (!existsSync(serviceEntry(service))) throw new Error(`${serviceEntry(service)} is missing: build the services first.`);
  }
  const mesh = serviceMesh(options.ports);
  const signing = signingEnv();
  const children = new Map<ServiceName, ChildProcess>();
  const expectedExit = new Set<ChildProcess>();
  const crashes: string[] = [];
  const logFile = (service: ServiceName) => path.join(options.logDir, `${service}.log`);
  const url = (service: ServiceName) => `http://127.0.0.1:${options.ports[service]}`;
  const running = (child: ChildProcess | undefined) => child !== undefined && child.exitCode === null && child.signalCode === null;

  const start = async (service: ServiceName) => {
    if (running(children.get(service))) return;
    const child = spawnService(service, options.ports[service], logFile(service), {
      ...options.env,
      ...mesh[service],
      ...signing(service),
      DATABASE_URL: options.databaseUrls[service],
      // No relay here (the discard port): notifications keeps its emails queued, retrying, and sends none anywhere.
      ...(service === 'notifications' ? { SMTP_HOST: '127.0.0.1', SMTP_PORT: '9' } : {}),
    });
    child.once('exit', (code, signal) => {
      if (expectedExit.has(child)) return;
      void readFile(logFile(service), 'utf8')
        .catch(() => '')
        .then((log) => crashes.push(`${service} exited by itself (code ${code}, signal ${signal}):\n${log.split('\n').slice(-20).join('\n')}`));
    });
    children.set(service, child);
    await waitFor(`${service} to be ready`, async () => {
      if (!running(child)) throw new GiveUp(`${service} exited while starting:\n${await readFile(logFile(service), 'utf8').catch(() => '')}`);
      const response = await fetch(`${url(service)}/readyz`, { signal: AbortSignal.timeout(5_000) }).catch(() => undefined);
      return response?.ok === true;
    }, 90_000);
  };

  const stopping = new Set<ServiceName>();
  const stop = async (service: ServiceName, signal: 'SIGTERM' | 'SIGKILL') => {
    const child = children.get(service);
    if (!child || !running(child)) return;
    expectedExit.add(child);
    stopping.add(service);
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill(signal);
    });
    stopping.delete(service);
  };

  const processes: ServiceProcesses = {
    ports: options.ports,
    url,
    start,
    stop,
    stopping: (service) => stopping.has(service),
    pid: (service) => (running(children.get(service)) ? children.get(service)?.pid : undefined),
    crashes: () => [...crashes],
    stopAll: async () => {
      await Promise.all(serviceNames.map((service) => stop(service, 'SIGTERM')));
    },
  };
  try {
    // Each schema is migrated by its own step first, as docker-compose.yml does: the services run in production mode.
    for (const service of serviceNames) await migrateService(service, options.databaseUrls[service], logFile(service));
    // Tracking first: booking learns of its technicians through an effect, and accounts answers every session check.
    for (const service of ['accounts', 'tracking', 'booking', 'payments', 'notifications'] as const) await start(service);
  } catch (err) {
    await processes.stopAll();
    throw err;
  }
  return processes;
}
