/**
 * Starts the whole system from built artefacts: the field-service sandboxes (in this process), the services and one
 * gateway in front of the three built apps. On PostgreSQL (the browser tests, the load benchmark) each service is its
 * own process (services/<name>/dist/server.mjs), as in production; on embedded PGlite databases (`pnpm start`) they
 * all run in one process, the embedded host (infra/embedded-host), which keeps the system's memory small. A local
 * mail catcher (maildev) takes every email notifications sends, so nothing leaves the machine and a person can read them,
 * and a local S3-compatible object store (s3rver, `@repo/object-store/local`) keeps the photos browsers upload, where
 * production has a bucket.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { MailDev } from 'maildev';
import { appNames, jobberCallbackPath, localAppOrigin, serviceNames, type AppName, type ServiceName } from '@repo/contracts';
import { localGatewayOptions, localNginxOptions, renderNginxConfig, repoRoot, startGateway, startNginx, type LocalTopology } from '@repo/gateway';
import { startSandboxes, type RunningSandboxes, type SandboxOptions } from '@repo/field-service/sandbox';
import { freePort, generateSigningKeys, signingKeyEnv, type SigningKeys } from '@repo/service-kit';
import { GiveUp, waitFor } from '@repo/service-kit/testing';
import { startLocalObjectStore, type LocalObjectStore } from '@repo/object-store/local';
import { TwilioStandIn } from '@repo/twilio-stand-in';

export type StackOptions = {
  gateway: 'local' | 'nginx';
  /** PostgreSQL URL per service; without them each service keeps an embedded PGlite under `dataDir/<service>`. */
  databaseUrls?: Record<ServiceName, string>;
  /**
   * One process per service (as in production; the default on PostgreSQL), or every service in the embedded host (the
   * default on embedded databases, and only for them).
   */
  processes?: 'per-service' | 'one';
  dataDir: string;
  appPorts: Record<AppName, number>;
  servicePorts: Record<ServiceName, number>;
  env: Record<string, string>;
  /**
   * Accounts' session keys and booking's link keys; made for this start when not given. Each service gets only the
   * ones it needs (`signingKeyEnv`).
   */
  signingKeys?: SigningKeys;
  seed: boolean;
  /**
   * The local ServicePro, ServiceTitan and Jobber sandboxes every service is pointed at (their URLs and sandbox
   * credentials come before `env`, so `env` can choose FIELD_SERVICE_SYSTEM); false starts none and leaves the
   * field-service configuration to the environment (real systems).
   */
  sandboxes?: SandboxOptions | false;
  /**
   * The local mail catcher notifications sends to: its SMTP and web ports (free ones when not given; `pnpm start`
   * gives 1025 and 1080). Its mails are kept under `dataDir/mail`.
   */
  mailCatcher?: { smtpPort?: number; webPort?: number };
  /**
   * A local Twilio stand-in (packages/twilio-stand-in) notifications texts through, on this port (0: a free one), so
   * texts work with no Twilio account; absent, notifications gets no Twilio settings from the stack (texts off, or
   * whatever `env` says).
   */
  smsStandIn?: { port?: number };
  /**
   * The local object store's port (0, the default: a free one; `pnpm start` gives OBJECT_STORE_PORT, 1082). Its files
   * are kept under `dataDir/object-store`; booking gets its address and key pair, the gateways allow its origin.
   */
  objectStore?: { port?: number };
  /**
   * Ports for the Node gateway of `pnpm start` beside nginx (with `gateway: 'nginx'`): the same apps and services, so a
   * suite can hold both gateways to the same rules. It answers for the apps' own origins (`urls`), which the services
   * accept, so callers send those as Origin.
   */
  nodeGatewayPorts?: Record<AppName, number>;
};

