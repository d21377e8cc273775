/**
 * `pnpm test compose` (.ci/run runs it; root only): the production path, for real. Starts the Docker engine if none
 * answers, builds the local base images (infra/docker/build-local-bases.mjs) and every image of docker-compose.yml,
 * starts the system, waits for every healthcheck (and for each service's one-shot migrate step to exit with 0, before
 * which its service does not start) and then, only through the nginx gateway container:
 *   - the public site's prerendered home page;
 *   - a booking on an available slot (POST /api/appointments);
 *   - a portal registration, its confirmation email (caught by the `dev` profile's mail catcher, read through its REST
 *     API as a person reads their inbox) and the session its link opens;
 *   - a back-office login, the staff appointment list, a technician and an assignment;
 *   - a WebSocket upgrade on /ws that hears the assignment (booking → tracking effect, then LISTEN/NOTIFY);
 *   - a payment intent on the demo provider, paid with the demo card;
 *   - a restart of the accounts container: the session, the customer and the back-office session survive, and the
 *     gateway answers again;
 *   - the restore drill (infra/backups.sh, as an owner runs it): with the services stopped, an incremental backup on
 *     top of the scheduled full one; the database's volume removed; a restore: every row of every table is back and
 *     the services answer on it (the appointment, the customer's sign-in, the payment); then a booking, a deliberate
 *     mistake (an appointment deleted) and a booking after it, and a point-in-time restore to just before the mistake:
 *     the deleted appointment and the booking before it are back, the one after it is not;
 *   - booking scaled to two replicas as infra/README.md says (scale, restart the gateway): concurrent bookings of one
 *     slot through both replicas take exactly its capacity, never more;
 * then `docker-compose down -v`, runs the test kit's Testcontainers tests and booking's race suite
 * (TEST_DB=testcontainers) on the local PostgreSQL image, runs the README's two commands in a fresh container of the
 * Node base image (scripts/fresh-machine.ts; FRESH_MACHINE=full for every test layer there), and stops the engine only
 * if it started it. Prints the image sizes, the cold start
 * (from `up` to every container healthy) and each phase's duration. Every wait polls what a user would see.
 *
 * COMPOSE_SMOKE_BASES=official skips the local bases and builds on the official images (a machine that reaches
 * Docker Hub). Logs of the engine and of the builds: .tmp/compose-smoke/.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import WebSocket from 'ws';
import {
  adminLoginResponseSchema,
  apiErrorSchema,
  appointmentListSchema,
  availableSlotsResponseSchema,
  backOfficeSessionPath,
  backOfficeSessionResponseSchema,
  bookableDates,
  confirmEmailPath,
  confirmEmailResponseSchema,
  business,
  businessDate,
  createAppointmentResponseSchema,
  createPaymentIntentResponseSchema,
  currentSessionPath,
  currentSessionResponseSchema,
  deliveriesPath,
  deliveryStatusSchema,
  demoConfirmResponseSchema,
  findAppointmentPath,
  demoTestCards,
  invoiceListResponseSchema,
  invoicePaths,
  loginResponseSchema,
  publicPaymentSchema,
  registerResponseSchema,
  registrationCheckEmail,
  serviceNames,
  sessionCookieName,
  staffAppointmentListSchema,
  staffAppointmentSchema,
  technicianSchema,
  wsPath,
  wsServerMessageSchema,
  type AppointmentRequest,
  type ServiceName,
  type WsServerMessage,
} from '@repo/contracts';
import { freePort, waitFor } from '@repo/service-kit/testing';
import { freshMachine, removeFreshMachines } from './fresh-machine.ts';
import { bulkCustomersScript } from './bulk-customers.ts';
import { rollingRestart, type RollingRestartFigures } from './rolling-restart.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');
const workDir = path.join(repoRoot, '.tmp', 'compose-smoke');
/**
 * `pnpm bench rolling-restart` and `pnpm bench restore` run this file for their figures only (bench/rolling-restart.ts,
 * bench/restore.ts): the same engine, images and stack, no smoke test, the figures in .tmp/compose-smoke/<bench>.json.
 */
const benchModes = ['rolling-restart', 'restore'] as const;
type BenchMode = (typeof benchModes)[number];
const bench = process.env.COMPOSE_SMOKE_BENCH as BenchMode | undefined;
if (bench !== undefined && !benchModes.includes(bench)) throw new Error(`COMPOSE_SMOKE_BENCH must be one of ${benchModes.join(', ')} (got "${bench}")`);
const benchMode = bench !== undefined;
const benchFigures = path.join(workDir, `${bench}.json`);
// A benchmark is a compose project of its own, on an internal network of its own, so it can share the engine with a
// smoke test that is running (CI's, say) without either one taking the other's containers, volumes or addresses.
const project = bench === undefined ? 'composesmoke' : `bench${bench.replaceAll('-', '')}`;
// Debian's client matches Debian's engine; a newer client first in PATH may speak an API version the engine lacks.
const docker = process.env.DOCKER ?? (existsSync('/usr/bin/docker') ? '/usr/bin/docker' : 'docker');
const hosts = { web: 'localhost', portal: 'portal.localhost', backoffice: 'backoffice.localhost' } as const;
type App = keyof typeof hosts;
const slotCapacity = 3;
/** Booking's per-client limit on "find my appointment", made small so that the replicas' shared count is seen. */
const findAppointmentLimit = 4;
const second = 1000;
const minute = 60 * second;

const timings: [string, number][] = [];
let engine: ChildProcess | undefined;
let composeUp = false;

function log(message: string) {
  console.log(`[compose smoke] ${message}`);
}

function fail(message: string): never {
  throw new Error(message);
}

async function phase<T>(name: string, run: () => Promise<T> | T): Promise<T> {
  const started = Date.now();
  log(`${name}...`);
  const result = await run();
  const seconds = (Date.now() - started) / second;
  timings.push([name, seconds]);
  log(`${name}: done in ${seconds.toFixed(1)}s`);
  return result;
}

/** A command's output; throws with it when the command fails (unless `allowFailure`). */
function run(command: string, args: string[], options: { env?: NodeJS.ProcessEnv; allowFailure?: boolean; input?: string } = {}) {
  const result = spawnSync(command, args, {
    cwd: repoRoot,
    encoding: 'utf8',
    input: options.input,
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, ...options.env },
  });
  if (result.error) fail(`${command} could not start: ${result.error.message}`);
  if (result.status !== 0 && !options.allowFailure) {
    fail(`${command} ${args.join(' ')} failed (${result.status}):\n${result.stdout}${result.stderr}`);
  }
  return { ok: result.status === 0, stdout: result.stdout.trim(), stderr: result.stderr.trim() };
}

/** Runs a long command with its output in a log file; shows the log's end when it fails. */
async function runLogged(command: string, args: string[], logFile: string, env: NodeJS.ProcessEnv = {}) {
  const out = openSync(logFile, 'w');
  const child = spawn(command, args, { cwd: repoRoot, stdio: ['ignore', out, out], env: { ...process.env, ...env } });
  const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (status !== 0) {
    const text = readFileSync(logFile, 'utf8').split('\n');
    fail(`${command} ${args.join(' ')} failed (${status}); the end of ${path.relative(repoRoot, logFile)}:\n${text.slice(-80).join('\n')}`);
  }
}

/* ------------------------------------------------------------------------------------------------------------------
 * The engine
 * ---------------------------------------------------------------------------------------------------------------- */

const engineAnswers = () => run(docker, ['info', '--format', '{{.ServerVersion}}'], { allowFailure: true }).ok;

/**
 * Starts dockerd when no engine answers. Its data root is the default /var/lib/docker, which outlives the run, so the
 * base images and the builder's cache are reused by the next run on this machine. --iptables=false: this machine's
 * engine cannot manage iptables; containers still reach each other by name, and ports published to the host work.
 */
async function startEngine() {
  if (engineAnswers()) {
    log(`using the running engine (${run(docker, ['info', '--format', '{{.ServerVersion}}']).stdout})`);
    return;
  }
  forwardBridgedTraffic();
  const dockerd = existsSync('/usr/sbin/dockerd') ? '/usr/sbin/dockerd' : 'dockerd';
  const logFile = path.join(workDir, 'dockerd.log');
  log(`starting ${dockerd} --iptables=false (log: ${path.relative(repoRoot, logFile)})`);
  const out = openSync(logFile, 'a');
  engine = spawn(dockerd, ['--iptables=false'], { stdio: ['ignore', out, out], detached: true });
  engine.on('error', (error) => log(`dockerd: ${error.message}`));
  await waitFor('the Docker engine to answer', () => {
    if (engine?.exitCode !== null) fail(`dockerd exited with ${engine?.exitCode}; see ${logFile}`);
    return engineAnswers() ? true : undefined;
  }, 2 * minute, 250);
}

/**
 * An engine started earlier with its iptables management on leaves the host's FORWARD policy at DROP, and it stays so
 * after that engine stops. With bridged traffic passed through iptables (br_netfilter), an engine started with
 * --iptables=false then has every container-to-container connection dropped: the migrate steps time out reaching
 * postgres. Such a policy is set back to ACCEPT, the kernel's default, and the run says so.
 */
function forwardBridgedTraffic() {
  const filtered = readFileIfPresent('/proc/sys/net/bridge/bridge-nf-call-iptables')?.trim() === '1';
  if (!filtered || !existsSync('/usr/sbin/iptables')) return;
  const policy = run('iptables', ['-S', 'FORWARD'], { allowFailure: true });
  if (!policy.ok || !/^-P FORWARD DROP$/m.test(policy.stdout)) return;
  log('the host forwards no bridged traffic (FORWARD policy DROP, left by an engine that managed iptables): setting it to ACCEPT');
  run('iptables', ['-P', 'FORWARD', 'ACCEPT']);
}

