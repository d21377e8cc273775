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
 * One process of a service's production bundle (services/<name>/dist/server.mjs) on its own port, which the suite can
 * stop (SIGTERM), kill (SIGKILL) and start again with the same settings. An exit the suite did not ask for is a crash,
 * noted in `crashes` with the end of the process's log.
 */
export type ServiceProcess = {
  url: string;
  start: () => Promise<void>;
  /** Resolves once the process exited, with its exit code (null when a signal ended it) and that signal. */
  stop: (signal: 'SIGTERM' | 'SIGKILL') => Promise<{ code: number | null; signal: NodeJS.Signals | null } | undefined>;
  /** Being stopped right now (from the signal until the process exited). */
  stopping: () => boolean;
  /** The process id of the running process, to prove a service recovered by itself (same process) after an outage. */
  pid: () => number | undefined;
};

export function serviceProcess(
  service: ServiceName,
  options: { port: number; logFile: string; env: () => Record<string, string>; crashes: string[]; name?: string },
): ServiceProcess {
  const name = options.name ?? service;
  const url = `http://127.0.0.1:${options.port}`;
  const running = (child: ChildProcess | undefined) => child !== undefined && child.exitCode === null && child.signalCode === null;
  const expectedExit = new Set<ChildProcess>();
  let child: ChildProcess | undefined;
  let stopping = false;

  return {
    url,
    async start() {
      if (running(child)) return;
      const started = spawnService(service, options.port, options.logFile, options.env());
      started.once('exit', (code, signal) => {
        if (expectedExit.has(started)) return;
        void readFile(options.logFile, 'utf8')
          .catch(() => '')
          .then((log) => options.crashes.push(`${name} exited by itself (code ${code}, signal ${signal}):\n${log.split('\n').slice(-20).join('\n')}`));
      });
      child = started;
      await waitFor(`${name} to be ready`, async () => {
        if (!running(started)) throw new GiveUp(`${name} exited while starting:\n${await readFile(options.logFile, 'utf8').catch(() => '')}`);
        const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(5_000) }).catch(() => undefined);
        return response?.ok === true;
      }, 90_000);
    },
    async stop(signal) {
      const stopped = child;
      if (!stopped || !running(stopped)) return undefined;
      expectedExit.add(stopped);
      stopping = true;
      const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
        const timer = setTimeout(() => stopped.kill('SIGKILL'), 15_000);
        stopped.once('exit', (code, exitSignal) => {
          clearTimeout(timer);
          resolve({ code, signal: exitSignal });
        });
        stopped.kill(signal);
      });
      stopping = false;
      return exit;
    },
    stopping: () => stopping,
    pid: () => (running(child) ? child?.pid : undefined),
  };
}

/**
 * The services' production bundles as separate processes on one PostgreSQL cluster, one `ServiceProcess` each. The
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
  const crashes: string[] = [];
  const logFile = (service: ServiceName) => path.join(options.logDir, `${service}.log`);
  const processes = Object.fromEntries(serviceNames.map((service) => [service, serviceProcess(service, {
    port: options.ports[service],
    logFile: logFile(service),
    crashes,
    env: () => ({
      ...options.env,
      ...mesh[service],
      ...signing(service),
      DATABASE_URL: options.databaseUrls[service],
      // No relay here (the discard port): notifications keeps its emails queued, retrying, and sends none anywhere.
      ...(service === 'notifications' ? { SMTP_HOST: '127.0.0.1', SMTP_PORT: '9' } : {}),
    }),
  })])) as Record<ServiceName, ServiceProcess>;

  const services: ServiceProcesses = {
    ports: options.ports,
    url: (service) => processes[service].url,
    start: (service) => processes[service].start(),
    stop: async (service, signal) => {
      await processes[service].stop(signal);
    },
    stopping: (service) => processes[service].stopping(),
    pid: (service) => processes[service].pid(),
    crashes: () => [...crashes],
    stopAll: async () => {
      await Promise.all(serviceNames.map((service) => processes[service].stop('SIGTERM')));
    },
  };
  try {
    // Each schema is migrated by its own step first, as docker-compose.yml does: the services run in production mode.
    for (const service of serviceNames) await migrateService(service, options.databaseUrls[service], logFile(service));
    // Tracking first: booking learns of its technicians through an effect, and accounts answers every session check.
    for (const service of ['accounts', 'tracking', 'booking', 'payments', 'notifications'] as const) await services.start(service);
  } catch (err) {
    await services.stopAll();
    throw err;
  }
  return services;
}
