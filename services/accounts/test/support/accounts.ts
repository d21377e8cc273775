import { expect, vi } from 'vitest';
import { authMessages, confirmEmailPath, registrationRequestedTopic, staffSessionCookieName, type Customer, type ImportJob, type RegistrationRequested } from '@repo/contracts';
import { publishedEffects } from '@repo/service-kit/testing';
import { serviceProSandboxCredentials } from '@repo/field-service/sandbox';
import { createTestService, type TestService } from '@repo/service-kit/test-service';
import type { AccountsDatabase } from '../../src/db/schema.ts';
import { accountsService } from '../../src/definition.ts';

/** What the service tests share: the first administrator, a test clock, sign-in and token helpers. */

export type AccountsTestService = TestService<AccountsDatabase>;

/** The first administrator every test service makes from ADMIN_EMAIL/ADMIN_PASSWORD. */
export const admin = { email: 'owner@example.com', password: 'a-long-admin-password' };

export type TestClock = { now: () => Date; advance: (ms: number) => void };

export function testClock(start = '2026-12-01T15:00:00Z'): TestClock {
  let at = new Date(start).getTime();
  return {
    now: () => new Date(at),
    advance: (ms) => {
      at += ms;
    },
  };
}

/** Accounts on its own test database, with the first administrator, and sign-in attempts and registrations unthrottled per client. */
export function startAccounts(env: Record<string, string> = {}, clock?: TestClock): Promise<AccountsTestService> {
  return createTestService(
    accountsService,
    { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, LOGIN_RATE_LIMIT_MAX: '1000', REGISTRATION_CLIENT_MAX: '1000', ...env },
    clock ? { now: clock.now } : undefined,
  );
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
export const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
/** What a call with an ended session gets. */
export const ended = { error: { code: 'UNAUTHORIZED', message: authMessages.sessionEnded } };

/** A back-office sign-in through POST /api/admin/login: the token, who it is, and the cookie it set. */
export async function signInBackOffice(service: AccountsTestService, credentials: { email: string; password: string }) {
  const response = await service.app.inject({ method: 'POST', url: '/api/admin/login', payload: credentials });
  expect(response.statusCode).toBe(200);
  const cookie = response.cookies.find((c) => c.name === staffSessionCookieName)!;
  return { token: response.json().token as string, user: response.json().user, cookie };
}

/** What accounts published for registrations of `email` (any letter case), oldest first: what the emails sent carry. */
export async function registrationsPublished(service: AccountsTestService, email: string): Promise<RegistrationRequested[]> {
  const published = await publishedEffects<RegistrationRequested>(service.database, registrationRequestedTopic);
  return published.filter((effect) => effect.email.toLowerCase() === email.trim().toLowerCase());
}

/** The token of the newest confirmation link emailed to `email`, as the customer finds it in their inbox. */
export async function confirmationToken(service: AccountsTestService, email: string): Promise<string> {
  const proof = (await registrationsPublished(service, email)).filter((effect) => effect.purpose === 'email-proof').at(-1);
  expect(proof, `no confirmation link for ${email}`).toBeDefined();
  return (proof as Extract<RegistrationRequested, { purpose: 'email-proof' }>).token;
}

let registered = 0;
/** Each registration from a client address of its own, so no per-client bucket of a test's service answers for it. */
const registrationAddress = addressesFrom(250);
/**
 * A portal customer as registration makes one: POST /api/auth/register, then the emailed link's token (read from
 * the published effect) and the same password to POST /api/auth/confirm-email. Each gets its own email unless one is
 * given. Answers the session the confirmation started and the account as the customer sees it.
 */
export async function registerCustomer(
  service: AccountsTestService,
  details: Partial<{ firstName: string; lastName: string; email: string; phone: string; password: string }> = {},
) {
  registered += 1;
  const password = details.password ?? 'kettle-harbor-42';
  const payload = { firstName: 'Avery', lastName: 'Cole', email: `customer${registered}@example.com`, phone: '(904) 555-0199', ...details, password, confirmPassword: password };
  const remoteAddress = registrationAddress();
  const response = await service.app.inject({ method: 'POST', url: '/api/auth/register', payload, remoteAddress });
  expect(response.statusCode, response.body).toBe(202);
  const confirmed = await service.app.inject({ method: 'POST', url: confirmEmailPath, payload: { token: await confirmationToken(service, payload.email), password }, remoteAddress });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const token = confirmed.json().token as string;
  const customer = (await service.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(token) })).json() as Customer;
  return { email: payload.email, password, customer, token };
}

