/**
 * `pnpm start`: builds the apps and services, then runs every service on an embedded PGlite database under ./data
 * with demo data, behind one gateway. Ctrl-C stops everything; data survives a restart.
 *
 * Environment: WEB_PORT, PORTAL_PORT, BACKOFFICE_PORT (8080-8082), BOOKING_PORT, ACCOUNTS_PORT, TRACKING_PORT,
 * PAYMENTS_PORT, NOTIFICATIONS_PORT (3001-3005), DATA_DIR (./data), GATEWAY=local|nginx (local), SKIP_BUILD=1 to reuse the last build,
 * ADMIN_EMAIL and ADMIN_PASSWORD (an administrator of your own instead of the demo one), FIELD_SERVICE_SYSTEM
 * (servicepro, servicetitan or jobber: the sandbox the back office imports from; servicepro) and
 * FIELD_SERVICE_SANDBOX=false to start no sandboxes and use the field-service settings of the environment instead,
 * MAIL_SMTP_PORT and MAIL_WEB_PORT (1025, 1080: the mail catcher that takes every email the system sends), SMS_WEB_PORT
 * (1081: the Twilio stand-in that takes every text), OBJECT_STORE_PORT (1082: the local S3-compatible store that keeps
 * the photos, under DATA_DIR/object-store).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { appNames, defaultLocalAppPorts, defaultServicePorts, serviceNames, serviceSystemIds, type AppName, type ServiceName } from '@repo/contracts';
import { EnvError, generateSigningKeys, type SigningKeys } from '@repo/service-kit';
import { localOrigins, startStack } from './stack.ts';
import { startAdministrator, type StartAdministrator } from './start-administrator.ts';

const appDefaults = defaultLocalAppPorts;

function port(name: string, fallback: number): number {
  const value = process.env[name];
  if (!value) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1 || parsed > 65535) {
    console.error(`${name} must be a port number between 1 and 65535 (got "${value}").`);
    process.exit(1);
  }
  return parsed;
}

const appPorts = Object.fromEntries(appNames.map((app) => [app, port(`${app.toUpperCase()}_PORT`, appDefaults[app])])) as Record<AppName, number>;
const servicePorts = Object.fromEntries(serviceNames.map((s) => [s, port(`${s.toUpperCase()}_PORT`, defaultServicePorts[s])])) as Record<ServiceName, number>;
const origins = localOrigins(appPorts);
const dataDir = path.resolve(process.env.DATA_DIR || 'data');
const gateway = process.env.GATEWAY === 'nginx' ? 'nginx' : 'local';
// The field-service sandboxes run unless asked not to; the system the back office imports from may be chosen.
const sandboxes = process.env.FIELD_SERVICE_SANDBOX !== 'false';
const fieldServiceSystem = process.env.FIELD_SERVICE_SYSTEM || 'servicepro';
if (!(serviceSystemIds as readonly string[]).includes(fieldServiceSystem)) {
  console.error(`FIELD_SERVICE_SYSTEM must be one of ${serviceSystemIds.join(', ')} (got "${fieldServiceSystem}").`);
  process.exit(1);
}

type Secrets = { signingKeys: SigningKeys; adminPassword: string; technicianPassword: string };

const newPassword = () => randomBytes(12).toString('base64url');

/**
 * Secrets for this machine's embedded system, made once and kept in the git-ignored data folder, so sessions and
 * appointment links survive a restart: accounts' session keys, booking's link keys and the demo passwords. One missing
 * from an older file (the demo technician's password came later) is made and added; one no longer used (the shared
 * JWT secret of old) is dropped.
 */