function readFileIfPresent(file: string): string | undefined {
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

/** Stops the engine this run started (that process only), and waits until it has exited. */
async function stopEngine() {
  const started = engine;
  if (!started?.pid || started.exitCode !== null) return;
  log(`stopping the engine this run started (pid ${started.pid})`);
  const exited = new Promise<void>((resolve) => started.once('exit', () => resolve()));
  started.kill('SIGTERM');
  const killed = setTimeout(() => started.kill('SIGKILL'), minute);
  await exited;
  clearTimeout(killed);
}

/* ------------------------------------------------------------------------------------------------------------------
 * docker-compose
 * ---------------------------------------------------------------------------------------------------------------- */

const envFile = path.join(workDir, 'compose.env');
const composeFiles = ['-f', 'docker-compose.yml', '-f', 'infra/docker/compose.host-network-build.yml'];
// The classic builder, through docker-compose's own client: BuildKit would fetch its frontend from Docker Hub.
// The `dev` profile adds the mail catcher every email goes to (SMTP_HOST=mail below).
const composeEnv = { COMPOSE_DOCKER_CLI_BUILD: '0', DOCKER_BUILDKIT: '0', COMPOSE_PROFILES: 'dev' };
const composeArgs = (...args: string[]) => ['-p', project, ...composeFiles, '--env-file', envFile, ...args];
const compose = (...args: string[]) => run('docker-compose', composeArgs(...args), { env: composeEnv });

/**
 * `down -v --remove-orphans` at the end of the smoke test. The engine may still list an endpoint of a container it has
 * just removed (CI saw it once, after the rolling restart had stopped and started replicas): removing the network then
 * fails with "has active endpoints". The endpoints left are named, disconnected by force, and `down` runs again.
 */
function composeDown(): void {
  const first = run('docker-compose', composeArgs('down', '-v', '--remove-orphans'), { env: composeEnv, allowFailure: true });
  if (first.ok) return;
  if (!/has active endpoints/.test(`${first.stdout}\n${first.stderr}`)) fail(`docker-compose down -v --remove-orphans failed:\n${first.stdout}\n${first.stderr}`);
  const network = `${project}_default`;
  const endpoints = run(docker, ['network', 'inspect', network, '--format', '{{range .Containers}}{{.Name}} {{end}}'], { allowFailure: true }).stdout.split(' ').filter(Boolean);
  log(`down: the network still had endpoints (${endpoints.join(', ') || 'none listed'}); disconnecting them and running down again`);
  for (const endpoint of endpoints) run(docker, ['network', 'disconnect', '-f', network, endpoint], { allowFailure: true });
  compose('down', '-v', '--remove-orphans');
}

const secret = (bytes = 36) => randomBytes(bytes).toString('base64url');
/** The restore benchmark's demo customer (and every customer it adds) signs in with this. */
const demoCustomerPassword = secret(12);

/**
 * The .env of this run: fresh secrets, every required variable, the base images and free ports for the gateway, the mail
 * catcher and the object store.
 */
function writeEnvFile(bases: Record<string, string>, gatewayPort: number, mailWebPort: number, objectStorePort: number, admin: { email: string; password: string }) {
  // Ed25519 keypairs, each PEM on one line with \n escapes as .env.example shows (a .env line holds one value).
  const keyPair = () => {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const oneLine = (pem: string | Buffer) => pem.toString().trim().replaceAll('\n', '\\n');
    return { private: oneLine(privateKey.export({ type: 'pkcs8', format: 'pem' })), public: oneLine(publicKey.export({ type: 'spki', format: 'pem' })) };
  };
  const [session, link] = [keyPair(), keyPair()];
  const values: Record<string, string> = {
    JWT_PRIVATE_KEY: session.private,
    JWT_PUBLIC_KEY: session.public,
    LINK_PRIVATE_KEY: link.private,
    LINK_PUBLIC_KEY: link.public,
    BOOKING_SERVICE_KEY: secret(),
    ACCOUNTS_SERVICE_KEY: secret(),
    TRACKING_SERVICE_KEY: secret(),
    PAYMENTS_SERVICE_KEY: secret(),
    NOTIFICATIONS_SERVICE_KEY: secret(),
    FIELD_SERVICE_CREDENTIALS_KEY: randomBytes(32).toString('base64'),
    METRICS_TOKEN: secret(),
    BOOKING_DATABASE_PASSWORD: secret(24),
    ACCOUNTS_DATABASE_PASSWORD: secret(24),
    TRACKING_DATABASE_PASSWORD: secret(24),
    PAYMENTS_DATABASE_PASSWORD: secret(24),
    NOTIFICATIONS_DATABASE_PASSWORD: secret(24),
    // The dev profile's mail catcher, as .env.example says to try the stack; its web and REST API on a free port here.
    SMTP_HOST: 'mail',
    SMTP_PORT: '1025',
    MAIL_WEB_PORT: `127.0.0.1:${mailWebPort}`,
    WEB_HOST: hosts.web,
    PORTAL_HOST: hosts.portal,
    BACKOFFICE_HOST: hosts.backoffice,
    GATEWAY_PORT: `127.0.0.1:${gatewayPort}`,
    // The object store's key pair (booking's and the store's) and where browsers would reach it.
    OBJECT_STORE_ACCESS_KEY_ID: 'compose-smoke',
    OBJECT_STORE_SECRET_ACCESS_KEY: secret(),
    OBJECT_STORE_PORT: `127.0.0.1:${objectStorePort}`,
    OBJECT_STORE_PUBLIC_URL: `http://localhost:${objectStorePort}`,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    BOOKING_SLOT_CAPACITY: String(slotCapacity),
    FIND_APPOINTMENT_RATE_LIMIT_MAX: String(findAppointmentLimit),
    // Every request of this run comes from one client (this machine), where production sees many: the services'
    // general per-client limit (300 a minute) would throttle the rolling restart's load, not measure it.
    RATE_LIMIT_MAX: '1000000',
    BOOKING_RATE_LIMIT_MAX: '1000000',
    PAYMENT_RATE_LIMIT_MAX: '1000000',
    // A benchmark's network lies beside the smoke test's (docker-compose.yml's default 172.28.0.0/24).
    ...(benchMode ? { INTERNAL_SUBNET: '172.29.0.0/24', INTERNAL_IP_RANGE: '172.29.0.128/25', GATEWAY_ADDRESS: '172.29.0.10' } : {}),
    // The restore benchmark measures the demo data set first (infra/README.md's restore time is of it).
    ...(bench === 'restore' ? { SEED_DEMO: 'true', DEMO_CUSTOMER_PASSWORD: demoCustomerPassword } : {}),
    ...bases,
  };
  writeFileSync(envFile, Object.entries(values).map(([name, value]) => `${name}=${value}\n`).join(''), { mode: 0o600 });
}

type ContainerState = { id: string; name: string; service: string; status: string; health: string; exitCode: string };

/** The one-shot migrate step of each service (docker-compose.yml's `<service>-migrate`): done once it exited with 0. */
const isOneShot = (service: string) => service.endsWith('-migrate');

function containers(): ContainerState[] {
  const ids = compose('ps', '-q').stdout.split('\n').filter(Boolean);
  if (!ids.length) return [];
  // `index` answers nothing for a container without a healthcheck (the migrate steps), where `.State.Health` fails.
  const format = '{{.Id}}|{{.Name}}|{{index .Config.Labels "com.docker.compose.service"}}|{{.State.Status}}|{{with index .State "Health"}}{{.Status}}{{end}}|{{.State.ExitCode}}';
  return run(docker, ['inspect', '--format', format, ...ids])
    .stdout.split('\n')
    .map((line) => {
      const [id = '', name = '', service = '', status = '', health = '', exitCode = ''] = line.split('|');
      return { id, name: name.replace(/^\//, ''), service, status, health, exitCode };
    });
}

/**
 * Waits until every container of the project runs and is healthy, and every migrate step has exited with 0; a
 * container that stops (a migrate step that fails) or turns unhealthy fails it. Resolves with the running ones.
 */
async function waitHealthy(expected: number) {
  return waitFor(`${expected} healthy or completed containers`, () => {
    const states = containers();
    const done = (state: ContainerState) => isOneShot(state.service) && state.status === 'exited' && state.exitCode === '0';
    const broken = states.find((state) => (state.status === 'exited' && !done(state)) || state.status === 'dead' || state.health === 'unhealthy');
    if (broken) fail(`${broken.name} is ${broken.status} (exit ${broken.exitCode}) ${broken.health}:\n${run(docker, ['logs', '--tail', '60', broken.id], { allowFailure: true }).stderr}`);
    const ready = states.filter((state) => done(state) || (state.status === 'running' && state.health === 'healthy'));
    if (ready.length === expected && states.length === expected) return states.filter((state) => !done(state));
    throw new Error(states.map((state) => `${state.name} ${state.status} ${state.health || 'no healthcheck'}`).join(', '));
  }, 4 * minute, 250);
}

/* ------------------------------------------------------------------------------------------------------------------
 * HTTP and WebSocket through the gateway
 * ---------------------------------------------------------------------------------------------------------------- */

let gatewayPort = 0;
/** The dev profile's mail catcher's web and REST API, on this machine. */
let mailWebPort = 0;

type Answer = { status: number; headers: http.IncomingHttpHeaders; text: string };

/** One request to the gateway for one app's host (the Host header picks the app, as a browser's address would). */
function request(app: App, method: string, target: string, options: { headers?: Record<string, string>; body?: unknown } = {}): Promise<Answer> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = { host: hosts[app], accept: 'application/json, text/html', ...options.headers };
  if (body !== undefined) headers['content-type'] = 'application/json';
  return new Promise((resolve, reject) => {
    // A connection of its own (no keep-alive): a pooled socket idle for 30 s between calls (a long wait for an email,
    // say) would fire this call's timeout after its answer had come.
    const outgoing = http.request({ host: '127.0.0.1', port: gatewayPort, method, path: target, headers, timeout: 30 * second, agent: false }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => {
        outgoing.setTimeout(0);
        resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, text: Buffer.concat(chunks).toString('utf8') });
      });
      incoming.on('error', reject);
    });
    outgoing.on('timeout', () => outgoing.destroy(new Error(`${method} ${target} took more than 30s`)));
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** The answer's JSON read with a contract schema, once its status is the expected one. */
function expectJson<T>(answer: Answer, status: number, schema: { parse(value: unknown): T }, what: string): T {
  if (answer.status !== status) fail(`${what}: expected ${status}, got ${answer.status}: ${answer.text.slice(0, 500)}`);
  return schema.parse(JSON.parse(answer.text));
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const origin = (app: App) => ({ origin: `https://${hosts[app]}` });

/** The value of one cookie a response set. */
function cookieFrom(answer: Answer, name: string): string {
  const found = (answer.headers['set-cookie'] ?? []).map((line) => line.split(';')[0] ?? '').find((pair) => pair.startsWith(`${name}=`));
  return found ?? fail(`no ${name} cookie in ${JSON.stringify(answer.headers['set-cookie'])}`);
}

/** A socket on /ws with the back office's bearer token and the messages it has received. */
async function openSocket(token: string) {
  const messages: WsServerMessage[] = [];
  const socket = new WebSocket(`ws://127.0.0.1:${gatewayPort}${wsPath}`, { headers: { host: hosts.backoffice, ...origin('backoffice'), ...bearer(token) } });
  let upgradeStatus = 0;
  socket.on('upgrade', (response) => (upgradeStatus = response.statusCode ?? 0));
  socket.on('message', (data) => messages.push(wsServerMessageSchema.parse(JSON.parse(String(data)))));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
    socket.once('unexpected-response', (_request, response) => reject(new Error(`/ws answered ${response.statusCode} instead of 101`)));
  });
  if (upgradeStatus !== 101) fail(`/ws upgraded with ${upgradeStatus}`);
  return { socket, messages };
}