/**
 * Marks a customer's phone or email as proven, as the texted code (phone-code.test.ts) or an emailed link does in the
 * product, for tests about what follows from a proof.
 */
export async function proveContact(service: AccountsTestService, email: string, contact: 'email' | 'phone'): Promise<void> {
  const column = contact === 'email' ? 'email_verified_at' : 'phone_verified_at';
  const proven = await service.db.updateTable('customers').set({ [column]: new Date() }).where('email', '=', email).executeTakeFirst();
  expect(Number(proven.numUpdatedRows)).toBe(1);
}

/**
 * Makes a customer's email unproven again: an account as registration made them before it asked for proof, whose
 * email is only a claim (accounts from then keep `email_verified_at` null until a reset link proves it).
 */
export async function forgetEmailProof(service: AccountsTestService, email: string): Promise<void> {
  const changed = await service.db.updateTable('customers').set({ email_verified_at: null }).where('email', '=', email).executeTakeFirst();
  expect(Number(changed.numUpdatedRows)).toBe(1);
}

/** Accounts' environment for a ServicePro sandbox (server credentials as configuration gives them); `overrides` wins. */
export function serviceProEnv(sandboxUrl: string, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    FIELD_SERVICE_SYSTEM: 'servicepro',
    FIELD_SERVICE_SANDBOX: 'true',
    SERVICEPRO_API_URL: sandboxUrl,
    SERVICEPRO_COMPANY: serviceProSandboxCredentials.company,
    SERVICEPRO_USERNAME: serviceProSandboxCredentials.username,
    SERVICEPRO_PASSWORD: serviceProSandboxCredentials.password,
    ...overrides,
  };
}

/** Polls an import job as the back office's page does, until it is no longer running; what each poll showed too. */
export async function waitForImport(service: AccountsTestService, headers: Record<string, string>, id: number, timeoutMs = 120_000) {
  const seen: ImportJob[] = [];
  const job = await vi.waitFor(
    async () => {
      const response = await service.app.inject({ method: 'GET', url: `/api/admin/import-jobs/${id}`, headers });
      expect(response.statusCode).toBe(200);
      const current = response.json() as ImportJob;
      seen.push(current);
      if (current.status === 'running') throw new Error(`import ${id} still running: ${JSON.stringify(current)}`);
      return current;
    },
    { timeout: timeoutMs, interval: 25 },
  );
  return { job, seen };
}

/**
 * Client addresses each used once, under `10.<block>.x.y`, so the per-client sign-in bucket never answers for what a
 * test is about. Each test file takes its own block.
 */
export function addressesFrom(block: number): () => string {
  let used = 0;
  return () => {
    used += 1;
    return `10.${block}.${Math.floor(used / 250)}.${(used % 250) + 1}`;
  };
}

/**
 * Everyone but an administrator, with the status an administrators-only route answers them: 401 signed out, 403 for a
 * customer (registered here), a technician and staff.
 */
export async function nonAdministrators(service: AccountsTestService): Promise<[string, Record<string, string>, number][]> {
  const customer = await registerCustomer(service);
  const customerToken = (await service.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: customer.email, password: customer.password } })).json().token as string;
  return [
    ['anonymous', {}, 401],
    ['customer', bearer(customerToken), 403],
    ['technician', { authorization: service.bearer({ sub: 'staff:50', role: 'technician', technicianId: 'tech_1' }) }, 403],
    ['staff', { authorization: service.bearer({ sub: 'staff:51', role: 'staff', email: 'desk@example.com' }) }, 403],
  ];
}
