import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDateRange, unsafeTextMessages } from '@repo/contracts';
import { anonymousHostileRequests, farDates, malformedJsonBodies, expectRefused as refused, unsafeTexts } from '@repo/service-kit/test-service';
import { startPayments, webhookSecret, type PaymentsTestService } from './helpers.ts';

let service: PaymentsTestService;
let intent: { paymentIntentId: string; clientSecret: string };
beforeAll(async () => {
  service = await startPayments({ STRIPE_WEBHOOK_SECRET: webhookSecret });
  intent = (await service.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: { amount: 25 } })).json();
});
afterAll(async () => {
  await service?.close();
});

type Request = { method: 'GET' | 'POST'; url: string; payload?: unknown; as?: 'admin'; raw?: string };

/** Sends a hostile request (as an administrator when `as` says so) and proves it was refused, nothing stored changed. */
const expectRefused = ({ as, ...request }: Request, status: number, code: string, fields?: unknown) =>
  refused(service, { ...request, authorization: as ? service.bearer({ sub: 'admin:1', role: 'admin' }) : undefined }, status, code, fields);

describe('hostile input to payments: a 4xx in the error shape, and nothing stored changes', () => {
  const dateCases = farDates.flatMap((date) => [
    [`from ${date}`, `/api/payments?from=${date}`, 'querystring.from', date],
    [`to ${date}`, `/api/payments?to=${date}`, 'querystring.to', date],
  ] as const);
  it.each(dateCases)('the ledger %s: 400 with the range', async (_name, url, field, date) => {
    const message = /^\d{4}-/.test(date) ? `Date must be between ${businessDateRange.first} and ${businessDateRange.last}` : 'Date must be in YYYY-MM-DD form';
    await expectRefused({ method: 'GET', url, as: 'admin' }, 400, 'VALIDATION_ERROR', { [field]: message });
  });

  const textCases = unsafeTexts.flatMap((text) => {
    const message = text.includes('\u0000') ? unsafeTextMessages.nul : unsafeTextMessages.brokenCharacter;
    const cases: [string, Request, string][] = [
      ...['description', 'payerEmail', 'reference'].map((field): [string, Request, string] => [`a payment's ${field}`, { method: 'POST', url: '/api/create-payment-intent', payload: { amount: 25, [field]: text } }, field]),
      ...['paymentIntentId', 'clientSecret', 'cardNumber'].map((field): [string, Request, string] => [`a demo confirmation's ${field}`, { method: 'POST', url: '/api/payments/demo/confirm', payload: { ...intent, cardNumber: '4242 4242 4242 4242', [field]: text } }, field]),
    ];
    return cases.map(([name, request, field]) => [`${JSON.stringify(text)} in ${name}`, request, field, message] as const);
  });
  it.each(textCases)('%s: 400 naming the field', async (_name, request, field, message) => {
    await expectRefused(request, 400, 'VALIDATION_ERROR', { [field]: message });
  });

  it.each(['reference', 'status', 'provider'])('NUL in the ledger filter %s: 400 naming it', async (key) => {
    await expectRefused({ method: 'GET', url: `/api/payments?${key}=a%00`, as: 'admin' }, 400, 'VALIDATION_ERROR', { [`querystring.${key}`]: unsafeTextMessages.nul });
  });

  it.each(['%00', 'pi%00', '%201', '-1', '%C0%80'])('payment id %s: 400', async (id) => {
    await expectRefused({ method: 'GET', url: `/api/payments/${id}` }, 400, id === '%C0%80' ? 'BAD_REQUEST' : 'VALIDATION_ERROR');
  });

  it.each(['1e3', '-1', '0x10', '%201', '99999999999999999999', ''])('paging the ledger with %j: 400', async (value) => {
    await expectRefused({ method: 'GET', url: `/api/payments?page=${value}&pageSize=${value}`, as: 'admin' }, 400, 'VALIDATION_ERROR');
  });

  const jsonCases = malformedJsonBodies.flatMap((raw) => ['/api/create-payment-intent', '/api/payments/demo/confirm'].map((url) => [`${JSON.stringify(raw)} to ${url}`, { method: 'POST', url, raw } as Request] as const));
  it.each(jsonCases)('malformed JSON %s: 400', async (_name, request) => {
    await expectRefused(request, 400, 'BAD_REQUEST');
  });

  it('asks every route that needs a session for one before it reads anything else', async () => {
    const answers = await anonymousHostileRequests(service.app);
    const open = new Set(['POST /api/create-payment-intent', 'GET /api/payments/:id', 'POST /api/payments/demo/confirm', 'POST /api/payments/webhook', 'GET /healthz', 'GET /readyz']);
    for (const { route, status, body } of answers) {
      const name = `${route.method} ${route.url.replaceAll('%00', ':id')}`;
      if (open.has(name)) expect([200, 400], `${name}: ${body}`).toContain(status);
      else expect(status, `${name}: ${body}`).toBe(401);
    }
    expect(answers.filter((answer) => answer.status === 401).length).toBeGreaterThanOrEqual(2);
  });
});
