import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldServiceHistoryMessages, serviceSystemDescriptors, systemImportMessages } from '@repo/contracts';
import {
  serviceProIdOf,
  serviceProSandboxCredentials,
  startServiceProSandbox,
  startSandboxes,
  type RunningSandbox,
  type RunningSandboxes,
} from '@repo/field-service/sandbox';
import { expectApiError, type TestService } from '@repo/service-kit/test-service';
import type { BookingDatabase } from '../src/db/schema.ts';
import { buildBooking, staffClaims, testClock } from './helpers.ts';
import { probeSecrets, probeStatuses } from './support/probe-requests.ts';
import { startAccountsForBooking, type AccountsForBooking } from './support/accounts-service.ts';
import { sandboxUrlsEnv } from './support/sandbox-env.ts';

/**
 * The customer's import of their past visits from the business's field-service systems, against the real local
 * sandboxes (each speaking its system's protocol). Booking holds no connection: it asks a real accounts service, which
 * keeps them (the sandbox credentials in its environment; for ServicePro, the settings an administrator saved in the
 * back office, pointing at a sandbox of its own so failures can be injected into it) and makes the calls.
 */
let sandboxes: RunningSandboxes;
let servicePro: RunningSandbox;
let service: TestService<BookingDatabase>;
let accounts: AccountsForBooking;
/** A business that has connected Jobber only, with an access token Jobber refuses. */
let jobberOnly: TestService<BookingDatabase>;
let jobberOnlyAccounts: AccountsForBooking;
/** A booking whose accounts service does not answer. */
let withoutAccounts: TestService<BookingDatabase>;

beforeAll(async () => {
  sandboxes = await startSandboxes({ customers: 12 });
  servicePro = await startServiceProSandbox({ customers: 12 });
  const now = testClock(new Date().toISOString()).now;
  accounts = await startAccountsForBooking(sandboxes.env);
  const { company, username, password } = serviceProSandboxCredentials;
  await accounts.saveSettings('servicepro', { apiUrl: servicePro.url, company, username, password });
  jobberOnlyAccounts = await startAccountsForBooking({ ...sandboxUrlsEnv(sandboxes), JOBBER_API_KEY: 'not-a-token' });
  service = await buildBooking(now, { PEER_URLS: accounts.peerUrls });
  jobberOnly = await buildBooking(now, { PEER_URLS: jobberOnlyAccounts.peerUrls });
  // Test services' peers, accounts included, are on the discard port, where nothing answers.
  withoutAccounts = await buildBooking(now);
}, 120_000);

afterAll(async () => {
  await service?.close();
  await jobberOnly?.close();
  await withoutAccounts?.close();
  await accounts?.close();
  await jobberOnlyAccounts?.close();
  await servicePro?.close();
  await sandboxes?.close();
});

const demoEmail = 'demo@example.com';
/** A customer's session; their email is proven unless `emailVerified` is false. */
const as = (customerId: number, email = demoEmail, emailVerified = true, on: TestService<BookingDatabase> = service) => ({
  authorization: on.bearer({ sub: `customer:${customerId}`, role: 'customer', customerId, email, ...(emailVerified ? { emailVerified } : {}) }),
});
const importFrom = (payload: unknown, headers: Record<string, string> = {}, on: TestService<BookingDatabase> = service) =>
  on.app.inject({ method: 'POST', url: '/api/customer/import-from-system', payload: JSON.stringify(payload), headers: { 'content-type': 'application/json', ...headers } });
const rows = async (customerId: number) => ({
  serviceRequests: (await service.db.selectFrom('service_requests').select('id').where('customer_id', '=', customerId).execute()).length,
  appointments: (await service.db.selectFrom('appointments').select('id').where('customer_id', '=', customerId).execute()).length,
});