/* ------------------------------------------------------------------------------------------------------------------
 * The smoke test
 * ---------------------------------------------------------------------------------------------------------------- */

const contact = (n: string) => ({
  customerName: `Compose Smoke ${n}`,
  email: `compose-smoke-${n}@example.com`,
  phone: '(904) 555-0142',
  address: '12 Aviles Street',
  city: 'St Augustine',
  state: 'FL',
  zipCode: '32084',
});

/** The first bookable date and slot with every place free (no booking of this run took one there). */
async function freeSlot(avoidDates: string[]): Promise<{ date: string; slot: string }> {
  for (const date of bookableDates().filter((day) => !avoidDates.includes(day))) {
    const slots = expectJson(await request('web', 'GET', `/api/appointments/available-slots?date=${date}`), 200, availableSlotsResponseSchema, 'available slots');
    const slot = slots.availableSlots[0];
    if (slot) return { date, slot };
  }
  return fail(`no available slot in ${bookableDates().join(', ')}`);
}

/** A booking through the gateway, or straight to one replica (`via`). */
function book(date: string, slot: string, who: string, via?: ContainerState) {
  const body: AppointmentRequest = { ...contact(who), serviceType: 'Repair', appliance: 'Dishwasher', brand: 'Bosch', appointmentDate: date, timeSlot: slot };
  const options = { headers: { ...origin('web'), 'idempotency-key': randomUUID() }, body };
  return via ? toReplica(via, 'web', 'POST', '/api/appointments', options) : request('web', 'POST', '/api/appointments', options);
}

async function publicHome() {
  const home = await request('web', 'GET', '/');
  if (home.status !== 200) fail(`GET / answered ${home.status}`);
  if (!String(home.headers['content-type']).startsWith('text/html')) fail(`GET / is ${home.headers['content-type']}`);
  // Prerendered: the page's markup is in the HTML, not only a script that draws it.
  if (!home.text.includes('data-prerendered-path="/"') || !/<h1[\s>]/.test(home.text) || !home.text.includes(business.name)) {
    fail('GET / is not the prerendered home page (no data-prerendered-path="/", h1 or business name)');
  }
  if (!home.headers['content-security-policy'] || home.headers['x-frame-options'] !== 'DENY') fail('GET / lacks the gateway security headers');
  log(`home: ${home.text.length} bytes of prerendered HTML, ${home.headers['cache-control']}`);
}

async function firstBooking() {
  const { date, slot } = await freeSlot([]);
  const booked = expectJson(await book(date, slot, 'first'), 201, createAppointmentResponseSchema, 'POST /api/appointments');
  log(`booking: appointment ${booked.appointment.id} (${booked.confirmationCode}) on ${date} ${slot}`);
  return booked.appointment;
}

async function portalLogin() {
  const page = await request('portal', 'GET', '/login');
  if (page.status !== 200 || !page.text.includes('id="root"')) fail(`portal /login answered ${page.status}`);
  const email = `compose-smoke-${randomUUID().slice(0, 8)}@example.com`;
  const password = secret(12);
  const registration = { firstName: 'Compose', lastName: 'Smoke', email, phone: '(904) 555-0143', password, confirmPassword: password };
  const registered = expectJson(await request('portal', 'POST', '/api/auth/register', { headers: origin('portal'), body: registration }), 202, registerResponseSchema, 'registration');
  if (registered.message !== registrationCheckEmail(email)) fail(`registration answered "${registered.message}"`);
  // The confirmation email arrives at the mail catcher (through notifications' SMTP relay setting): its link is read
  // there, as the customer reads it in their inbox.
  const linkToken = await waitFor('the confirmation email at the mail catcher', async () => {
    const answer = await fetch(`http://127.0.0.1:${mailWebPort}/api/email`);
    if (!answer.ok) throw new Error(`the mail catcher answered ${answer.status}`);
    const emails = (await answer.json()) as { to: { address: string }[]; text: string }[];
    const body = emails.filter((caught) => caught.to.some((to) => to.address === email)).at(-1)?.text ?? '';
    const found = /\/confirm-email#token=([\w-]+)/.exec(body)?.[1];
    if (!found) throw new Error('no confirmation email caught yet');
    return found;
  }, minute, 500);
  const answer = await request('portal', 'POST', confirmEmailPath, { headers: origin('portal'), body: { token: linkToken, password } });
  const { token } = expectJson(answer, 200, confirmEmailResponseSchema, 'email confirmation');
  const cookie = cookieFrom(answer, sessionCookieName);
  const session = expectJson(await request('portal', 'GET', currentSessionPath, { headers: { cookie } }), 200, currentSessionResponseSchema, 'portal session');
  if (session.customer?.email !== email) fail(`the portal session names ${session.customer?.email ?? 'nobody'}, not ${email}`);
  log(`portal: ${email} registered, confirmed by the emailed link and signed in (cookie and token)`);
  return { email, password, token, cookie };
}

async function backOfficeLogin(admin: { email: string; password: string }, appointmentId: number) {
  const page = await request('backoffice', 'GET', '/admin-login');
  if (page.status !== 200 || !page.text.includes('id="root"')) fail(`back office /admin-login answered ${page.status}`);
  const { token, user } = expectJson(await request('backoffice', 'POST', '/api/admin/login', { headers: origin('backoffice'), body: admin }), 200, adminLoginResponseSchema, 'back-office login');
  if (user.role !== 'admin') fail(`the back-office user is ${user.role}, not admin`);
  const session = expectJson(await request('backoffice', 'GET', backOfficeSessionPath, { headers: bearer(token) }), 200, backOfficeSessionResponseSchema, 'back-office session');
  if (session.user?.email !== admin.email) fail('the back-office session does not name the administrator');
  // Booking checks the staff session with accounts (service to service) before it lists appointments.
  const list = expectJson(await request('backoffice', 'GET', '/api/appointments', { headers: bearer(token) }), 200, staffAppointmentListSchema, 'staff appointments');
  if (!list.some((appointment) => appointment.id === appointmentId)) fail(`appointment ${appointmentId} is not in the staff list`);
  log(`back office: ${admin.email} signed in; the staff list has appointment ${appointmentId}`);
  return token;
}

/** /ws upgrades through nginx and hears an assignment: tracking → booking (technician), booking → tracking (record). */
async function liveUpdates(staffToken: string, appointmentId: number) {
  const { socket, messages } = await openSocket(staffToken);
  try {
    socket.send(JSON.stringify({ type: 'subscribe_all' }));
    await waitFor('the subscribe_all answer', () => (messages.some((message) => message.type === 'subscribed') ? true : undefined), 30 * second, 250);
    const technician = expectJson(
      await request('backoffice', 'POST', '/api/technicians', { headers: bearer(staffToken), body: { name: 'Compose Smoke Tech', phone: '(904) 555-0144', vehicleInfo: 'Van 1', specialties: ['Dishwashers'] } }),
      201,
      technicianSchema,
      'new technician',
    );
    // Booking learns of the technician through tracking's durable effect: assigning succeeds once it has arrived.
    await waitFor('booking to accept the new technician', async () => {
      const answer = await request('backoffice', 'PUT', `/api/appointments/${appointmentId}/assign`, { headers: bearer(staffToken), body: { technicianId: technician.id } });
      if (answer.status === 400) throw new Error(answer.text);
      return expectJson(answer, 200, staffAppointmentSchema, 'assignment');
    }, minute, 250);
    const update = await waitFor('a tracking_update on /ws', () =>
      messages.find((message) => message.type === 'tracking_update' && message.appointmentId === String(appointmentId)), minute, 250,
    );
    log(`websocket: /ws upgraded (101), subscribed, heard ${update.type} for appointment ${appointmentId} after assigning ${technician.id}`);
  } finally {
    socket.close();
  }
}

async function demoPayment() {
  const intent = expectJson(
    await request('web', 'POST', '/api/create-payment-intent', { headers: { ...origin('web'), 'idempotency-key': randomUUID() }, body: { amount: 89.5, description: 'Compose smoke test' } }),
    200,
    createPaymentIntentResponseSchema,
    'payment intent',
  );
  if (intent.provider !== 'demo') fail(`the payment intent's provider is ${intent.provider}, not demo`);
  const confirmed = expectJson(
    await request('web', 'POST', '/api/payments/demo/confirm', { headers: origin('web'), body: { paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, cardNumber: demoTestCards.succeeds } }),
    200,
    demoConfirmResponseSchema,
    'demo confirmation',
  );
  const stored = expectJson(await request('web', 'GET', `/api/payments/${intent.paymentIntentId}`), 200, publicPaymentSchema, 'payment status');
  if (confirmed.payment.status !== 'succeeded' || stored.status !== 'succeeded' || stored.amount !== 89.5) fail(`the demo payment is ${stored.status} of ${stored.amount}`);
  log(`payment: demo intent ${intent.paymentIntentId} paid, ${stored.amount} ${stored.currency}`);
  return intent.paymentIntentId;
}

/** Restarts accounts; what it stored answers again through the same gateway, which needs no restart. */
async function restartAccounts(customer: { email: string; password: string; cookie: string }, staffToken: string) {
  compose('restart', 'accounts');
  await waitHealthy(containers().length);
  const session = await waitFor('the portal session through the gateway after the restart', async () => {
    const answer = await request('portal', 'GET', currentSessionPath, { headers: { cookie: customer.cookie } });
    if (answer.status !== 200) throw new Error(`${answer.status} ${answer.text.slice(0, 200)}`);
    return currentSessionResponseSchema.parse(JSON.parse(answer.text));
  }, 2 * minute, 250);
  if (session.customer?.email !== customer.email) fail('the customer session did not survive the restart');
  expectJson(await request('portal', 'POST', '/api/auth/login', { headers: origin('portal'), body: { email: customer.email, password: customer.password } }), 200, loginResponseSchema, 'login after the restart');
  const staff = expectJson(await request('backoffice', 'GET', backOfficeSessionPath, { headers: bearer(staffToken) }), 200, backOfficeSessionResponseSchema, 'back-office session after the restart');
  if (!staff.user) fail('the back-office session did not survive the restart');
  log('restart: accounts restarted; through the same gateway the customer session, the password and the back-office session survived');
}