export type RunningStack = {
  /** The process id of each service (all the same in the embedded host), for measuring them. */
  pids: () => Partial<Record<ServiceName, number>>;
  urls: Record<AppName, string>;
  /** The Node gateway's address per app, when it was started beside nginx (`nodeGatewayPorts`). */
  nodeGatewayUrls?: Record<AppName, string>;
  /** The running field-service sandboxes (absent when `sandboxes: false`). */
  sandboxes?: Pick<RunningSandboxes, 'urls' | 'credentials'>;
  /** The mail catcher: where to read the emails (web) and where they are sent (SMTP port on 127.0.0.1). */
  mail: { web: string; smtpPort: number };
  /** The Twilio stand-in's page listing every text sent, when it runs (`smsStandIn`). */
  sms?: { web: string };
  /**
   * The local object store: its address (booking's OBJECT_STORE_URL and OBJECT_STORE_PUBLIC_URL, the origin browsers
   * upload to), bucket and the key pair it accepts (made for this start).
   */
  objectStore: { url: string; bucket: string; accessKeyId: string; secretAccessKey: string };
  logFile: (service: ServiceName) => string;
  stop: () => Promise<void>;
  /** Stops one service (SIGTERM) and resolves once it has exited; for tests of what users see meanwhile. */
  stopService: (service: ServiceName) => Promise<void>;
  /** Starts a stopped service again with the same settings and resolves once it is ready. */
  startService: (service: ServiceName) => Promise<void>;
};

/** The apps' addresses on this machine: the origin builds, redirects and ALLOWED_ORIGINS use. */
export function localOrigins(appPorts: Record<AppName, number>): Record<AppName, string> {
  return Object.fromEntries(appNames.map((app) => [app, localAppOrigin(app, appPorts[app])])) as Record<AppName, string>;
}

/**
 * Starts one service's production bundle on 127.0.0.1:`port` with `env`, its output appended to `logFile`. The
 * shell's DATABASE_URL is not passed on (it must not turn an embedded stack into one on that server), and the
 * session cookie is not Secure: local stacks are plain http.
 */
export function spawnService(service: ServiceName, port: number, logFile: string, env: NodeJS.ProcessEnv): ChildProcess {
  return spawnLogged([serviceEntry(service)], path.join(repoRoot, 'services', service), logFile, { COOKIE_SECURE: 'false', ...env, HOST: '127.0.0.1', PORT: String(port) });
}

/** Starts the embedded host with each service's environment (`services`), each logging to `<logDir>/<service>.log`. */
function spawnEmbeddedHost(logFile: string, logDir: string, services: Record<string, Record<string, string>>): ChildProcess {
  return spawnLogged([embeddedHostEntry], path.dirname(path.dirname(embeddedHostEntry)), logFile, {
    EMBEDDED_SERVICES: JSON.stringify(services),
    EMBEDDED_LOG_DIR: logDir,
  });
}

function spawnLogged(args: string[], cwd: string, logFile: string, env: NodeJS.ProcessEnv): ChildProcess {
  const out = createWriteStream(logFile, { flags: 'a' });
  const { DATABASE_URL: _shellDatabase, ...inherited } = process.env;
  const child = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...inherited, ...env } });
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);
  return child;
}

/**
 * How the services reach and trust each other for durable cross-service effects and session checks: each gets its own
 * signing key, knows every peer's internal address (never the gateway) and trusts the other services' keys, so every
 * service can ask accounts whether a session is active and accounts trusts every asker. Keys are made per start:
 * queued messages are signed when they are delivered, so a restart with new keys loses nothing.
 */
export function serviceMesh(servicePorts: Record<ServiceName, number>): Record<ServiceName, Record<string, string>> {
  const keys = Object.fromEntries(serviceNames.map((service) => [service, randomBytes(32).toString('base64url')])) as Record<ServiceName, string>;
  const list = (value: (service: ServiceName) => string, except: ServiceName) =>
    serviceNames.filter((service) => service !== except).map((service) => `${service}=${value(service)}`).join(',');
  const envOf = (service: ServiceName): Record<string, string> => ({
    SERVICE_KEY: keys[service],
    TRUSTED_SERVICE_KEYS: list((peer) => keys[peer], service),
    PEER_URLS: list((peer) => `http://127.0.0.1:${servicePorts[peer]}`, service),
  });
  return Object.fromEntries(serviceNames.map((service) => [service, envOf(service)])) as Record<ServiceName, Record<string, string>>;
}

/**
 * A port free on 127.0.0.1 now and not in `taken` (the mail catcher's, when the caller names none), which it joins:
 * the apps' and services' ports may have been chosen by another process before any of them listens.
 */
async function freeLocalPort(taken: Set<number>): Promise<number> {
  for (;;) {
    const port = await freePort();
    if (!taken.has(port)) {
      taken.add(port);
      return port;
    }
  }
}

