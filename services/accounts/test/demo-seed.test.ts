import { afterAll, beforeAll, expect, it } from 'vitest';
import { demoCustomerSeededTopic, type DeliveryStatus } from '@repo/contracts';
import { createTestService, type TestService } from '@repo/service-kit/test-service';
import type { AccountsDatabase } from '../src/db/schema.ts';
import { accountsService } from '../src/definition.ts';

// Booking is not running here (the test peers are unreachable), so the effect the seed wrote waits in the outbox.
let service: TestService<AccountsDatabase>;
beforeAll(async () => {
  service = await createTestService(accountsService, { SEED_DEMO: 'true', DEMO_CUSTOMER_PASSWORD: 'demo-password' });
});
afterAll(async () => {
  await service?.close();
});

it('seeds the demo customer and, in the same transaction, owes booking its id; staff see the delivery pending', async () => {
  const login = await service.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'demo@example.com', password: 'demo-password' } });
  expect(login.statusCode).toBe(200);

  const staff = service.bearer({ sub: 'staff:1', role: 'staff' });
  const status = await service.app.inject({ method: 'GET', url: '/api/deliveries/accounts', headers: { authorization: staff } });
  expect(status.statusCode).toBe(200);
  const body = status.json() as DeliveryStatus;
  expect(body).toMatchObject({ service: 'accounts', pending: 1, failed: 0 });
  expect(body.routes).toEqual([expect.objectContaining({ to: 'booking', topic: demoCustomerSeededTopic, pending: 1, failed: 0 })]);

  const customer = service.bearer({ sub: 'customer:1', role: 'customer', customerId: 1 });
  const refused = await service.app.inject({ method: 'GET', url: '/api/deliveries/accounts', headers: { authorization: customer } });
  expect(refused.statusCode).toBe(403);
});