/** A container's address on the compose network now (a container started again may get another). */
const addressOf = (id: string) => run(docker, ['inspect', '--format', '{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}', id], { allowFailure: true }).stdout;

type Replicas = Record<ServiceName, ContainerState[]>;

/**
 * infra/README.md's replicated run: two replicas of every service (`up --scale`), with the gateway left running: it
 * looks the names up again (resolver), so requests through it reach both replicas of each service, as its access log's
 * upstream addresses show.
 */
async function scaleEveryService(containerCount: number, staffToken: string): Promise<Replicas> {
  // docker-compose refuses to scale while a dependency of the gateway is not healthy: start from all healthy.
  await waitHealthy(containerCount);
  compose('up', '-d', '--no-recreate', ...serviceNames.flatMap((service) => ['--scale', `${service}=2`]));
  await waitHealthy(containerCount + serviceNames.length);
  const all = containers();
  const replicas = Object.fromEntries(serviceNames.map((service) => [service, all.filter((state) => state.service === service)])) as Replicas;
  for (const service of serviceNames) if (replicas[service].length !== 2) fail(`${replicas[service].length} ${service} containers, not 2`);
  const gateway = all.find((state) => state.service === 'gateway') ?? fail('no gateway container');
  const since = new Date(Date.now() - second).toISOString();
  for (const service of serviceNames) {
    const addresses = replicas[service].map((replica) => addressOf(replica.id));
    await waitFor(`the running gateway to send requests to both ${service} replicas (${addresses.join(', ')})`, async () => {
      for (let i = 0; i < 4; i += 1) expectJson(await request('backoffice', 'GET', deliveriesPath(service), { headers: bearer(staffToken) }), 200, { parse: (value: unknown) => value }, `${service} deliveries`);
      const { stdout } = run(docker, ['logs', '--since', since, gateway.id]);
      const upstreams = stdout.split('\n').filter((line) => line.includes(`"uri":"${deliveriesPath(service)}"`)).map((line) => /"upstream":"([^"]*)"/.exec(line)?.[1] ?? '');
      const missing = addresses.filter((address) => !upstreams.some((upstream) => upstream.includes(`${address}:3000`)));
      if (missing.length) throw new Error(`no request reached ${missing.join(', ')} yet`);
      return true;
    }, 30 * second, 100);
  }
  log(`replicas: 2 of each service, the gateway (not restarted) reaching both of each: ${serviceNames.map((service) => `${service} ${replicas[service].map((replica) => addressOf(replica.id)).join('+')}`).join(', ')}`);
  return replicas;
}

/** One request straight to a replica (as the gateway would send it), bypassing the gateway's choice. */
function toReplica(replica: ContainerState, app: App, method: string, target: string, options: { headers?: Record<string, string>; body?: unknown } = {}): Promise<Answer> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = { host: hosts[app], accept: 'application/json', ...options.headers };
  if (body !== undefined) headers['content-type'] = 'application/json';
  return new Promise((resolve, reject) => {
    const outgoing = http.request({ host: addressOf(replica.id), port: 3000, method, path: target, headers, timeout: 30 * second, agent: false }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, text: Buffer.concat(chunks).toString('utf8') }));
      incoming.on('error', reject);
    });
    outgoing.on('timeout', () => outgoing.destroy(new Error(`${method} ${target} took more than 30s`)));
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/**
 * Scheduled work runs once across replicas: each booking of the race (booking's two replicas publish, notifications'
 * two replicas hear it and run its pg-boss send job) gives exactly one confirmation row, one email at the mail catcher
 * and one row per reminder ahead with its one scheduled job, once nothing is left in notifications' queue to run.
 */
async function scheduledWorkOnce(booked: { id: number; email: string }[]) {
  const ids = booked.map((appointment) => appointment.id).join(',');
  const rows = () => psql(`select appointment_id, kind, channel, state, count(*), count(distinct job_id) from messages where appointment_id in (${ids}) group by 1, 2, 3, 4 order by 1, 2;`, 'notifications')
    .split('\n').filter(Boolean).map((line) => line.split('\t'));
  const caught = async () => {
    const answer = await fetch(`http://127.0.0.1:${mailWebPort}/api/email`);
    const emails = (await answer.json()) as { to: { address: string }[]; subject: string }[];
    return booked.map((appointment) => emails.filter((email) => email.to.some((to) => to.address === appointment.email)).length);
  };
  await waitFor('a confirmation email of each booking and notifications\' queue idle', async () => {
    const counts = await caught();
    const sent = rows().filter(([, kind, , state]) => kind === 'booking-confirmation' && (state === 'sent' || state === 'delivered')).length;
    const pending = psql("select count(*) from pgboss.job where name = 'send-email' and state in ('created', 'retry', 'active') and start_after <= now();", 'notifications');
    if (counts.some((count) => count === 0) || sent < booked.length || pending !== '0') throw new Error(`emails ${counts.join(', ')}, ${sent} confirmations sent, ${pending} send jobs due`);
    return true;
  }, minute, 250);
  const counts = await caught();
  if (counts.some((count) => count !== 1)) fail(`the bookings' customers got ${counts.join(', ')} emails; one each expected`);
  const twice = rows().filter(([, , , , count]) => count !== '1');
  if (twice.length) fail(`messages written more than once: ${twice.map((row) => row.join(' ')).join('; ')}`);
  const reminders = rows().filter(([, kind]) => kind?.startsWith('reminder-'));
  if (reminders.some(([, , , , , jobs]) => jobs !== '1')) fail(`a reminder without exactly one job: ${reminders.map((row) => row.join(' ')).join('; ')}`);
  log(`once: ${booked.length} bookings → ${counts.join('+')} emails, one confirmation row each, ${reminders.length} reminders scheduled once each (one pg-boss job)`);
}

/** A location reported to one tracking replica reaches a socket held by the other (LISTEN/NOTIFY fan-out). */
async function locationAcrossReplicas(replicas: ContainerState[], staffToken: string) {
  const [listening, reporting] = replicas as [ContainerState, ContainerState];
  const messages: WsServerMessage[] = [];
  const socket = new WebSocket(`ws://${addressOf(listening.id)}:3000${wsPath}`, { headers: { host: hosts.backoffice, ...origin('backoffice'), ...bearer(staffToken) } });
  socket.on('message', (data) => messages.push(wsServerMessageSchema.parse(JSON.parse(String(data)))));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  try {
    socket.send(JSON.stringify({ type: 'subscribe_all' }));
    await waitFor('the subscribe_all answer', () => (messages.some((message) => message.type === 'subscribed') ? true : undefined), 30 * second, 100);
    const technicians = expectJson(await toReplica(reporting, 'backoffice', 'GET', '/api/technicians', { headers: bearer(staffToken) }), 200, { parse: (value: unknown) => value as { id: string }[] }, 'technicians');
    const technicianId = technicians[0]?.id ?? fail('no technician');
    expectJson(await toReplica(reporting, 'backoffice', 'PUT', `/api/technicians/${technicianId}/location`, { headers: bearer(staffToken), body: { lat: 29.8947, lng: -81.3145 } }), 200, technicianSchema, 'location update');
    await waitFor('the location update on the other replica\'s socket', () =>
      messages.find((message) => message.type === 'location_update' && message.technicianId === technicianId), 10 * second, 50,
    );
    log(`tracking: a location reported to ${reporting.name} reached a socket on ${listening.name}`);
    return technicianId;
  } finally {
    socket.close();
  }
}

/**
 * Sessions and limits are shared: a customer's session reads the same on both accounts replicas, and a logout on one
 * ends it on the other; booking's per-client "find my appointment" limit, asked of both replicas in turn, lets exactly
 * its number through in all (it would let twice as many through if each replica counted alone).
 */
async function sharedSessionsAndLimits(replicas: Replicas, email: string) {
  const password = secret(12);
  const registration = { firstName: 'Replica', lastName: 'Session', email, phone: '(904) 555-0145', password, confirmPassword: password };
  expectJson(await request('portal', 'POST', '/api/auth/register', { headers: origin('portal'), body: registration }), 202, registerResponseSchema, 'registration');
  const linkToken = await waitFor('the second confirmation email', async () => {
    const emails = (await (await fetch(`http://127.0.0.1:${mailWebPort}/api/email`)).json()) as { to: { address: string }[]; text: string }[];
    return /\/confirm-email#token=([\w-]+)/.exec(emails.filter((caught) => caught.to.some((to) => to.address === email)).at(-1)?.text ?? '')?.[1];
  }, minute, 250);
  const [first, other] = replicas.accounts as [ContainerState, ContainerState];
  const confirmed = await toReplica(first, 'portal', 'POST', confirmEmailPath, { headers: origin('portal'), body: { token: linkToken, password } });
  expectJson(confirmed, 200, confirmEmailResponseSchema, 'confirmation on the first accounts replica');
  const cookie = cookieFrom(confirmed, sessionCookieName);
  for (const replica of [first, other]) {
    const session = expectJson(await toReplica(replica, 'portal', 'GET', currentSessionPath, { headers: { cookie } }), 200, currentSessionResponseSchema, `session on ${replica.name}`);
    if (session.customer?.email !== email) fail(`${replica.name} does not know the session made on ${first.name}`);
  }
  const loggedOut = await toReplica(first, 'portal', 'POST', '/api/auth/logout', { headers: { cookie, ...origin('portal') } });
  if (loggedOut.status !== 200) fail(`logout on ${first.name} answered ${loggedOut.status}: ${loggedOut.text}`);
  await waitFor(`the session to be over on ${other.name}`, async () => {
    const answer = await toReplica(other, 'portal', 'GET', currentSessionPath, { headers: { cookie } });
    if (answer.status === 401) return true;
    const session = answer.status === 200 ? currentSessionResponseSchema.parse(JSON.parse(answer.text)) : undefined;
    return session && !session.customer ? true : undefined;
  }, 10 * second, 100);

  const attempts = findAppointmentLimit * 2;
  const statuses: number[] = [];
  for (let i = 0; i < attempts; i += 1) {
    const replica = replicas.booking[i % 2] as ContainerState;
    statuses.push((await toReplica(replica, 'web', 'POST', findAppointmentPath, { headers: origin('web'), body: { email: `nobody-${i}@example.com` } })).status);
  }
  const passed = statuses.filter((status) => status === 202).length;
  const limited = statuses.filter((status) => status === 429).length;
  if (passed !== findAppointmentLimit || limited !== attempts - findAppointmentLimit) fail(`"find my appointment" asked of both booking replicas in turn answered ${statuses.join(', ')}; expected ${findAppointmentLimit} × 202, then 429`);
  log(`shared: a session made on ${first.name} read on ${other.name} and ended there by a logout on the first; "find my appointment" ${attempts} times across both booking replicas → ${passed} × 202, ${limited} × 429 (limit ${findAppointmentLimit})`);
}

