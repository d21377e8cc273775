import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountEmailConfirmPath, confirmEmailPath, passwordResetCompletePath, passwordResetPath, signInLinkCompletePath, signInLinkPath, staffAccountsPath, technicianAccountsPath, unsafeTextMessages } from '@repo/contracts';
import { anonymousHostileRequests, hostileIds, malformedJsonBodies, expectRefused as refused, unsafeTexts } from '@repo/service-kit/test-service';
import { addressesFrom, startAccounts, type AccountsTestService } from './support/accounts.ts';

let service: AccountsTestService;
beforeAll(async () => {
  service = await startAccounts();
});
afterAll(async () => {
  await service?.close();
});

/** Each request from its own client address, so the per-client sign-in bucket never answers for the input. */
const newAddress = addressesFrom(30);

type Request = { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: unknown; as?: 'admin'; raw?: string };

/** Sends a hostile request (as an administrator when `as` says so) from a new client and proves it was refused, nothing stored changed. */
const expectRefused = ({ as, ...request }: Request, status: number, code: string, fields?: unknown) =>
  refused(
    service,
    { ...request, remoteAddress: newAddress(), authorization: as ? service.bearer({ sub: 'admin:1', role: 'admin', email: 'owner@example.com' }) : undefined },
    status,
    code,
    fields,
  );

const registration = { firstName: 'Rae', lastName: 'Lin', email: 'rae@example.com', phone: '(904) 555-0101', address: '1 Bay St', password: 'kettle-harbor-42', confirmPassword: 'kettle-harbor-42' };
const staffAccount = { name: 'Dana', email: 'dana@example.com', role: 'staff', password: 'meadow-lantern-2027' };
const resetCompletion = { token: 'A'.repeat(43), password: 'kettle-harbor-42', confirmPassword: 'kettle-harbor-42' };
const emailConfirmation = { token: 'A'.repeat(43), password: 'kettle-harbor-42' };
const technicianAccount = { technicianId: 'tech_mike', name: 'Mike', email: 'mike@example.com', password: 'meadow-lantern-2027' };