async function localSecrets(): Promise<Secrets> {
  const file = path.join(dataDir, 'secrets.json');
  const stored = existsSync(file) ? (JSON.parse(await readFile(file, 'utf8')) as Partial<Secrets>) : {};
  const secrets: Secrets = {
    signingKeys: stored.signingKeys ?? generateSigningKeys(),
    adminPassword: stored.adminPassword ?? newPassword(),
    technicianPassword: stored.technicianPassword ?? newPassword(),
  };
  const names = (value: object) => Object.keys(value).sort().join();
  if (names(stored) !== names(secrets)) {
    await mkdir(dataDir, { recursive: true });
    await writeFile(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return secrets;
}

const secrets = await localSecrets();
// Checked before the build, so a mistyped variable fails in a second rather than after the build.
let administrator: StartAdministrator;
try {
  administrator = startAdministrator(process.env, secrets.adminPassword);
} catch (err) {
  if (!(err instanceof EnvError)) throw err;
  console.error(err.message);
  process.exit(1);
}

if (!process.env.SKIP_BUILD) {
  console.log('Building apps and services (cached after the first run)...');
  const build = spawnSync('pnpm', ['exec', 'turbo', 'run', 'build', '--output-logs=errors-only'], {
    stdio: 'inherit',
    env: { ...process.env, VITE_WEB_ORIGIN: origins.web, VITE_PORTAL_ORIGIN: origins.portal, VITE_BACKOFFICE_ORIGIN: origins.backoffice },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

console.log('Starting services on embedded PGlite databases (the first start takes a few seconds)...');
let stack: Awaited<ReturnType<typeof startStack>>;
try {
  stack = await startStack({
    gateway,
    dataDir,
    appPorts,
    servicePorts,
    seed: true,
    sandboxes: sandboxes ? {} : false,
    mailCatcher: { smtpPort: port('MAIL_SMTP_PORT', 1025), webPort: port('MAIL_WEB_PORT', 1080) },
    smsStandIn: { port: port('SMS_WEB_PORT', 1081) },
    objectStore: { port: port('OBJECT_STORE_PORT', 1082) },
    signingKeys: secrets.signingKeys,
    env: {
      NODE_ENV: 'development',
      FIELD_SERVICE_SYSTEM: fieldServiceSystem,
      ADMIN_EMAIL: administrator.email,
      ADMIN_PASSWORD: administrator.password,
      // Tracking drives the demo technician toward the demo customer's appointment of today, so the tracking page moves.
      DEMO_DRIVER: 'true',
      // The demo technician's sign-in to the back office's My jobs (mike@example.com), made once.
      DEMO_TECHNICIAN_PASSWORD: secrets.technicianPassword,
    },
  });
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}

// A password the user chose is theirs to know; only the generated demo one is shown.
const administratorPassword = administrator.fromEnvironment ? 'the ADMIN_PASSWORD you set' : administrator.password;
const customerPassword = process.env.DEMO_CUSTOMER_PASSWORD ? 'the DEMO_CUSTOMER_PASSWORD you set' : 'demo-customer';
const systemNames: Record<string, string> = { servicepro: 'ServicePro', servicetitan: 'ServiceTitan', jobber: 'Jobber' };
const fieldService = stack.sandboxes
  ? `  Sandboxes     local stand-ins for ServicePro, ServiceTitan and Jobber, with demo customers (sign-ins in the
                README); the back office imports from the ${systemNames[fieldServiceSystem]} sandbox
                  ServicePro    ${stack.sandboxes.urls.servicepro.api}
                  ServiceTitan  ${stack.sandboxes.urls.servicetitan.api}
                  Jobber        ${stack.sandboxes.urls.jobber.api}
`
  : `  Field service ${systemNames[fieldServiceSystem]}, as configured in the environment (FIELD_SERVICE_SANDBOX=false)
`;
console.log(`
The system is running (${gateway === 'nginx' ? 'nginx' : 'local'} gateway, data in ${dataDir}):

  Public site   ${stack.urls.web}
  Portal        ${stack.urls.portal}     demo customer: demo@example.com / ${customerPassword}
  Back office   ${stack.urls.backoffice}   administrator: ${administrator.email} / ${administratorPassword}
                technician (My jobs, on a phone): mike@example.com / ${secrets.technicianPassword}
  Mail          ${stack.mail.web}   every email the system sends (booking confirmations and notices) lands
                here, nothing leaves the machine; SMTP on 127.0.0.1:${stack.mail.smtpPort}
  Texts         ${stack.sms?.web}   every SMS the system sends (to customers who ticked the texts consent at
                booking) lands here: a local stand-in for Twilio, nothing leaves the machine
  Photos        ${stack.objectStore.url}   the local S3-compatible object store (bucket ${stack.objectStore.bucket}) that
                browsers upload photos to, files under ${path.join(dataDir, 'object-store')}; it answers only requests
                signed with booking's key pair, made for each start
${fieldService}${administrator.fromEnvironment ? '\nAn administrator created on an earlier start keeps the password it was created with.\n' : ''}
Service logs are in ${path.join(dataDir, 'logs')}. Press Ctrl-C to stop.`);

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping...');
  await stack.stop();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