/**
 * Starts maildev (a maintained mail catcher from the npm registry: an SMTP server and a web page listing what it
 * caught), on 127.0.0.1 only, keeping its mails in `directory` so they survive a restart.
 */
/** The bucket of appointment photos, as in production (booking's OBJECT_STORE_BUCKET default). */
const objectStoreBucket = 'appointment-photos';

async function startMailCatcher(smtpPort: number, webPort: number, directory: string): Promise<{ stop: () => Promise<void> }> {
  const catcher = new MailDev({ smtp: smtpPort, web: webPort, ip: '127.0.0.1', webIp: '127.0.0.1', silent: true, mailDirectory: directory });
  await catcher.start();
  return { stop: () => catcher.stop() };
}

export const serviceEntry = (service: ServiceName) => path.join(repoRoot, 'services', service, 'dist', 'server.mjs');
const embeddedHostEntry = path.join(repoRoot, 'infra', 'embedded-host', 'dist', 'server.mjs');

/**
 * Runs a service's migrate command (`node dist/server.mjs migrate`) on `databaseUrl`, as docker-compose.yml's
 * `<service>-migrate` step does before the service starts; its output is appended to `logFile`. Rejects with the end
 * of the log when it fails.
 */
export async function migrateService(service: ServiceName, databaseUrl: string, logFile: string): Promise<void> {
  await runMigrateCommand(service, { NODE_ENV: 'production', DATABASE_URL: databaseUrl }, logFile);
}

/**
 * Creates and migrates a service's embedded database under `dataDir` in a process of its own. Creating a PGlite
 * database takes several hundred MB that its process keeps, so the embedded host only ever opens existing ones.
 */
async function createEmbeddedDatabase(service: ServiceName, dataDir: string, logFile: string): Promise<void> {
  await runMigrateCommand(service, { NODE_ENV: 'development', DATA_DIR: dataDir }, logFile);
}

async function runMigrateCommand(service: ServiceName, env: Record<string, string>, logFile: string): Promise<void> {
  const out = createWriteStream(logFile, { flags: 'a' });
  const child = spawn(process.execPath, [serviceEntry(service), 'migrate'], {
    cwd: path.join(repoRoot, 'services', service),
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH, ...env },
  });
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  if (code === 0) return;
  const log = existsSync(logFile) ? (await readFile(logFile, 'utf8')).split('\n').slice(-15).join('\n') : '';
  throw new Error(`${service}'s migrate command exited with ${code}:\n${log}`);
}