describe('hostile input to accounts: a 4xx in the error shape, and nothing stored changes', () => {
  const idCases = hostileIds.flatMap((id) => [
    [`PUT ${staffAccountsPath}/${id}/password`, { method: 'PUT', url: `${staffAccountsPath}/${id}/password`, payload: { password: 'meadow-lantern-2027' }, as: 'admin' }, 'Staff id'],
    [`GET /api/admin/import-jobs/${id}`, { method: 'GET', url: `/api/admin/import-jobs/${id}`, as: 'admin' }, 'Import id'],
  ] as const);
  it.each(idCases)('%s: 400 naming the id', async (_name, request, label) => {
    if (request.url.includes('%C0%80')) {
      await expectRefused(request, 400, 'BAD_REQUEST');
      return;
    }
    const message = request.url.includes('%00') ? unsafeTextMessages.nul : `${label} must be a whole number from 1 to 2147483647`;
    await expectRefused(request, 400, 'VALIDATION_ERROR', { 'params.id': message });
  });

  it('reads a well-formed id that names nothing as not found', async () => {
    await expectRefused({ method: 'PUT', url: `${staffAccountsPath}/2147483647/password`, payload: { password: 'meadow-lantern-2027' }, as: 'admin' }, 404, 'NOT_FOUND');
    await expectRefused({ method: 'GET', url: '/api/admin/import-jobs/2147483647', as: 'admin' }, 404, 'NOT_FOUND');
  });

  const textCases = unsafeTexts.flatMap((text) => {
    const message = text.includes('\u0000') ? unsafeTextMessages.nul : unsafeTextMessages.brokenCharacter;
    const cases: [string, Request, string][] = [
      ...Object.keys(registration).map((field): [string, Request, string] => [`registration ${field}`, { method: 'POST', url: '/api/auth/register', payload: { ...registration, [field]: text } }, field]),
      ...['email', 'password'].map((field): [string, Request, string] => [`login ${field}`, { method: 'POST', url: '/api/auth/login', payload: { email: 'rae@example.com', password: 'x', [field]: text } }, field]),
      ...['email', 'password'].map((field): [string, Request, string] => [`admin login ${field}`, { method: 'POST', url: '/api/admin/login', payload: { email: 'owner@example.com', password: 'x', [field]: text } }, field]),
      ...Object.keys(staffAccount).map((field): [string, Request, string] => [`staff account ${field}`, { method: 'POST', url: staffAccountsPath, payload: { ...staffAccount, [field]: text }, as: 'admin' }, field]),
      ...Object.keys(technicianAccount).map((field): [string, Request, string] => [`technician account ${field}`, { method: 'POST', url: technicianAccountsPath, payload: { ...technicianAccount, [field]: text }, as: 'admin' }, field]),
      ['password reset request', { method: 'POST', url: passwordResetPath, payload: { email: text } }, 'email'],
      ...Object.keys(emailConfirmation).map((field): [string, Request, string] => [`email confirmation ${field}`, { method: 'POST', url: confirmEmailPath, payload: { ...emailConfirmation, [field]: text } }, field]),
      ...Object.keys(resetCompletion).map((field): [string, Request, string] => [`password reset ${field}`, { method: 'POST', url: passwordResetCompletePath, payload: { ...resetCompletion, [field]: text } }, field]),
      ['phone lookup', { method: 'POST', url: '/api/admin/lookup-customer-phone', payload: { phone: text }, as: 'admin' }, 'phone'],
    ];
    return cases.map(([name, request, field]) => [`${JSON.stringify(text)} in ${name}`, request, field, message] as const);
  });
  it.each(textCases)('%s: 400 naming the field', async (_name, request, field, message) => {
    await expectRefused(request, 400, 'VALIDATION_ERROR', { [field]: message });
  });

  it.each([
    ['a technician id in the path', `${technicianAccountsPath}/tech%00/password`, 'PUT', 'params.technicianId'],
    ['a customer search', '/api/admin/customers?q=ab%00', 'GET', 'querystring.q'],
    ['an imported customer search', '/api/admin/servicepro-customers?q=%00', 'GET', 'querystring.q'],
  ] as const)('NUL in %s: 400 naming it', async (_name, url, method, field) => {
    await expectRefused({ method, url, payload: method === 'PUT' ? { password: 'meadow-lantern-2027' } : undefined, as: 'admin' }, 400, 'VALIDATION_ERROR', { [field]: unsafeTextMessages.nul });
  });

  it.each(['1e3', '-1', '0x10', '%201', '99999999999999999999', ''])('paging the customer lists with %j: 400', async (value) => {
    await expectRefused({ method: 'GET', url: `/api/admin/customers?page=${value}&pageSize=${value}`, as: 'admin' }, 400, 'VALIDATION_ERROR');
  });

  const bodyRoutes: Request[] = [
    { method: 'POST', url: '/api/auth/register' },
    { method: 'POST', url: '/api/auth/login' },
    { method: 'POST', url: '/api/admin/login' },
    { method: 'POST', url: passwordResetPath },
    { method: 'POST', url: passwordResetCompletePath },
    { method: 'POST', url: signInLinkPath },
    { method: 'POST', url: signInLinkCompletePath },
    { method: 'POST', url: confirmEmailPath },
    { method: 'POST', url: staffAccountsPath, as: 'admin' },
    { method: 'PUT', url: `${staffAccountsPath}/1/password`, as: 'admin' },
    { method: 'POST', url: technicianAccountsPath, as: 'admin' },
    { method: 'POST', url: '/api/admin/lookup-customer-phone', as: 'admin' },
  ];
  const jsonCases = malformedJsonBodies.flatMap((raw) => bodyRoutes.map((request) => [`${JSON.stringify(raw)} to ${request.method} ${request.url}`, { ...request, raw }] as const));
  it.each(jsonCases)('malformed JSON %s: 400', async (_name, request) => {
    await expectRefused(request, 400, 'BAD_REQUEST');
  });

  it('asks every route that needs a session for one before it reads anything else', async () => {
    const answers = await anonymousHostileRequests(service.app);
    // Open to visitors: sign-in, registration and its confirmation, password reset and sign-in links (refusing what they were sent), logout,
    // and the session probes.
    const open = new Set(['POST /api/auth/register', `POST ${confirmEmailPath}`, 'POST /api/auth/login', 'POST /api/admin/login', `POST ${passwordResetPath}`, `POST ${passwordResetCompletePath}`, `POST ${signInLinkPath}`, `POST ${signInLinkCompletePath}`, `POST ${accountEmailConfirmPath}`, 'POST /api/auth/logout', 'POST /api/admin/logout', 'GET /api/auth/session', 'GET /api/admin/session', 'GET /healthz', 'GET /readyz']);
    for (const { route, status, body } of answers) {
      const name = `${route.method} ${route.url.replaceAll('%00', ':id')}`;
      if (open.has(name)) expect([200, 400], `${name}: ${body}`).toContain(status);
      else expect(status, `${name}: ${body}`).toBe(401);
    }
    expect(answers.filter((answer) => answer.status === 401).length).toBeGreaterThanOrEqual(12);
  });
});
