import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoDeclineMessage, demoTestCards, demoUnknownCardMessage, paymentMessages, paymentSucceededTopic, serviceForPath, type DeliveryStatus } from '@repo/contracts';
import { intentEvent, deliver, startPayments, type PaymentsTestService } from './helpers.ts';

let service: PaymentsTestService;
beforeAll(async () => {
  service = await startPayments();
});
afterAll(async () => {
  await service?.close();
});

const createIntent = (payload: unknown, headers: Record<string, string> = {}) =>
  service.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: payload as object, headers });
const confirm = (payload: object) => service.app.inject({ method: 'POST', url: '/api/payments/demo/confirm', payload });
const show = (paymentIntentId: string) => service.app.inject({ method: 'GET', url: `/api/payments/${paymentIntentId}` });
const countPayments = async () => (await service.db.selectFrom('payments').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;

describe('payment intents (demo provider)', () => {
  it('creates an intent in cents, stores a pending record and shows the real amount', async () => {
    const response = await createIntent({ amount: 189.5, description: 'Dryer repair' });
    expect(response.statusCode).toBe(200);
    const { clientSecret, paymentIntentId, provider } = response.json();
    expect(provider).toBe('demo');
    expect(paymentIntentId).toMatch(/^demo_pi_\w+$/);
    expect(clientSecret).toContain(`${paymentIntentId}_secret_`);
    const stored = await service.db.selectFrom('payments').selectAll().where('payment_intent_id', '=', paymentIntentId).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ amount_cents: 18950, currency: 'usd', status: 'pending', provider: 'demo', status_changed_at: null });
    const shown = await show(paymentIntentId);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual({ paymentIntentId, amount: 189.5, currency: 'usd', description: 'Dryer repair', status: 'pending', createdAt: stored.created_at.toISOString(), reference: null, receiptEmailed: false });
  });

  it('keeps cents exact for amounts that are not exact in binary', async () => {
    for (const [amount, cents] of [[0.29 + 1, 129], [10_000, 1_000_000], [1, 100], [4.35, 435]] as const) {
      const { paymentIntentId } = (await createIntent({ amount })).json();
      const stored = await service.db.selectFrom('payments').select('amount_cents').where('payment_intent_id', '=', paymentIntentId).executeTakeFirstOrThrow();
      expect(stored.amount_cents).toBe(cents);
    }
  });

  it('defaults the description, also for an empty one', async () => {
    for (const payload of [{ amount: 150 }, { amount: 150, description: '   ' }]) {
      const response = await createIntent(payload);
      expect((await show(response.json().paymentIntentId)).json().description).toBe('Appliance Repair Service');
    }
  });

  it('keeps a description as one clean line of text', async () => {
    // NUL and lone surrogates are refused by every service (hostile-input.test.ts); other control characters are spaces.
    const response = await createIntent({ amount: 20, description: ' Dryer\u0001repair\n\tupstairs \u007f ' });
    expect((await show(response.json().paymentIntentId)).json().description).toBe('Dryer repair upstairs');
  });

  it('explains every bad amount and description and stores nothing', async () => {
    const cases: [unknown, string, string][] = [
      [{ amount: '150' }, 'amount', 'Amount must be a number'],
      [{ amount: 0.5 }, 'amount', 'Amount must be at least $1.00'],
      [{ amount: 10_000.01 }, 'amount', 'Amount must be at most $10,000.00'],
      [{ amount: 10.123 }, 'amount', 'Amount can have at most two decimals'],
      [{}, 'amount', 'Amount must be a number'],
      [{ amount: 150, description: 'x'.repeat(201) }, 'description', 'Description must be at most 200 characters'],
      [{ amount: 150, description: 42 }, 'description', 'Description must be text'],
    ];
    const before = await countPayments();
    for (const [payload, field, message] of cases) {
      const response = await createIntent(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.fields[field]).toBe(message);
    }
    expect(await countPayments()).toBe(before);
  });

  it('stores the optional receipt email and reference, trimmed, and leaves them empty when blank', async () => {
    const given = await createIntent({ amount: 95, description: 'Washer repair', payerEmail: ' pat@example.com ', reference: ' INV-1042 ' });
    expect(given.statusCode).toBe(200);
    const blank = await createIntent({ amount: 95, payerEmail: '', reference: '   ' });
    expect(blank.statusCode).toBe(200);
    const stored = async (response: typeof given) =>
      service.db.selectFrom('payments').select(['payer_email', 'reference']).where('payment_intent_id', '=', response.json().paymentIntentId).executeTakeFirstOrThrow();
    expect(await stored(given)).toEqual({ payer_email: 'pat@example.com', reference: 'INV-1042' });
    expect(await stored(blank)).toEqual({ payer_email: null, reference: null });
    // The confirmation page, which anyone with the intent id may open, shows the payer's own reference and whether a
    // receipt is emailed, never the address.
    const shownGiven = (await show(given.json().paymentIntentId)).json();
    expect(Object.keys(shownGiven)).not.toContain('payerEmail');
    expect(shownGiven).toMatchObject({ reference: 'INV-1042', receiptEmailed: false });
    const paid = await confirm({ paymentIntentId: given.json().paymentIntentId, clientSecret: given.json().clientSecret, cardNumber: demoTestCards.succeeds });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await show(given.json().paymentIntentId)).json()).toMatchObject({ status: 'succeeded', reference: 'INV-1042', receiptEmailed: true });
    expect((await show(blank.json().paymentIntentId)).json()).toMatchObject({ reference: null, receiptEmailed: false });
  });

  it('explains a bad receipt email or reference and stores nothing', async () => {
    const before = await countPayments();
    const cases: [object, string, string][] = [
      [{ amount: 20, payerEmail: 'pat@' }, 'payerEmail', paymentMessages.payerEmail],
      [{ amount: 20, payerEmail: 42 }, 'payerEmail', paymentMessages.payerEmail],
      [{ amount: 20, reference: '<script>' }, 'reference', paymentMessages.reference],
      [{ amount: 20, reference: 'A'.repeat(41) }, 'reference', paymentMessages.reference],
      [{ amount: 20, reference: '-1042' }, 'reference', paymentMessages.reference],
    ];
    for (const [payload, field, message] of cases) {
      const response = await createIntent(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.fields[field]).toBe(message);
    }
    expect(await countPayments()).toBe(before);
  });

  it('answers a conflict when a retried key comes with another receipt email or reference', async () => {
    const headers = { 'idempotency-key': 'retry-key-details-01' };
    expect((await createIntent({ amount: 40, reference: 'SA-7KQ2MZ' }, headers)).statusCode).toBe(200);
    const other = await createIntent({ amount: 40, reference: 'SA-OTHER1' }, headers);
    expect(other.statusCode).toBe(409);
    expect(other.json().error.message).toMatch(/already used/);
  });

  it('answers the first intent again for a retried request with the same Idempotency-Key', async () => {
    const headers = { 'idempotency-key': 'retry-key-0001' };
    const first = await createIntent({ amount: 75, description: 'Washer' }, headers);
    const before = await countPayments();
    const again = await createIntent({ amount: 75, description: 'Washer' }, headers);
    expect(again.json()).toEqual(first.json());
    expect(await countPayments()).toBe(before);

    const reused = await createIntent({ amount: 80, description: 'Washer' }, headers);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error.message).toMatch(/already used/);
    expect((await createIntent({ amount: 75 }, { 'idempotency-key': 'short' })).statusCode).toBe(400);
  });

  it('answers 404 for an unknown payment and 400 for a malformed id', async () => {
    expect((await show('pi_unknown123')).statusCode).toBe(404);
    expect((await show('%3Cscript%3E')).statusCode).toBe(400);
  });
});