describe('GET /api/service-systems', () => {
  it('lists the systems the business has connected, to anyone, with no credential names and no sandbox wording', async () => {
    const response = await service.app.inject({ method: 'GET', url: '/api/service-systems' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(serviceSystemDescriptors);
    expect(response.json().map((system: object) => Object.keys(system).sort())).toEqual(serviceSystemDescriptors.map(() => ['description', 'id', 'name']));
    expect(response.body).not.toMatch(/sandbox|credential|secret|password|key/i);
  });

  it('leaves out a system the business has not connected, as accounts says', async () => {
    const response = await jobberOnly.app.inject({ method: 'GET', url: '/api/service-systems' });
    expect(response.json().map((system: { id: string }) => system.id)).toEqual(['jobber']);
  });

  it('offers no system while accounts, which keeps the connections, cannot be asked', async () => {
    const response = await withoutAccounts.app.inject({ method: 'GET', url: '/api/service-systems' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });
});

describe('POST /api/customer/import-from-system: who may import', () => {
  it('is for a signed-in customer only, checked before the body', async () => {
    expectApiError(await importFrom({ nonsense: true }), 401, 'UNAUTHORIZED');
    expectApiError(await importFrom({ systemName: '' }), 401, 'UNAUTHORIZED');
    expectApiError(await importFrom({ nonsense: true }, { authorization: service.bearer(staffClaims()) }), 403, 'FORBIDDEN');
  });

  it('refuses a customer whose email is not proven, without asking any system: a typed email is anyone\'s claim', async () => {
    servicePro.clearLog();
    for (const system of ['servicepro', 'servicetitan', 'jobber'] as const) {
      const response = await importFrom({ systemName: system }, as(45, demoEmail, false));
      expectApiError(response, 403, 'FORBIDDEN');
      expect(response.json().error.message).toBe(systemImportMessages.emailNotConfirmed);
    }
    expect(servicePro.requests).toEqual([]);
    expect(await rows(45)).toEqual({ serviceRequests: 0, appointments: 0 });
  });
});

describe('POST /api/customer/import-from-system: what it checks first', () => {
  it('asks for a system with a message beside the field', async () => {
    for (const systemName of ['', 'salesforce', undefined, 42]) {
      expectApiError(await importFrom({ systemName }, as(40)), 400, 'VALIDATION_ERROR', { systemName: 'Please select a service management system' });
    }
  });

  it('refuses credentials and a record id, whatever they hold, naming the field and storing nothing', async () => {
    for (const credentials of [{}, { apiKey: 'token' }, sandboxes.credentials.servicepro, 'token', null]) {
      const response = await importFrom({ systemName: 'servicepro', credentials }, as(41));
      expectApiError(response, 400, 'VALIDATION_ERROR', { credentials: expect.stringContaining('No credentials are needed') });
    }
    expectApiError(await importFrom({ systemName: 'servicepro', customerId: serviceProIdOf(0) }, as(41)), 400, 'VALIDATION_ERROR', {
      customerId: expect.stringContaining('found by your confirmed email'),
    });
    expectApiError(await importFrom({ systemName: 'servicepro', tenant: '..' }, as(41)), 400, 'VALIDATION_ERROR');
    expect(await rows(41)).toEqual({ serviceRequests: 0, appointments: 0 });
  });

  it('answers 404 on the system for one the business has not connected', async () => {
    const message = systemImportMessages.notConnected('ServicePro');
    expectApiError(await importFrom({ systemName: 'servicepro' }, as(42, demoEmail, true, jobberOnly), jobberOnly), 404, 'NOT_FOUND', { systemName: message });
  });
});

describe('POST /api/customer/import-from-system: importing from each sandbox', () => {
  it.each([
    ['servicepro', 51],
    ['servicetitan', 52],
    ['jobber', 53],
  ] as const)('imports the demo customer\'s two past visits from %s as their service requests and appointments, naming the upcoming one left out', async (system, customerId) => {
    const response = await importFrom({ systemName: system }, as(customerId));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      imported: { serviceRequests: 2, appointments: 2 },
      alreadyPresent: { serviceRequests: 0, appointments: 0 },
      message: 'Imported 2 service requests and 2 appointments. 1 visit could not be imported.',
      notImported: [expect.stringMatching(/^Visit \S+: not finished yet \(scheduled\); only past visits are brought in$/)],
    });
    // The visits as the portal lists them: the past two completed with their cost, the upcoming one scheduled.
    const appointments = (await service.app.inject({ method: 'GET', url: '/api/customer/appointments', headers: as(customerId) })).json();
    expect(appointments).toHaveLength(2);
    const byDate = Object.fromEntries(appointments.map((appointment: { appointmentDate: string }) => [appointment.appointmentDate, appointment]));
    // 2024-03-05 14:00 UTC is 09:00 in St Augustine (EST); 2024-10-15 17:00 UTC is 13:00 (EDT).
    expect(byDate['2024-03-05']).toMatchObject({
      customerId,
      customerName: 'Dana Whitfield',
      email: demoEmail,
      timeSlot: '09:00-10:00',
      status: 'completed',
      totalCost: '289.00',
      serviceType: 'Repair',
      city: 'St Augustine',
      state: 'FL',
      zipCode: '32084',
    });
    expect(byDate['2024-10-15']).toMatchObject({ timeSlot: '13:00-14:00', status: 'completed', totalCost: '149.50', serviceType: 'Maintenance' });
    // The upcoming visit stays in the system it is planned in: nothing open enters the office's schedule.
    expect(appointments.filter((appointment: { status: string }) => appointment.status !== 'completed')).toEqual([]);
    const requests = (await service.app.inject({ method: 'GET', url: '/api/customer/service-requests', headers: as(customerId) })).json();
    expect(requests).toHaveLength(2);
    expect(requests.find((request: { completedAt: string | null }) => request.completedAt === '2024-03-05T15:00:00.000Z')).toMatchObject({
      firstName: 'Dana',
      lastName: 'Whitfield',
      status: 'completed',
      technicianNotes: expect.stringContaining('Replaced defrost heater.'),
    });
    // Each row says where it came from; none is keyed by content like pasted history.
    const stored = await service.db.selectFrom('appointments').select(['source_system', 'external_id', 'import_key', 'holds_slot_place']).where('customer_id', '=', customerId).execute();
    expect(stored.every((row) => row.source_system === system && row.external_id && row.import_key === null && !row.holds_slot_place)).toBe(true);
  });

  it('adds nothing the second time, counting what is already there', async () => {
    const before = await rows(51);
    const again = await importFrom({ systemName: 'servicepro' }, as(51));
    expect(again.json()).toEqual({
      imported: { serviceRequests: 0, appointments: 0 },
      alreadyPresent: { serviceRequests: 2, appointments: 2 },
      message: 'Everything in this history was already imported; nothing new was added. 1 visit could not be imported.',
      notImported: [expect.stringContaining('not finished yet')],
    });
    expect(await rows(51)).toEqual(before);
  });

  it('keeps a visit that several systems hold once, recording where each copy came from; importing a copy again adds nothing', async () => {
    expect((await importFrom({ systemName: 'servicepro' }, as(59))).json().imported).toEqual({ serviceRequests: 2, appointments: 2 });
    for (const system of ['servicetitan', 'jobber'] as const) {
      const answer = await importFrom({ systemName: system }, as(59));
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toMatchObject({
        imported: { serviceRequests: 2, appointments: 0 },
        alreadyPresent: { serviceRequests: 0, appointments: 2 },
        message: 'Imported 2 service requests and 0 appointments. 2 visits were already in your history from another record, and kept once. 1 visit could not be imported.',
      });
    }
    const appointments = (await service.app.inject({ method: 'GET', url: '/api/customer/appointments', headers: as(59) })).json();
    expect(appointments.map((appointment: { appointmentDate: string }) => appointment.appointmentDate).sort()).toEqual(['2024-03-05', '2024-10-15']);
    const copies = await service.db
      .selectFrom('appointment_copies as c')
      .innerJoin('appointments as a', 'a.id', 'c.appointment_id')
      .select(['a.appointment_date', 'a.source_system as kept', 'c.source_system as copy'])
      .where('c.customer_id', '=', 59)
      .orderBy('a.appointment_date')
      .orderBy('c.source_system')
      .execute();
    expect(copies).toEqual([
      { appointment_date: '2024-03-05', kept: 'servicepro', copy: 'jobber' },
      { appointment_date: '2024-03-05', kept: 'servicepro', copy: 'servicetitan' },
      { appointment_date: '2024-10-15', kept: 'servicepro', copy: 'jobber' },
      { appointment_date: '2024-10-15', kept: 'servicepro', copy: 'servicetitan' },
    ]);
    const again = await importFrom({ systemName: 'jobber' }, as(59));
    expect(again.json()).toMatchObject({ imported: { serviceRequests: 0, appointments: 0 }, alreadyPresent: { serviceRequests: 2, appointments: 2 } });
    expect(again.json().message).toMatch(/^Everything in this history was already imported; nothing new was added\./);
  });

  it('matches the proven email in any letter case', async () => {
    const response = await importFrom({ systemName: 'servicepro' }, as(54, 'DEMO@example.com'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().imported).toEqual({ serviceRequests: 2, appointments: 2 });
  });

  it('reads ServicePro through the connection the administrator saved in the back office, not accounts\' environment default', async () => {
    servicePro.clearLog();
    const response = await importFrom({ systemName: 'servicepro' }, as(57));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().imported).toEqual({ serviceRequests: 2, appointments: 2 });
    expect(servicePro.requests.map((request) => request.status).filter((status) => status === 200).length).toBeGreaterThan(0);
  });

  it('answers 404 when no record has the signed-in customer\'s email', async () => {
    const response = await importFrom({ systemName: 'servicetitan' }, as(56, 'nobody@example.com'));
    expectApiError(response, 404, 'NOT_FOUND');
    expect(response.json().error.message).toBe(systemImportMessages.noRecordWithEmail('ServiceTitan', 'nobody@example.com'));
  });
});

describe('POST /api/customer/import-from-system: when a system says no or fails', () => {
  it('answers 502 with a try-again message when the system refuses the business\'s own sign-in, storing nothing', async () => {
    const response = await importFrom({ systemName: 'jobber' }, as(60, demoEmail, true, jobberOnly), jobberOnly);
    expectApiError(response, 502, 'UPSTREAM_ERROR');
    expect(response.json().error.message).toBe(systemImportMessages.unavailable('Jobber'));
    expect(response.body).not.toContain('not-a-token');
    // Accounts made the call with the token it keeps, and noted for the back office that Jobber refused it.
    const connection = await jobberOnlyAccounts.service.db.selectFrom('jobber_connections').select('last_error').executeTakeFirst();
    expect(connection?.last_error).toMatch(/^Jobber refused the access token/);
  });

  it('answers 503 with a try-again message when accounts cannot be asked, storing nothing', async () => {
    const response = await importFrom({ systemName: 'servicepro' }, as(64, demoEmail, true, withoutAccounts), withoutAccounts);
    expectApiError(response, 503, 'SERVICE_UNAVAILABLE');
    expect(response.json().error.message).toBe(fieldServiceHistoryMessages.accountsUnavailable('ServicePro'));
    expect(await withoutAccounts.db.selectFrom('appointments').select('id').where('customer_id', '=', 64).execute()).toEqual([]);
  });

  /**
   * Fails every attempt of one call: a connector tries a call 5 times (4 retries, its default) before it gives up.
   * The sandbox's log proves the fault was used up, so it cannot leak into the next test.
   */
  async function failingEveryAttempt<T>(status: 429 | 500 | 503, call: () => Promise<T>, path?: RegExp): Promise<T> {
    const attempts = 5;
    servicePro.clearLog();
    servicePro.injectFault({ status, times: attempts, retryAfter: 0, ...(path ? { path } : {}) });
    const answer = await call();
    expect(servicePro.requests.filter((request) => request.status === status)).toHaveLength(attempts);
    return answer;
  }

  it('answers 502 with a try-again message when the system keeps failing, 503 when it keeps limiting, and stores nothing', async () => {
    const importAs61 = () => importFrom({ systemName: 'servicepro' }, as(61));
    const failing = await failingEveryAttempt(503, importAs61);
    expectApiError(failing, 502, 'UPSTREAM_ERROR');
    expect(failing.json().error.message).toBe(systemImportMessages.unavailable('ServicePro'));
    const limited = await failingEveryAttempt(429, importAs61);
    expectApiError(limited, 503, 'SERVICE_UNAVAILABLE');
    expect(limited.json().error.message).toBe(systemImportMessages.rateLimited('ServicePro'));
    expect(await rows(61)).toEqual({ serviceRequests: 0, appointments: 0 });
  });

  it('imports nothing when the failure comes after the customer was found (while reading the visits)', async () => {
    const importAs62 = () => importFrom({ systemName: 'servicepro' }, as(62));
    const response = await failingEveryAttempt(500, importAs62, /\/service-history/);
    expectApiError(response, 502, 'UPSTREAM_ERROR');
    expect(response.json().error.message).toBe(systemImportMessages.unavailable('ServicePro'));
    expect(await rows(62)).toEqual({ serviceRequests: 0, appointments: 0 });
    // Once the system answers again the import goes through.
    const later = await importFrom({ systemName: 'servicepro' }, as(62));
    expect(later.json().imported).toEqual({ serviceRequests: 2, appointments: 2 });
  });

  it('answers 502 when the system answers in a shape it does not document', async () => {
    servicePro.setMalformed({ kind: 'shape' });
    try {
      const response = await importFrom({ systemName: 'servicepro' }, as(63));
      expectApiError(response, 502, 'UPSTREAM_ERROR');
      expect(response.json().error.message).toBe(systemImportMessages.malformed('ServicePro'));
    } finally {
      servicePro.setMalformed(undefined);
    }
    expect(await rows(63)).toEqual({ serviceRequests: 0, appointments: 0 });
  });
});

describe('POST /api/customer/import-from-system: rate limit', () => {
  it('takes at most 10 imports per customer in 10 minutes, then 429, while other customers carry on', async () => {
    // Each attempt asks ServiceTitan for records of an email it does not have: a quick 404.
    const attempt = (customerId: number) => importFrom({ systemName: 'servicetitan' }, as(customerId, `nobody.${customerId}@example.com`));
    for (let i = 0; i < 10; i += 1) expect((await attempt(70)).statusCode).toBe(404);
    const limited = await attempt(70);
    expectApiError(limited, 429, 'RATE_LIMITED');
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await attempt(71)).statusCode).toBe(404);
  });
});

describe('POST /api/customer/import-from-system: the log', () => {
  it('never holds a credential, the business\'s or one a customer sent anyway, whatever the answer, at the most detailed log level', async () => {
    const serviceDir = path.resolve(import.meta.dirname, '..');
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/import-log-probe.ts'], { cwd: serviceDir, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code, output).toBe(0);
    expect(output).toContain(`probe-statuses ${JSON.stringify(probeStatuses)}`);
    // The log is there and says what happened: each request, the imports and the failure.
    const lines = output.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as { msg?: string; req?: { url?: string } });
    expect(lines.filter((line) => line.req?.url === '/api/customer/import-from-system')).toHaveLength(probeStatuses.length);
    expect(lines.filter((line) => line.msg === 'history imported from a field-service system')).toHaveLength(3);
    expect(lines.filter((line) => line.msg === 'field-service import failed')).toHaveLength(1);
    for (const secret of probeSecrets) expect(output, `the log holds ${secret}`).not.toContain(secret);
  }, 120_000);
});