/** Stops one container with SIGTERM (Docker's stop, within the compose file's grace) and answers its exit code. */
async function stopContainer(id: string) {
  await new Promise<void>((resolve, reject) => {
    const child = spawn(docker, ['stop', '-t', '15', id], { stdio: 'ignore' });
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`docker stop ${id} exited ${code}`))));
  });
  return Number(run(docker, ['inspect', '--format', '{{.State.ExitCode}}', id]).stdout);
}

const startContainer = async (id: string) => {
  await new Promise<void>((resolve, reject) => {
    const child = spawn(docker, ['start', id], { stdio: 'ignore' });
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`docker start ${id} exited ${code}`))));
  });
};

/** The rolling restart's figures, printed in a few lines. */
function rollingSummary(figures: RollingRestartFigures) {
  const routes = Object.entries(figures.routes).map(([route, r]) => `${route} ${r.requests} (${r.failed} failed, p99 ${r.p99} ms)`).join(', ');
  return `${figures.restarts.length} replicas restarted in ${figures.seconds.toFixed(1)}s; ${figures.requests} requests, ${figures.failed} failed [${routes}]; ` +
    `${figures.sockets} sockets, ${figures.reconnects} reconnects (close codes ${JSON.stringify(figures.closeCodes)}), ${figures.locationUpdatesHeard} location updates heard`;
}

/**
 * Concurrent bookings of one free slot, sent to both replicas in turn: exactly its capacity succeed. Straight to the
 * replicas, not through the gateway: requests that reach nginx while it asks DNS again share one answer, so a burst at
 * that moment goes to one replica, and this must race both.
 */
async function noDoubleBooking(replicas: ContainerState[], staffToken: string, usedDates: string[]) {
  const { date, slot } = await freeSlot(usedDates);
  const since = new Date(Date.now() - second).toISOString();
  const attempts = slotCapacity * 3;
  const answers = await Promise.all(Array.from({ length: attempts }, (_, index) => book(date, slot, `race-${index}`, replicas[index % replicas.length])));
  const statuses = answers.map((answer) => answer.status);
  const booked = statuses.filter((status) => status === 201).length;
  const refused = answers.filter((answer) => answer.status === 409);
  for (const answer of refused) apiErrorSchema.parse(JSON.parse(answer.text));
  if (booked !== slotCapacity || refused.length !== attempts - slotCapacity) fail(`${attempts} concurrent bookings of ${date} ${slot} answered ${statuses.join(', ')}; expected ${slotCapacity} × 201 and the rest 409`);
  // Each replica memoises a date's slot list for a second (AvailabilityCache): the replica that did not book the last
  // place, or one whose list was being read as it was booked, offers the slot until then. Every booking is checked
  // at commit, so that second is advice only; past it, no replica offers the full slot.
  // Four reads in a row without it: the gateway sends them to both replicas in turn.
  let withoutIt = 0;
  await waitFor(`${slot} on ${date} to be offered by neither replica after ${slotCapacity} bookings`, async () => {
    const slots = expectJson(await request('web', 'GET', `/api/appointments/available-slots?date=${date}`), 200, availableSlotsResponseSchema, 'slots after the race');
    withoutIt = slots.availableSlots.includes(slot) ? 0 : withoutIt + 1;
    return withoutIt >= 4;
  }, 10 * second, 100);
  const list = expectJson(await request('backoffice', 'GET', `/api/appointments?date=${date}&pageSize=200`, { headers: bearer(staffToken) }), 200, staffAppointmentListSchema, 'staff list after the race');
  const holding = list.filter((appointment) => appointment.timeSlot === slot && appointment.status !== 'cancelled');
  const inSlot = holding.length;
  if (inSlot !== slotCapacity) fail(`${inSlot} appointments hold ${date} ${slot}, capacity ${slotCapacity}`);
  const served = replicas.map((replica) => {
    const { stdout, stderr } = run(docker, ['logs', '--since', since, replica.id]);
    return `${stdout}\n${stderr}`.split('\n').filter((line) => line.includes('"method":"POST"') && line.includes('"url":"/api/appointments"')).length;
  });
  if (served.some((count) => count === 0)) fail(`the booking replicas took ${served.join(' and ')} of the concurrent bookings; both must take some`);
  log(`replicas: ${attempts} concurrent bookings of ${date} ${slot} → ${slotCapacity} booked, ${refused.length} × 409; replicas took ${served.join(' + ')}`);
  return { date, booked: answers.filter((answer) => answer.status === 201).map((answer) => createAppointmentResponseSchema.parse(JSON.parse(answer.text)).appointment) };
}

/* ------------------------------------------------------------------------------------------------------------------
 * Backups and restore (infra/backups.sh, infra/README.md "Backups and restore")
 * ---------------------------------------------------------------------------------------------------------------- */

/** infra/backups.sh as an owner runs it, with this run's compose command; its output. */
function backups(...args: string[]) {
  const { stdout, stderr } = run('sh', ['infra/backups.sh', ...args], { env: { ...composeEnv, COMPOSE: ['docker-compose', ...composeArgs()].join(' ') } });
  return `${stdout}\n${stderr}`;
}

/**
 * psql as the superuser inside the postgres container (its socket), reading `script`; the rows, tab-separated.
 * `docker exec` on the container's id: a docker-compose call costs a second or two of this machine's two cores.
 */
const psql = (script: string, database = 'postgres') => {
  const id = compose('ps', '-q', 'postgres').stdout || fail('no postgres container');
  return run(docker, ['exec', '-i', id, 'psql', '-X', '-q', '-At', '-F', '\t', '-v', 'ON_ERROR_STOP=1', '-U', 'postgres', '-d', database], { input: script }).stdout;
};

/** A table's rows: how many, and a digest of all of them (each row as text, sorted). */
type TableDigest = { rows: number; hash: string };

/**
 * Every row of every permanent table of every service's database, as a count and a digest per table
 * (`<database>:<table>`), in one psql session. The queue's own bookkeeping (the pgboss schema: job states, maintenance
 * times) changes whenever a service runs, so it is left out.
 */
function databaseDigest() {
  const perTable = String.raw`select format('select %L, count(*), md5(coalesce(string_agg(r::text, %L order by r::text), %L)) from %s r', current_database() || ':' || c.oid::regclass::text, E'\n', '', c.oid::regclass) from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.relkind = 'r' and c.relpersistence = 'p' and n.nspname not in ('pg_catalog', 'information_schema', 'pgboss') order by 1 \gexec`;
  const output = psql(serviceNames.map((database) => `\\c ${database}\n${perTable}\n`).join(''));
  const digest = new Map<string, TableDigest>();
  for (const line of output.split('\n').filter(Boolean)) {
    const [table = '', rows = '', hash = ''] = line.split('\t');
    digest.set(table, { rows: Number(rows), hash });
  }
  for (const database of serviceNames) if (![...digest.keys()].some((table) => table.startsWith(`${database}:`))) fail(`no tables in ${database}`);
  return digest;
}

type BackupInfo = {
  backup: {
    label: string;
    type: 'full' | 'diff' | 'incr';
    timestamp: { start: number; stop: number };
    /** The cluster's size, and what the backup took in the repository (compressed). */
    info: { size: number; repository: { delta: number } };
  }[];
}[];
const backupList = () => {
  const id = compose('ps', '-q', 'postgres').stdout || fail('no postgres container');
  return (JSON.parse(run(docker, ['exec', id, 'pgbackrest', 'info', '--output=json']).stdout) as BackupInfo)[0]?.backup ?? [];
};

/** The appointment ids the staff list has on one date. */
async function appointmentIds(staffToken: string, date: string) {
  const list = expectJson(await request('backoffice', 'GET', `/api/appointments?date=${date}&pageSize=200`, { headers: bearer(staffToken) }), 200, staffAppointmentListSchema, `staff list of ${date}`);
  return new Set(list.map((appointment) => appointment.id));
}

/** What a restore brought back, asked through the gateway: the appointment, the customer's sign-in, the payment. */
async function servicesAnswer(staffToken: string, customer: { email: string; password: string }, appointment: { id: number; appointmentDate: string }, paymentId: string) {
  await waitFor('the gateway to answer after the restore', async () => ((await request('web', 'GET', '/')).status === 200 ? true : undefined), minute, 250);
  if (!(await appointmentIds(staffToken, appointment.appointmentDate)).has(appointment.id)) fail(`appointment ${appointment.id} is not back`);
  expectJson(await request('portal', 'POST', '/api/auth/login', { headers: origin('portal'), body: { email: customer.email, password: customer.password } }), 200, loginResponseSchema, 'login after the restore');
  const payment = expectJson(await request('web', 'GET', `/api/payments/${paymentId}`), 200, publicPaymentSchema, 'payment after the restore');
  if (payment.status !== 'succeeded') fail(`the payment is ${payment.status} after the restore`);
}

const restoreCommandMs = (output: string) => Number(/restore command end: completed successfully \((\d+)ms\)/.exec(output)?.[1] ?? Number.NaN);

type LostVolumeRestore = {
  /** The backup taken for it, as pgBackRest lists it. */
  backup: BackupInfo[number]['backup'][number];
  /** `infra/backups.sh backup <type>`, from the command to its end. */
  backupSeconds: number;
  /** pgBackRest's own time for the restore of the files. */
  restoreFilesMs: number;
  /** From `infra/backups.sh restore` to every container healthy, and (with `answering`) to every service answering. */
  healthySeconds: number;
  answeringSeconds?: number;
  /** Every table before the backup and after the restore. */
  before: Map<string, TableDigest>;
  after: Map<string, TableDigest>;
};