describe('demo card form', () => {
  const start = async (amount = 120) => (await createIntent({ amount, description: 'Oven repair' })).json() as { paymentIntentId: string; clientSecret: string };

  it('pays with 4242 4242 4242 4242 and shows succeeded', async () => {
    const { paymentIntentId, clientSecret } = await start();
    const response = await confirm({ paymentIntentId, clientSecret, cardNumber: demoTestCards.succeeds });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ failureMessage: null, payment: { paymentIntentId, status: 'succeeded', amount: 120 } });
    expect((await show(paymentIntentId)).json().status).toBe('succeeded');

    const again = await confirm({ paymentIntentId, clientSecret, cardNumber: demoTestCards.succeeds });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This payment has already been made.');
  });

  it('declines 4000 0000 0000 0002 with a clear message, and the same intent can then be paid', async () => {
    const { paymentIntentId, clientSecret } = await start();
    const declined = await confirm({ paymentIntentId, clientSecret, cardNumber: '4000-0000-0000-0002' });
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({ failureMessage: demoDeclineMessage, payment: { status: 'failed' } });
    const stored = await service.db.selectFrom('payments').selectAll().where('payment_intent_id', '=', paymentIntentId).executeTakeFirstOrThrow();
    expect(stored.failure_message).toBe(demoDeclineMessage);

    const paid = await confirm({ paymentIntentId, clientSecret, cardNumber: '4242424242424242' });
    expect(paid.json().payment.status).toBe('succeeded');
    const after = await service.db.selectFrom('payments').selectAll().where('payment_intent_id', '=', paymentIntentId).executeTakeFirstOrThrow();
    expect(after.failure_message).toBeNull();
  });

  it('refuses other card numbers, a wrong client secret and an unknown intent without changing anything', async () => {
    const { paymentIntentId, clientSecret } = await start();
    const other = await confirm({ paymentIntentId, clientSecret, cardNumber: '5555 5555 5555 4444' });
    expect(other.statusCode).toBe(400);
    expect(other.json().error.fields.cardNumber).toBe(demoUnknownCardMessage);

    const short = await confirm({ paymentIntentId, clientSecret, cardNumber: '4242' });
    expect(short.json().error.fields.cardNumber).toBe('Card number must be 12 to 19 digits');

    const wrongSecret = await confirm({ paymentIntentId, clientSecret: `${clientSecret.slice(0, -1)}${clientSecret.endsWith('0') ? '1' : '0'}`, cardNumber: demoTestCards.succeeds });
    expect(wrongSecret.statusCode).toBe(404);
    const otherIntent = await start();
    const swapped = await confirm({ paymentIntentId, clientSecret: otherIntent.clientSecret, cardNumber: demoTestCards.succeeds });
    expect(swapped.statusCode).toBe(404);
    expect((await show(paymentIntentId)).json().status).toBe('pending');
  });

  it('has no webhook without a webhook secret, so no one can post events to the demo ledger', async () => {
    const { paymentIntentId } = await start();
    const response = await deliver(service, intentEvent('payment_intent.succeeded', paymentIntentId));
    expect(response.statusCode).toBe(404);
    expect((await show(paymentIntentId)).json().status).toBe('pending');
    const documented = Object.keys((await service.app.inject({ method: 'GET', url: '/openapi.json' })).json().paths);
    expect(documented).toEqual(expect.arrayContaining(['/api/create-payment-intent', '/api/payments/{paymentIntentId}', '/api/payments', '/api/payments/demo/confirm']));
    expect(documented).not.toContain('/api/payments/webhook');
    // Every route sits on a path the gateway sends to this service.
    const api = documented.filter((path) => path.startsWith('/api/')).map((path) => path.replace('{paymentIntentId}', 'pi_123'));
    expect(api.map(serviceForPath)).toEqual(api.map(() => 'payments'));
  });
});

