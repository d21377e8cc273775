import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestService, type TestService } from '@repo/service-kit/test-service';
import type { PaymentsDatabase } from '../src/db/schema.ts';
import { paymentsService } from '../src/definition.ts';

let service: TestService<PaymentsDatabase>;
beforeAll(async () => {
  service = await createTestService(paymentsService, { PAYMENT_RATE_LIMIT_MAX: '1000' });
});
afterAll(async () => {
  await service?.close();
});

const createIntent = (payload: unknown) => service.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: payload as object });

describe('payment intents (demo provider)', () => {
  it('creates an intent in cents, stores a pending record and shows the real amount', async () => {
    const response = await createIntent({ amount: 189.5, description: 'Dryer repair' });
    expect(response.statusCode).toBe(200);
    const { clientSecret, paymentIntentId } = response.json();
    expect(clientSecret).toContain(`${paymentIntentId}_secret_`);
    const stored = await service.db.selectFrom('payments').selectAll().where('payment_intent_id', '=', paymentIntentId).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ amount_cents: 18950, currency: 'usd', status: 'pending', provider: 'demo' });
    const shown = await service.app.inject({ method: 'GET', url: `/api/payments/${paymentIntentId}` });
    expect(shown.json()).toMatchObject({ amount: 189.5, description: 'Dryer repair', status: 'pending' });
  });

  it('defaults the description', async () => {
    const response = await createIntent({ amount: 150 });
    const shown = await service.app.inject({ method: 'GET', url: `/api/payments/${response.json().paymentIntentId}` });
    expect(shown.json().description).toBe('Appliance Repair Service');
  });

  it('explains every bad amount and stores nothing', async () => {
    const cases: [unknown, string][] = [
      [{ amount: '150' }, 'Amount must be a number'],
      [{ amount: 0.5 }, 'Amount must be at least $1.00'],
      [{ amount: 10_000.01 }, 'Amount must be at most $10,000.00'],
      [{ amount: 10.123 }, 'Amount can have at most two decimals'],
      [{}, 'Amount must be a number'],
    ];
    const before = await service.db.selectFrom('payments').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    for (const [payload, message] of cases) {
      const response = await createIntent(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields.amount).toBe(message);
    }
    const after = await service.db.selectFrom('payments').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('answers 404 for an unknown payment and 400 for a malformed id', async () => {
    expect((await service.app.inject({ method: 'GET', url: '/api/payments/pi_unknown123' })).statusCode).toBe(404);
    expect((await service.app.inject({ method: 'GET', url: '/api/payments/%3Cscript%3E' })).statusCode).toBe(400);
  });

  it('lists payments for staff with paging and status filter', async () => {
    expect((await service.app.inject({ method: 'GET', url: '/api/payments' })).statusCode).toBe(401);
    const staff = service.bearer({ sub: 'staff:1', role: 'staff' });
    const page = await service.app.inject({ method: 'GET', url: '/api/payments?pageSize=1&status=pending', headers: { authorization: staff } });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(page.json().items).toHaveLength(1);
  });
});