/**
 * The database's volume lost and restored, as infra/README.md has an owner do it with infra/backups.sh: the gateway and
 * the services stopped (every write stops, so what the databases hold now is exactly what must come back), every
 * table's digest, a backup of `type` once the scheduled full backup of the first start is there (one backup at a
 * time), the postgres containers and the database's volume removed, `infra/backups.sh restore`, every container
 * healthy; then `answering` (when given) is polled and timed too, from the same start. Every table must be back:
 * its count and its digest, but for `moved` tables: what serving requests changes (the `answering` calls count
 * against rate limits and touch the session they use) is compared by count, or (`uncounted`) not at all.
 */
async function loseVolumeAndRestore(
  containerCount: number,
  type: 'full' | 'incr',
  options: { answering?: () => Promise<unknown>; moved?: { counted: RegExp; uncounted: RegExp } } = {},
): Promise<LostVolumeRestore> {
  compose('stop', 'gateway', ...serviceNames);
  const before = databaseDigest();
  await waitFor('the scheduled full backup of the first start', () => (backupList().some((backup) => backup.type === 'full') ? true : undefined), minute, 500);
  const backupStarted = Date.now();
  backups('backup', type);
  const backupSeconds = (Date.now() - backupStarted) / second;
  const kept = backupList();
  const backup = kept.at(-1);
  if (backup?.type !== type) fail(`the backups kept are ${kept.map((each) => each.type).join(', ')}; the last is not the ${type} one`);

  // The database is lost: its container and its volume.
  compose('rm', '-f', '-s', 'postgres', 'postgres-backup');
  run(docker, ['volume', 'rm', `${project}_postgres-data`]);
  const started = Date.now();
  const output = backups('restore');
  await waitHealthy(containerCount);
  const healthySeconds = (Date.now() - started) / second;
  let answeringSeconds: number | undefined;
  if (options.answering) {
    await options.answering();
    answeringSeconds = (Date.now() - started) / second;
  }
  const after = databaseDigest();
  const counted = options.moved?.counted;
  const uncounted = options.moved?.uncounted;
  const differ = [...new Set([...before.keys(), ...after.keys()])]
    .filter((table) => !uncounted?.test(table))
    .filter((table) => {
      const [was, is] = [before.get(table), after.get(table)];
      return was?.rows !== is?.rows || (!counted?.test(table) && was?.hash !== is?.hash);
    })
    .map((table) => `${table}: ${JSON.stringify(before.get(table) ?? 'missing')} before, ${JSON.stringify(after.get(table) ?? 'missing')} after`);
  if (differ.length) fail(`after the restore, tables differ:\n${differ.join('\n')}\n(${before.size} tables before, ${after.size} after)`);
  return { backup, backupSeconds, restoreFilesMs: restoreCommandMs(output), healthySeconds, answeringSeconds, before, after };
}

/**
 * The restore drill. Returns how long each restore took, from the command to every container healthy, and the date it
 * booked on (a slot there is no longer wholly free).
 */
async function restoreDrill(
  containerCount: number,
  staffToken: string,
  customer: { email: string; password: string },
  appointment: { id: number; appointmentDate: string },
  paymentId: string,
) {
  // An incremental backup on top of the scheduled full one: the restore needs both.
  const latest = await loseVolumeAndRestore(containerCount, 'incr');
  await servicesAnswer(staffToken, customer, appointment, paymentId);
  log(`restore: volume removed, every row of ${latest.before.size} tables back in ${latest.healthySeconds.toFixed(1)}s (pgBackRest's restore ${latest.restoreFilesMs} ms); the appointment, the sign-in and the payment answer`);

  // A booking, the mistake, a booking after it.
  const { date, slot } = await freeSlot([appointment.appointmentDate]);
  const beforeMistake = expectJson(await book(date, slot, 'before-mistake'), 201, createAppointmentResponseSchema, 'booking before the mistake').appointment;
  const mistakeAt = psql('select clock_timestamp();');
  if (psql(`delete from appointments where id = ${appointment.id} returning id;`, 'booking') !== String(appointment.id)) fail(`appointment ${appointment.id} was not deleted`);
  const afterMistake = expectJson(await book(date, slot, 'after-mistake'), 201, createAppointmentResponseSchema, 'booking after the mistake').appointment;
  if ((await appointmentIds(staffToken, appointment.appointmentDate)).has(appointment.id)) fail(`appointment ${appointment.id} is still listed after its deletion`);

  const started = Date.now();
  const pointInTime = backups('restore', mistakeAt);
  await waitHealthy(containerCount);
  const pointInTimeSeconds = (Date.now() - started) / second;
  await servicesAnswer(staffToken, customer, appointment, paymentId);
  const onDate = await appointmentIds(staffToken, date);
  if (!onDate.has(beforeMistake.id)) fail(`appointment ${beforeMistake.id}, booked before the mistake, is not back`);
  if (onDate.has(afterMistake.id)) fail(`appointment ${afterMistake.id}, booked after the mistake, is back: the restore went past ${mistakeAt}`);
  log(`point in time: restored to ${mistakeAt} in ${pointInTimeSeconds.toFixed(1)}s (pgBackRest's restore ${restoreCommandMs(pointInTime)} ms): the deleted appointment ${appointment.id} and ${beforeMistake.id} (booked before) are back, ${afterMistake.id} (after) is not`);
  return { latestSeconds: latest.healthySeconds, pointInTimeSeconds, bookedDate: date };
}

/** This project's images: repository:tag → image id. */
function projectImages(): Map<string, string> {
  const lines = run(docker, ['images', '--format', '{{.Repository}}:{{.Tag}}|{{.ID}}']).stdout.split('\n');
  return new Map(lines.filter((line) => line.startsWith(`${project}_`)).map((line) => line.split('|') as [string, string]));
}

function imageSizes() {
  const images = run(docker, ['images', '--format', '{{.Repository}}:{{.Tag}}|{{.Size}}'])
    .stdout.split('\n')
    .filter((line) => line.startsWith(`${project}_`) || line.startsWith('localbase/'));
  return images.map((line) => line.split('|') as [string, string]).sort();
}

/**
 * `pnpm bench rolling-restart` (bench/rolling-restart.ts runs this file with COMPOSE_SMOKE_BENCH=rolling-restart): the
 * stack as the smoke test starts it, requests/s and p99 through the gateway of a booking read and a tracking write with
 * one replica of each and then two, and a rolling restart of all ten replicas under the mixed load; the figures go to
 * .tmp/compose-smoke/rolling-restart.json.
 */
async function rollingRestartBench(containerCount: number, admin: { email: string; password: string }) {
  const appointment = await firstBooking();
  const customer = await portalLogin();
  const staffToken = await backOfficeLogin(admin, appointment.id);
  await liveUpdates(staffToken, appointment.id);
  const paymentId = await demoPayment();
  const technicians = expectJson(await request('backoffice', 'GET', '/api/technicians', { headers: bearer(staffToken) }), 200, { parse: (value: unknown) => value as { id: string }[] }, 'technicians');
  const technicianId = technicians[0]?.id ?? fail('no technician');
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
  const date = bookableDates()[1] ?? fail('no bookable date');
  const autocannon = (await import('autocannon')).default;
  const throughput = async (replicaCount: number) => {
    const routes = [
      { route: 'GET /api/appointments/available-slots (booking)', url: `http://127.0.0.1:${gatewayPort}/api/appointments/available-slots?date=${date}`, method: 'GET' as const, headers: { host: hosts.web } },
      {
        route: 'PUT /api/technicians/:id/location (tracking)', url: `http://127.0.0.1:${gatewayPort}/api/technicians/${technicianId}/location`, method: 'PUT' as const,
        headers: { host: hosts.backoffice, 'content-type': 'application/json', ...bearer(staffToken) }, body: JSON.stringify({ lat: 29.8947, lng: -81.3145 }),
      },
    ];
    const results = [];
    for (const { route, ...options } of routes) {
      const result = await autocannon({ ...options, connections, duration: seconds });
      results.push({ route, replicas: replicaCount, requestsPerSecond: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors + result.timeouts });
      log(`throughput, ${replicaCount} replica(s): ${route} ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, ${result.non2xx} non-2xx, ${result.errors} errors`);
    }
    return results;
  };
  const one = await phase('throughput with one replica of each service', () => throughput(1));
  const replicas = await phase('scale every service to two replicas (the gateway not restarted)', () => scaleEveryService(containerCount, staffToken));
  const two = await phase('throughput with two replicas of each service', () => throughput(2));
  const sockets = Number(process.env.ROLLING_RESTART_SOCKETS ?? 10);
  const rolling = await phase('rolling restart of every replica under the mixed load', () => rollingRestart({
    gatewayPort, hosts, staffToken, customerCookie: customer.cookie, technicianId, paymentId,
    bookingDates: bookableDates().slice(-3),
    replicas: serviceNames.flatMap((service) => replicas[service].map((replica) => ({ id: replica.id, service }))),
    stop: stopContainer, start: startContainer, address: addressOf, clients: Number(process.env.ROLLING_RESTART_CLIENTS ?? 2), sockets, log,
  }));
  log(`rolling restart: ${rollingSummary(rolling)}`);
  writeFileSync(benchFigures, JSON.stringify({ seconds, connections, throughput: [...one, ...two], rolling }, null, 2));
  compose('down', '-v', '--remove-orphans');
  composeUp = false;
}

/* ------------------------------------------------------------------------------------------------------------------
 * `pnpm bench restore`
 * ---------------------------------------------------------------------------------------------------------------- */

/** What one customer sees through the gateway: their visits and invoices in the portal. */
type CustomerView = { email: string; visits: number; invoices: number };

/** One data set backed up, lost and restored (bench/restore.ts reports it). */
export type RestoreCase = {
  name: string;
  /** pg_database_size of every database (the five services' and postgres'), in bytes. */
  databases: Record<string, number>;
  clusterBytes: number;
  /** The full backup: what it holds of the cluster and what it took in the repository (lz4). */
  backupBytes: number;
  backupRepositoryBytes: number;
  /** `infra/backups.sh backup full`, start to end; pgBackRest's own start and stop within it. */
  backupSeconds: number;
  backupPgBackRestSeconds: number;
  /** From `infra/backups.sh restore`: pgBackRest's restore of the files, every container healthy, every service answering. */
  restoreFilesSeconds: number;
  healthySeconds: number;
  answeringSeconds: number;
  /** Rows of every table (`<database>:<table>`) before the backup and after the restore, but the rate-limit counters. */
  rows: Record<string, number>;
  rowsAfter: Record<string, number>;
  /** What a customer and the office see, the same before and after. */
  customer: CustomerView;
  staffInvoices: number;
};
export type RestoreFigures = { customers: number; writeSeconds: number; cases: RestoreCase[] };

