import { afterAll, beforeAll, expect, it } from 'vitest';
import { customerEmailProvenTopic, demoCustomerSeededTopic, technicianAccountsPath, type DeliveryStatus } from '@repo/contracts';
import { loadEnv } from '@repo/service-kit';
import { createTestService, testKeyEnv, type TestService } from '@repo/service-kit/test-service';
import { sessionPolicy } from '../src/domain/session-policy.ts';
import { accountsEnvSchema } from '../src/env.ts';
import { seedDemoData } from '../src/seed.ts';
import type { AccountsDatabase } from '../src/db/schema.ts';
import { accountsService } from '../src/definition.ts';

// Booking is not running here (the test peers are unreachable), so the effect the seed wrote waits in the outbox.
let service: TestService<AccountsDatabase>;
beforeAll(async () => {
  service = await createTestService(accountsService, { SEED_DEMO: 'true', DEMO_CUSTOMER_PASSWORD: 'demo-password', DEMO_TECHNICIAN_PASSWORD: 'demo-technician-password' });
});
afterAll(async () => {
  await service?.close();
});

it('seeds the demo customer and, in the same transaction, owes booking its id; staff see the deliveries pending', async () => {
  const login = await service.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'demo@example.com', password: 'demo-password' } });
  expect(login.statusCode).toBe(200);

  const staff = service.bearer({ sub: 'staff:1', role: 'staff' });
  // Booking is unreachable, so the message is pending. A status read while an attempt is under way can count it among
  // the attempts in flight, which pg-boss's statistics show only once the supervisor refreshes them: read until it shows.
  const status = async () => {
    const answer = await service.app.inject({ method: 'GET', url: '/api/deliveries/accounts', headers: { authorization: staff } });
    expect(answer.statusCode).toBe(200);
    return answer.json() as DeliveryStatus;
  };
  await expect
    .poll(status, { timeout: 45_000, interval: 1_000 })
    .toMatchObject({
      service: 'accounts',
      pending: 2,
      failed: 0,
      // The seed's message, and the login's: a session on the demo customer's proven email.
      routes: expect.arrayContaining([
        expect.objectContaining({ to: 'booking', topic: demoCustomerSeededTopic, pending: 1, failed: 0 }),
        expect.objectContaining({ to: 'booking', topic: customerEmailProvenTopic, pending: 1, failed: 0 }),
      ]),
    });

  const customer = service.bearer({ sub: 'customer:1', role: 'customer', customerId: 1 });
  const refused = await service.app.inject({ method: 'GET', url: '/api/deliveries/accounts', headers: { authorization: customer } });
  expect(refused.statusCode).toBe(403);
  // Longer than the poll, so a status that never shows the delivery pending fails with what it showed last.
}, 60_000);

it('seeds the demo technician sign-in for tracking\'s demo technician, once', async () => {
  const login = await service.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email: 'mike@example.com', password: 'demo-technician-password' } });
  expect(login.statusCode).toBe(200);
  expect(login.json().user).toEqual({ id: expect.any(Number), name: 'Mike Johnson', email: 'mike@example.com', role: 'technician', technicianId: 'tech_mike' });
  // A restart seeds again, with another password: the sign-in made first stays as it is.
  const env = loadEnv('accounts', accountsEnvSchema, { ...testKeyEnv, SEED_DEMO: 'true', DEMO_TECHNICIAN_PASSWORD: 'another-technician-password' });
  const ctx = { db: service.db, now: () => new Date(), sessions: sessionPolicy(env), throttle: { maxFailures: 10, clientMaxFailures: 30, windowMs: 60_000 } };
  await seedDemoData(ctx, env, { enqueue: () => Promise.reject(new Error('the demo customer exists: nothing to send')) });
  const again = await service.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email: 'mike@example.com', password: 'demo-technician-password' } });
  expect(again.statusCode).toBe(200);
  const staff = service.bearer({ sub: 'staff:1', role: 'staff' });
  const list = await service.app.inject({ method: 'GET', url: technicianAccountsPath, headers: { authorization: staff } });
  expect(list.json()).toEqual([expect.objectContaining({ technicianId: 'tech_mike', email: 'mike@example.com' })]);
});

it('seeds no technician sign-in without DEMO_TECHNICIAN_PASSWORD', async () => {
  const bare = await createTestService(accountsService, { SEED_DEMO: 'true' });
  try {
    const staff = bare.bearer({ sub: 'staff:1', role: 'staff' });
    expect((await bare.app.inject({ method: 'GET', url: technicianAccountsPath, headers: { authorization: staff } })).json()).toEqual([]);
    expect((await bare.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email: 'mike@example.com', password: 'demo-technician-password' } })).statusCode).toBe(401);
  } finally {
    await bare.close();
  }
});