async function waitUntilReady(service: ServiceName, port: number, child: ChildProcess, logFile: string, timeoutMs = 90_000) {
  try {
    // A refused connection means not listening yet; an exited process never will be, so the wait ends at once.
    await waitFor(`${service}'s /readyz on port ${port}`, async () => {
      if (child.exitCode !== null || child.signalCode !== null) throw new GiveUp(`${service} exited`);
      return (await fetch(`http://127.0.0.1:${port}/readyz`)).ok || undefined;
    }, timeoutMs, 250);
  } catch (err) {
    const log = existsSync(logFile) ? (await readFile(logFile, 'utf8')).split('\n').slice(-15).join('\n') : '';
    const exited = child.exitCode !== null ? ` (exited with ${child.exitCode})` : child.signalCode !== null ? ` (killed by ${child.signalCode})` : '';
    throw new Error(`${service} did not become ready on port ${port}${exited}:\n${log}`, { cause: err });
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export async function startStack(options: StackOptions): Promise<RunningStack> {
  const oneProcess = (options.processes ?? (options.databaseUrls ? 'per-service' : 'one')) === 'one';
  if (oneProcess && options.databaseUrls) throw new Error('The embedded host runs services on embedded databases only: start a stack on PostgreSQL with processes: per-service.');
  for (const entry of [...serviceNames.map(serviceEntry), ...(oneProcess ? [embeddedHostEntry] : [])]) {
    if (!existsSync(entry)) throw new Error(`${entry} is missing: run \`pnpm build\` first.`);
  }
  for (const app of appNames) {
    if (!existsSync(path.join(repoRoot, 'apps', app, 'dist', 'index.html'))) throw new Error(`apps/${app}/dist is missing: run \`pnpm build\` first.`);
  }
  const origins = localOrigins(options.appPorts);
  const logDir = path.join(options.dataDir, 'logs');
  await mkdir(logDir, { recursive: true });
  const logFile = (service: ServiceName) => path.join(logDir, `${service}.log`);

  const mesh = serviceMesh(options.servicePorts);
  const taken = new Set([...Object.values(options.appPorts), ...Object.values(options.servicePorts)]);
  const mail = { smtpPort: options.mailCatcher?.smtpPort ?? (await freeLocalPort(taken)), webPort: options.mailCatcher?.webPort ?? (await freeLocalPort(taken)) };
  const signingKeys = options.signingKeys ?? generateSigningKeys();
  const children = new Map<ServiceName | 'embedded-host', ChildProcess>();
  const stops: (() => Promise<void>)[] = [];
  let sandboxes: RunningSandboxes | undefined;
  const twilio = options.smsStandIn ? new TwilioStandIn() : undefined;
  // One key pair per start: only booking, which gets it, can sign requests to the store.
  const objectStoreKeys = { accessKeyId: 'local-stack', secretAccessKey: randomBytes(32).toString('base64url') };
  let objectStore: LocalObjectStore | undefined;
  const stop = async () => {
    for (const stopOne of stops.reverse()) await stopOne().catch(() => undefined);
    await Promise.all([...children.values()].map(stopChild));
    // Last: the services may be mid-request to them until they exit.
    await sandboxes?.close().catch(() => undefined);
    await objectStore?.close().catch(() => undefined);
  };

  /** A service's own environment, as its process (or the embedded host) gets it. */
  const serviceEnv = (service: ServiceName): Record<string, string> => ({
    COOKIE_SECURE: 'false',
    ...sandboxes?.env,
    ...options.env,
    SEED_DEMO: String(options.seed),
    ...mesh[service],
    ...signingKeyEnv(service, signingKeys),
    ALLOWED_ORIGINS: appNames.map((app) => origins[app]).join(','),
    // Jobber's consent page (the sandbox's, or the real one) sends the administrator back to this stack's back office.
    ...(service === 'accounts' ? { JOBBER_OAUTH_REDIRECT_URL: `${origins.backoffice}${jobberCallbackPath}` } : {}),
    // Notifications sends to the mail catcher and links its emails to this stack's portal and public site.
    ...(service === 'notifications' ? { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(mail.smtpPort), SMTP_SECURE: 'false', PORTAL_ORIGIN: origins.portal, WEB_ORIGIN: origins.web } : {}),
    // And texts through the Twilio stand-in, which posts its status callbacks back through the gateway (the public site).
    ...(service === 'notifications' && twilio
      ? { TWILIO_ACCOUNT_SID: twilio.accountSid, TWILIO_AUTH_TOKEN: twilio.authToken, TWILIO_FROM: '+19045550000', TWILIO_API_URL: twilio.url, TWILIO_WEBHOOK_ORIGIN: origins.web }
      : {}),
    // Booking keeps the photos in the local object store, which browsers on this machine reach at the same address.
    ...(service === 'booking' && objectStore
      ? {
          OBJECT_STORE_URL: objectStore.url,
          OBJECT_STORE_PUBLIC_URL: objectStore.url,
          OBJECT_STORE_BUCKET: objectStoreBucket,
          OBJECT_STORE_ACCESS_KEY_ID: objectStoreKeys.accessKeyId,
          OBJECT_STORE_SECRET_ACCESS_KEY: objectStoreKeys.secretAccessKey,
        }
      : {}),
    ...(options.databaseUrls ? { DATABASE_URL: options.databaseUrls[service] } : { DATA_DIR: path.join(options.dataDir, service) }),
    HOST: '127.0.0.1',
    PORT: String(options.servicePorts[service]),
  });

  const migrated = new Set<ServiceName>();
  const startService = async (service: ServiceName) => {
    if (oneProcess) throw new Error('Stopping and starting one service needs a stack of one process per service; the embedded host runs them all.');
    const running = children.get(service);
    if (running && running.exitCode === null && running.signalCode === null) return;
    // On PostgreSQL the schema is migrated by its own step first, as in production (which refuses a schema that is
    // behind); an embedded database migrates itself at start.
    if (options.databaseUrls && !migrated.has(service)) {
      await migrateService(service, options.databaseUrls[service], logFile(service));
      migrated.add(service);
    }
    const child = spawnService(service, options.servicePorts[service], logFile(service), serviceEnv(service));
    children.set(service, child);
    await waitUntilReady(service, options.servicePorts[service], child, logFile(service));
  };
  const stopService = async (service: ServiceName) => {
    const child = children.get(service);
    if (child) await stopChild(child);
  };
  /** Every service in one process on embedded databases (`infra/embedded-host`), which migrate themselves at start. */
  const startEmbeddedHost = async () => {
    for (const service of serviceNames) {
      const dataDir = path.join(options.dataDir, service);
      if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await createEmbeddedDatabase(service, dataDir, logFile(service));
    }
    const hostLog = path.join(logDir, 'embedded-host.log');
    const host = spawnEmbeddedHost(hostLog, logDir, Object.fromEntries(serviceNames.map((service) => [service, serviceEnv(service)])));
    children.set('embedded-host', host);
    for (const service of serviceNames) await waitUntilReady(service, options.servicePorts[service], host, hostLog);
  };

  try {
    if (options.sandboxes !== false) sandboxes = await startSandboxes(options.sandboxes ?? {});
    const catcher = await startMailCatcher(mail.smtpPort, mail.webPort, path.join(options.dataDir, 'mail'));
    stops.push(() => catcher.stop());
    if (twilio) {
      await twilio.start(options.smsStandIn?.port ?? 0);
      stops.push(() => twilio.stop());
    }
    // The pages that upload are the apps' own, through either gateway.
    const nodeGatewayOrigins = options.gateway === 'nginx' && options.nodeGatewayPorts ? appNames.map((app) => `http://127.0.0.1:${options.nodeGatewayPorts![app]}`) : [];
    objectStore = await startLocalObjectStore({
      directory: path.join(options.dataDir, 'object-store'),
      bucket: objectStoreBucket,
      port: options.objectStore?.port ?? 0,
      allowedOrigins: [...appNames.map((app) => origins[app]), ...nodeGatewayOrigins],
      credentials: objectStoreKeys,
    });
    if (oneProcess) await startEmbeddedHost();
    else await Promise.all(serviceNames.map(startService));

    const topology: LocalTopology = {
      host: '127.0.0.1',
      ports: options.appPorts,
      roots: Object.fromEntries(appNames.map((app) => [app, path.join(repoRoot, 'apps', app, 'dist')])) as Record<AppName, string>,
      upstreams: Object.fromEntries(serviceNames.map((service) => [service, `http://127.0.0.1:${options.servicePorts[service]}`])) as Record<ServiceName, string>,
      origins: { portal: origins.portal, backoffice: origins.backoffice },
      objectStoreOrigin: new URL(objectStore.url).origin,
    };
    if (options.gateway === 'nginx') {
      const prefix = path.join(options.dataDir, 'nginx');
      const user = process.getuid?.() === 0 ? 'root' : undefined;
      const nginx = await startNginx({ config: renderNginxConfig(localNginxOptions(topology, prefix, user)), prefix, host: topology.host, ports: appNames.map((app) => options.appPorts[app]) });
      stops.push(() => nginx.stop());
    }
    const nodeGatewayPorts = options.gateway === 'local' ? options.appPorts : options.nodeGatewayPorts;
    if (nodeGatewayPorts) {
      const gateway = await startGateway({ ...localGatewayOptions({ ...topology, ports: nodeGatewayPorts }), logger: false });
      stops.push(() => gateway.close());
    }
    return {
      pids: () =>
        Object.fromEntries(serviceNames.flatMap((service) => {
          const pid = (children.get(service) ?? children.get('embedded-host'))?.pid;
          return pid === undefined ? [] : [[service, pid]];
        })),
      urls: origins,
      nodeGatewayUrls: options.gateway === 'nginx' && options.nodeGatewayPorts
        ? (Object.fromEntries(appNames.map((app) => [app, `http://127.0.0.1:${options.nodeGatewayPorts![app]}`])) as Record<AppName, string>)
        : undefined,
      sandboxes: sandboxes && { urls: sandboxes.urls, credentials: sandboxes.credentials },
      mail: { web: `http://127.0.0.1:${mail.webPort}`, smtpPort: mail.smtpPort },
      ...(twilio ? { sms: { web: twilio.url } } : {}),
      objectStore: { url: objectStore.url, bucket: objectStoreBucket, ...objectStoreKeys },
      logFile,
      stop,
      stopService,
      startService,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