const demoCustomerEmail = 'demo@example.com';

/** A customer's portal sign-in (every customer of the benchmark has the demo customer's password): their cookie. */
async function customerSignIn(email: string) {
  const signedIn = await request('portal', 'POST', '/api/auth/login', { headers: origin('portal'), body: { email, password: demoCustomerPassword } });
  expectJson(signedIn, 200, loginResponseSchema, `${email} signing in`);
  return cookieFrom(signedIn, sessionCookieName);
}

const portalVisits = async (cookie: string) =>
  expectJson(await request('portal', 'GET', '/api/customer/appointments', { headers: { cookie } }), 200, appointmentListSchema, 'the portal\'s visits').length;

/** Signed in through the portal as the customer would, their visits and invoices as the portal lists them. */
async function customerView(email: string): Promise<CustomerView> {
  const cookie = await customerSignIn(email);
  const invoices = expectJson(await request('portal', 'GET', `${invoicePaths.invoices}?pageSize=1`, { headers: { cookie } }), 200, invoiceListResponseSchema, `${email}'s invoices`);
  return { email, visits: await portalVisits(cookie), invoices: invoices.total };
}

const staffInvoiceTotal = async (staffToken: string) =>
  expectJson(await request('backoffice', 'GET', `${invoicePaths.invoices}?pageSize=1`, { headers: bearer(staffToken) }), 200, invoiceListResponseSchema, 'staff invoice list').total;

/** Until no service owes its peers anything (the back office's deliveries pages), so every effect is in the data. */
async function deliveriesDone(staffToken: string) {
  await waitFor('every service to have delivered what it owes its peers', async () => {
    for (const service of serviceNames) {
      const status = expectJson(await request('backoffice', 'GET', deliveriesPath(service), { headers: bearer(staffToken) }), 200, deliveryStatusSchema, `${service} deliveries`);
      if (status.pending > 0 || status.failed > 0) throw new Error(`${service}: ${status.pending} pending, ${status.failed} failed`);
    }
    return true;
  }, 2 * minute, 500);
}

/**
 * Every service answering through the gateway, as the office and a customer use it: booking's staff list of today,
 * accounts' back-office session, tracking's technicians, payments' payment page, notifications' deliveries.
 */
function everyServiceAnswers(staffToken: string, paymentId: string) {
  const staff = { headers: bearer(staffToken) };
  const calls: Record<ServiceName, () => Promise<Answer>> = {
    booking: () => request('backoffice', 'GET', `/api/appointments?date=${businessDate()}&pageSize=200`, staff),
    accounts: () => request('backoffice', 'GET', backOfficeSessionPath, staff),
    tracking: () => request('backoffice', 'GET', '/api/technicians', staff),
    payments: () => request('web', 'GET', `/api/payments/${paymentId}`),
    notifications: () => request('backoffice', 'GET', deliveriesPath('notifications'), staff),
  };
  return waitFor('every service to answer through the gateway', async () => {
    const statuses = await Promise.all(serviceNames.map(async (service) => [service, (await calls[service]().catch(() => undefined))?.status ?? 0] as const));
    const failing = statuses.filter(([, status]) => status !== 200);
    if (failing.length) throw new Error(failing.map(([service, status]) => `${service} ${status}`).join(', '));
    return true;
  }, 2 * minute, 250);
}

/** pg_database_size of every database, in bytes. */
const databaseSizes = () =>
  Object.fromEntries(psql('select datname, pg_database_size(datname) from pg_database where not datistemplate order by 1;').split('\n').map((line) => {
    const [name = '', bytes = ''] = line.split('\t');
    return [name, Number(bytes)];
  }));

/** One data set: its size, a full backup, the volume lost, the restore; the same rows and the same views after it. */
async function measureRestore(name: string, containerCount: number, staffToken: string, paymentId: string, customerEmail: string): Promise<RestoreCase> {
  const databases = databaseSizes();
  const customer = await customerView(customerEmail);
  const staffInvoices = await staffInvoiceTotal(staffToken);
  // The answering calls count against the services' rate limits (per-minute counters they sweep themselves), and
  // accounts notes when the office's session was last used.
  const moved = { counted: /^accounts:sessions$/, uncounted: /:rate_limit_counters$/ };
  const restored = await loseVolumeAndRestore(containerCount, 'full', { answering: () => everyServiceAnswers(staffToken, paymentId), moved });
  const rowCounts = (digest: Map<string, TableDigest>) => Object.fromEntries([...digest].filter(([table]) => !moved.uncounted.test(table)).map(([table, { rows }]) => [table, rows]));
  const customerAfter = await customerView(customerEmail);
  const staffInvoicesAfter = await staffInvoiceTotal(staffToken);
  if (JSON.stringify(customerAfter) !== JSON.stringify(customer)) fail(`${name}: the customer saw ${JSON.stringify(customer)} before and ${JSON.stringify(customerAfter)} after the restore`);
  if (staffInvoicesAfter !== staffInvoices) fail(`${name}: the office listed ${staffInvoices} invoices before and ${staffInvoicesAfter} after the restore`);
  const figures: RestoreCase = {
    name,
    databases,
    clusterBytes: Object.values(databases).reduce((sum, bytes) => sum + bytes, 0),
    backupBytes: restored.backup.info.size,
    backupRepositoryBytes: restored.backup.info.repository.delta,
    backupSeconds: restored.backupSeconds,
    backupPgBackRestSeconds: restored.backup.timestamp.stop - restored.backup.timestamp.start,
    restoreFilesSeconds: restored.restoreFilesMs / second,
    healthySeconds: restored.healthySeconds,
    answeringSeconds: restored.answeringSeconds ?? Number.NaN,
    rows: rowCounts(restored.before),
    rowsAfter: rowCounts(restored.after),
    customer,
    staffInvoices,
  };
  log(`restore, ${name}: ${(figures.clusterBytes / 2 ** 20).toFixed(0)} MB of databases; full backup ${figures.backupSeconds.toFixed(1)}s; ` +
    `restore: files ${figures.restoreFilesSeconds.toFixed(1)}s, every container healthy ${figures.healthySeconds.toFixed(1)}s, every service answering ${figures.answeringSeconds.toFixed(1)}s; ` +
    `every row of ${restored.before.size} tables back; ${customer.email} sees ${customer.visits} visits and ${customer.invoices} invoices before and after`);
  return figures;
}

/**
 * `pnpm bench restore` (bench/restore.ts runs this file with COMPOSE_SMOKE_BENCH=restore): the stack as the smoke test
 * starts it, with the demo data set (SEED_DEMO=true). Measured for the demo data set, and again once BENCH_RESTORE_CUSTOMERS
 * (50,000) customers with their visits and invoices are added (scripts/bulk-customers.ts): the figures go to
 * .tmp/compose-smoke/restore.json.
 */
async function restoreBench(containerCount: number, admin: { email: string; password: string }) {
  const customers = Number(process.env.BENCH_RESTORE_CUSTOMERS ?? 50_000);
  if (!Number.isInteger(customers) || customers < 1) fail(`BENCH_RESTORE_CUSTOMERS must be a positive integer (got "${process.env.BENCH_RESTORE_CUSTOMERS}")`);
  const { token: staffToken } = expectJson(await request('backoffice', 'POST', '/api/admin/login', { headers: origin('backoffice'), body: admin }), 200, adminLoginResponseSchema, 'back-office login');
  // The demo data set is whole once accounts has told booking whose visits are the demo customer's, booking has heard
  // of the demo technician and given them today's demo visit, and nothing is left to deliver.
  const demoCookie = await customerSignIn(demoCustomerEmail);
  await waitFor("the demo customer's visits in the portal", async () => ((await portalVisits(demoCookie)) > 0 ? true : undefined), minute, 500);
  await waitFor("today's demo visit assigned in the back office", async () => {
    const today = expectJson(await request('backoffice', 'GET', `/api/appointments?date=${businessDate()}&pageSize=200`, { headers: bearer(staffToken) }), 200, staffAppointmentListSchema, "today's appointments");
    return today.some((appointment) => appointment.email === demoCustomerEmail && appointment.technicianId !== null) ? true : undefined;
  }, minute, 500);
  const paymentId = await demoPayment();
  await deliveriesDone(staffToken);
  const demo = await measureRestore('demo data set', containerCount, staffToken, paymentId, demoCustomerEmail);

  const writing = Date.now();
  psql(bulkCustomersScript(customers, demoCustomerEmail));
  const writeSeconds = (Date.now() - writing) / second;
  // The added customer with the most invoices (then the most recent) checks what a customer sees.
  const checkedId = psql('select customer_id from invoices join appointments on appointments.id = invoices.appointment_id where customer_id is not null group by customer_id order by count(*) desc, customer_id desc limit 1;', 'payments');
  const checkedEmail = psql(`select email from customers where id = ${Number(checkedId)};`, 'accounts') || fail('no added customer has an invoice');
  log(`restore: ${customers} customers with their visits and invoices written in ${writeSeconds.toFixed(1)}s`);
  const added = await measureRestore(`demo data set and ${customers.toLocaleString('en-US')} customers`, containerCount, staffToken, paymentId, checkedEmail);

  writeFileSync(benchFigures, JSON.stringify({ customers, writeSeconds, cases: [demo, added] } satisfies RestoreFigures, null, 2));
  compose('down', '-v', '--remove-orphans');
  composeUp = false;
}

/* ------------------------------------------------------------------------------------------------------------------
 * Main
 * ---------------------------------------------------------------------------------------------------------------- */