describe('payments ledger for administrators', () => {
  it('needs an administrator session', async () => {
    expect((await service.app.inject({ method: 'GET', url: '/api/payments' })).statusCode).toBe(401);
    for (const role of ['customer', 'technician', 'staff'] as const) {
      const other = service.bearer({ sub: `${role}:1`, role, ...(role === 'customer' ? { customerId: 1 } : {}) });
      expect((await service.app.inject({ method: 'GET', url: '/api/payments', headers: { authorization: other } })).statusCode).toBe(403);
    }
  });

  it("answers the back office's deliveries page: what payments still owes notifications (which does not run here)", async () => {
    const intent = (await createIntent({ amount: 25 })).json();
    expect((await confirm({ ...intent, cardNumber: demoTestCards.succeeds })).statusCode).toBe(200);
    const admin = service.bearer({ sub: 'admin:1', role: 'admin' });
    // Read until it shows: a read while an attempt is under way counts it among the attempts in flight, which pg-boss's
    // statistics show only once the supervisor refreshes them.
    await vi.waitFor(async () => {
      const status = await service.app.inject({ method: 'GET', url: '/api/deliveries/payments', headers: { authorization: admin } });
      expect(status.statusCode).toBe(200);
      const { service: name, pending, routes } = status.json() as DeliveryStatus;
      expect(name).toBe('payments');
      expect(pending).toBeGreaterThan(0);
      expect(routes.map((route) => [route.to, route.topic])).toEqual([['notifications', paymentSucceededTopic]]);
    }, { timeout: 30_000, interval: 100 });
    expect((await service.app.inject({ method: 'GET', url: '/api/deliveries/payments' })).statusCode).toBe(401);
  });

  it('checks access before the query, so a caller without access learns nothing from a bad one', async () => {
    const anonymous = await service.app.inject({ method: 'GET', url: '/api/payments?page=0&status=nope' });
    expect(anonymous.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Please sign in to continue.' } });
    const customer = service.bearer({ sub: 'customer:1', role: 'customer', customerId: 1 });
    const refused = await service.app.inject({ method: 'GET', url: '/api/payments?page=0&status=nope', headers: { authorization: customer } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('FORBIDDEN');
  });

  it('lists newest first with status, amount, description, date, filters and paging', async () => {
    const admin = service.bearer({ sub: 'admin:1', role: 'admin' });
    const list = (query: string) => service.app.inject({ method: 'GET', url: `/api/payments${query}`, headers: { authorization: admin } });
    const all = (await list('?pageSize=100')).json();
    expect(all.total).toBe(all.items.length);
    const times = all.items.map((item: { createdAt: string }) => item.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    const page = await list('?pageSize=2&page=2&status=pending');
    expect(page.statusCode).toBe(200);
    const pending = all.items.filter((item: { status: string }) => item.status === 'pending');
    expect(page.json()).toMatchObject({ total: pending.length, page: 2, pageSize: 2 });
    expect(page.json().items.map((item: { id: number }) => item.id)).toEqual(pending.slice(2, 4).map((item: { id: number }) => item.id));

    const failed = (await list('?status=failed')).json();
    expect(failed.items.every((item: { status: string; failureMessage: string }) => item.status === 'failed' && item.failureMessage === demoDeclineMessage)).toBe(true);

    expect((await list('?provider=stripe')).json().total).toBe(0);

    const matched = (await list('?reference=inv-1042')).json();
    expect(matched.items.length).toBeGreaterThan(0);
    expect(matched.items.every((item: { reference: string; payerEmail: string }) => item.reference === 'INV-1042' && item.payerEmail === 'pat@example.com')).toBe(true);
    const unmatched = all.items.find((item: { reference: string | null }) => item.reference === null);
    expect(unmatched).toMatchObject({ reference: null, payerEmail: null });
    expect((await list(`?reference=${'x'.repeat(41)}`)).json().error.fields['querystring.reference']).toBe(paymentMessages.reference);
    expect((await list('?from=2000-01-01&to=2000-01-31')).json().total).toBe(0);
    expect((await list('?from=2000-01-01')).json().total).toBe(all.total);
    const bad = await list('?from=2026-02-01&to=2026-01-01');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields['querystring.to']).toBe('The end date must not be before the start date');
  });
});