async function main() {
  if (process.getuid?.() !== 0) fail('The compose smoke test runs as root (it starts the Docker engine and debootstrap).');
  for (const tool of ['docker-compose']) if (!run('sh', ['-c', `command -v ${tool}`], { allowFailure: true }).ok) fail(`${tool} is not installed (apt-get install -y docker.io docker-compose debootstrap)`);
  mkdirSync(workDir, { recursive: true });
  const totalStarted = Date.now();
  await phase('engine', startEngine);

  const bases = await phase('local base images', () => {
    if (process.env.COMPOSE_SMOKE_BASES === 'official') return {};
    const { stdout, stderr } = run(process.execPath, ['infra/docker/build-local-bases.mjs']);
    if (stderr) console.log(stderr);
    return Object.fromEntries(stdout.split('\n').filter((line) => /^[A-Z_]+=\S+$/.test(line)).map((line) => line.split('=') as [string, string]));
  });
  // The README's two commands in a fresh container run beside the compose phases: they share only the engine and the
  // CPU, and most of either is waiting (downloads, healthchecks, restarts). Awaited, and reported, at the end.
  const freshStarted = Date.now();
  if (!benchMode) log("the README's two commands on a fresh machine: started beside the compose phases");
  // Its browser tests wait until the phases below stop starting and removing containers (see `networkSettled`).
  let settleNetwork = () => {};
  const networkSettled = new Promise<void>((resolve) => {
    settleNetwork = resolve;
  });
  // Not for the benchmark, whose figures it would slow.
  const fresh = benchMode ? Promise.resolve<Record<string, number>>({}) : freshMachine({ docker, nodeImage: bases.NODE_IMAGE ?? 'node:24-trixie-slim', logDir: workDir, full: process.env.FRESH_MACHINE === 'full', log, networkSettled });
  fresh.catch(() => undefined);

  const admin = { email: 'compose-smoke-admin@example.com', password: secret(18) };
  /**
   * The published ports are picked just before `up`, not before the minute-long build: other suites run beside this one
   * and take free ports too. One taken meanwhile anyway ("address already in use") gets fresh ports and another `up`.
   */
  const upOnFreePorts = async () => {
    for (let attempt = 1; ; attempt += 1) {
      gatewayPort = await freePort();
      mailWebPort = await freePort();
      writeEnvFile(bases, gatewayPort, mailWebPort, await freePort(), admin);
      const up = run('docker-compose', composeArgs('up', '-d'), { env: composeEnv, allowFailure: true });
      if (up.ok) return;
      const taken = /address already in use/i.test(`${up.stdout}\n${up.stderr}`);
      if (!taken || attempt === 3) fail(`docker-compose up -d failed:\n${up.stdout}\n${up.stderr}`);
      log(`a published port was taken meanwhile (attempt ${attempt}): up again on fresh ports`);
      compose('down', '--remove-orphans');
    }
  };
  gatewayPort = await freePort();
  mailWebPort = await freePort();
  writeEnvFile(bases, gatewayPort, mailWebPort, await freePort(), admin);
  compose('down', '-v', '--remove-orphans');

  const previousImages = projectImages();
  await phase('build every image', () => runLogged('docker-compose', composeArgs('build'), path.join(workDir, 'build.log'), composeEnv));
  const services = compose('config', '--services').stdout.split('\n').filter(Boolean);

  const coldStart = await phase('cold start (up until every container is healthy)', async () => {
    composeUp = true;
    await upOnFreePorts();
    return waitHealthy(services.length);
  });
  const coldStartSeconds = timings.at(-1)?.[1] ?? 0;
  // Every image runs as its own user (the healthchecks are proven by waitHealthy: no healthcheck never gets healthy).
  const users = coldStart.map((state) => [state.service, run(docker, ['exec', state.id, 'id', '-un']).stdout] as const);
  const root = users.filter(([, user]) => user === 'root');
  if (root.length) fail(`running as root: ${root.map(([service]) => service).join(', ')}`);
  log(`containers: ${users.map(([service, user]) => `${service} healthy as ${user}`).join(', ')}`);

  if (bench === 'rolling-restart') {
    await rollingRestartBench(services.length, admin);
    return;
  }
  if (bench === 'restore') {
    await restoreBench(services.length, admin);
    return;
  }

  const state = await phase('smoke test through the gateway', async () => {
    await publicHome();
    const appointment = await firstBooking();
    const customer = await portalLogin();
    const staffToken = await backOfficeLogin(admin, appointment.id);
    await liveUpdates(staffToken, appointment.id);
    const paymentId = await demoPayment();
    return { appointment, customer, staffToken, paymentId };
  });
  await phase('restart accounts', () => restartAccounts(state.customer, state.staffToken));
  const restores = await phase('restore drill (backup, volume lost, restore; point-in-time restore)', () =>
    restoreDrill(services.length, state.staffToken, state.customer, state.appointment, state.paymentId),
  );
  const replicas = await phase('scale every service to two replicas (the gateway not restarted)', () => scaleEveryService(services.length, state.staffToken));
  const race = await phase('concurrent bookings through two replicas', () => noDoubleBooking(replicas.booking, state.staffToken, [state.appointment.appointmentDate, restores.bookedDate]));
  await phase('scheduled work once across replicas', () => scheduledWorkOnce(race.booked));
  const technicianId = await phase('a location on one tracking replica, heard on the other', () => locationAcrossReplicas(replicas.tracking, state.staffToken));
  await phase('sessions and limits shared across replicas', () => sharedSessionsAndLimits(replicas, `compose-smoke-replica-${randomUUID().slice(0, 8)}@example.com`));
  await phase('rolling restart of tracking and booking under load', async () => {
    const sockets = 4;
    const figures = await rollingRestart({
      gatewayPort, hosts, staffToken: state.staffToken, customerCookie: state.customer.cookie, technicianId, paymentId: state.paymentId,
      bookingDates: bookableDates().filter((date) => ![state.appointment.appointmentDate, restores.bookedDate, race.date].includes(date)).slice(-3),
      replicas: [...replicas.tracking, ...replicas.booking].map((replica) => ({ id: replica.id, service: replica.service as ServiceName })),
      stop: stopContainer, start: startContainer, address: addressOf, clients: 1, sockets, log,
    });
    log(`rolling restart: ${rollingSummary(figures)}`);
    const unclean = figures.restarts.filter((restart) => restart.exitCode !== 0);
    if (unclean.length) fail(`replicas did not stop cleanly on SIGTERM: ${unclean.map((restart) => `${restart.service} ${restart.id} exit ${restart.exitCode}`).join(', ')}`);
    if (figures.failed) fail(`the rolling restart failed ${figures.failed} of ${figures.requests} requests:\n${figures.failures.join('\n')}`);
    // Both tracking replicas were restarted, so every socket was closed under its client at least once, going away.
    if (figures.reconnects < sockets) fail(`${figures.reconnects} reconnects of ${sockets} sockets; each was on a replica that stopped`);
    const codes = Object.keys(figures.closeCodes);
    if (codes.some((code) => code !== '1001')) fail(`sockets were closed with ${JSON.stringify(figures.closeCodes)}, not only 1001 (going away)`);
    if (figures.locationUpdatesHeard === 0) fail('no location update reached a socket during the rolling restart');
    for (const route of Object.values(figures.routes)) if (route.requests === 0) fail('a kind of traffic made no request during the rolling restart');
  });

  const sizes = imageSizes();
  await phase('down -v', () => {
    composeDown();
    composeUp = false;
    const left = run(docker, ['volume', 'ls', '-q', '--filter', `name=${project}_`]).stdout;
    if (left) fail(`volumes left after down -v: ${left}`);
  });
  // The images this run's build replaced (this project's only); the current ones and the builder's cache of them stay.
  await phase('remove replaced images', () => {
    const current = new Set(projectImages().values());
    for (const id of new Set(previousImages.values())) if (!current.has(id)) run(docker, ['rmi', id], { allowFailure: true });
  });

  // The test kit's Testcontainers path, for real, on the local PostgreSQL image: the kit's own container tests, then
  // booking's race suite with every test database in a container.
  await phase('test kit on Testcontainers', async () => {
    const env = {
      TEST_DB: 'testcontainers',
      TESTCONTAINERS_RYUK_DISABLED: 'true',
      ...(bases.POSTGRES_IMAGE ? { TESTCONTAINERS_POSTGRES_IMAGE: bases.POSTGRES_IMAGE } : {}),
    };
    await runLogged('pnpm', ['--filter', '@repo/service-kit', 'exec', 'vitest', 'run', 'test/testcontainers.test.ts'], path.join(workDir, 'testcontainers-kit.log'), env);
    await runLogged('pnpm', ['--filter', '@repo/booking', 'exec', 'vitest', 'run', 'test/appointment-races.test.ts'], path.join(workDir, 'testcontainers-booking.log'), env);
  });

  settleNetwork();
  const freshTimings = await phase("the README's two commands on a fresh machine (what was left after the above)", () => fresh);
  timings.push(["the README's two commands on a fresh machine, in all", (Date.now() - freshStarted) / second]);

  console.log('\n=== compose smoke test passed');
  console.log('image sizes:');
  for (const [image, size] of sizes) console.log(`  ${image.padEnd(36)} ${size}`);
  console.log(`cold start (up → every container healthy): ${coldStartSeconds.toFixed(1)}s`);
  console.log(`restore (infra/backups.sh restore → every container healthy): latest ${restores.latestSeconds.toFixed(1)}s, point in time ${restores.pointInTimeSeconds.toFixed(1)}s`);
  for (const [name, seconds] of timings) console.log(`  ${name.padEnd(48)} ${seconds.toFixed(1)}s`);
  for (const [name, seconds] of Object.entries(freshTimings)) console.log(`    ${name.padEnd(46)} ${seconds.toFixed(1)}s`);
  console.log(`total: ${((Date.now() - totalStarted) / second).toFixed(1)}s`);
}

let cleaning: Promise<void> | undefined;
/** Once, whoever asks first (a failure or a signal): the fresh machines, the compose project and the engine. */
function cleanUp() {
  cleaning ??= cleanUpOnce();
  return cleaning;
}

async function cleanUpOnce() {
  removeFreshMachines(docker);
  if (composeUp) {
    log('failed: the state of the containers and their last logs');
    console.log(run('docker-compose', composeArgs('ps'), { env: composeEnv, allowFailure: true }).stdout);
    console.log(run('docker-compose', composeArgs('logs', '--no-color', '--tail', '40'), { env: composeEnv, allowFailure: true }).stdout);
    run('docker-compose', composeArgs('down', '-v', '--remove-orphans'), { env: composeEnv, allowFailure: true });
  }
  await stopEngine();
}

// `on`, not `once`: a second signal (a group signal relayed by a wrapper, or a second Ctrl-C) finds the clean-up already
// running instead of ending the process half way through it. Run it with `node --import tsx` (as scripts/test.mjs does):
// the tsx command SIGKILLs a child that is inside a synchronous call when a signal comes.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (cleaning) return;
    log(`${signal}: cleaning up`);
    void cleanUp().finally(() => process.exit(1));
  });
}

try {
  await main();
  await stopEngine();
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`\n=== compose smoke test failed: ${message}`);
  await cleanUp();
  // Again after the containers' logs, so the end of the output (all a CI summary may keep) says what failed.
  console.error(`\n=== compose smoke test failed: ${message}`);
  process.exit(1);
}
