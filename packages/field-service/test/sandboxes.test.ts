import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConnector, fieldServiceEnvSchema, serverCredentials, systemUrls } from '../src/index.ts';
import { demoCustomer, startSandboxes, startServiceProSandbox, type RunningSandboxes } from '../src/sandbox/index.ts';

describe('startSandboxes', () => {
  let sandboxes: RunningSandboxes;
  beforeAll(async () => {
    sandboxes = await startSandboxes({ customers: 40 });
  });
  afterAll(() => sandboxes.close());

  it('gives services an environment the configuration accepts, with every system reachable', async () => {
    const env = fieldServiceEnvSchema.parse(sandboxes.env);
    expect(env.FIELD_SERVICE_SANDBOX).toBe(true);
    expect(env.FIELD_SERVICE_SYSTEM).toBe('servicepro');
    expect(systemUrls(env)).toEqual(sandboxes.urls);
    for (const system of ['servicepro', 'servicetitan', 'jobber'] as const) {
      const { credentials, missing } = serverCredentials(env, system);
      expect(missing).toEqual([]);
      expect(credentials).toMatchObject(sandboxes.credentials[system]);
      await expect(createConnector(system, credentials, sandboxes.urls).accountName()).resolves.toMatch(/sandbox|1234567/);
    }
  });

  it('serves the same people in all three systems', async () => {
    const lists = await Promise.all(
      (['servicepro', 'servicetitan', 'jobber'] as const).map(async (system) => (await createConnector(system, sandboxes.credentials[system], sandboxes.urls).listCustomers(null, 40)).customers),
    );
    const people = lists.map((customers) => customers.map(({ firstName, lastName, email, phone, address, city, zipCode }) => ({ firstName, lastName, email, phone, address, city, zipCode })));
    expect(people[0]).toHaveLength(40);
    expect(people[1]).toEqual(people[0]);
    expect(people[2]).toEqual(people[0]);
    // Each system in its own id format.
    expect(lists.map((customers) => customers[0]!.externalId)).toEqual(['SP-100001', '1000000', 'Z2lkOi8vSm9iYmVyL0NsaWVudC81MDAwMDA=']);
  });
});

describe('demo customers', () => {
  it('start with the demo portal customer and the example phone', () => {
    const now = Date.now();
    const dana = demoCustomer(0, now);
    expect(dana).toMatchObject({ firstName: 'Dana', lastName: 'Whitfield', email: 'demo@example.com', phone: '(904) 555-0142', street: '48 Cordova St', city: 'St Augustine', state: 'FL', zipCode: '32084' });
    expect(dana.visits).toHaveLength(3);
    expect(dana.visits[0]).toMatchObject({ appliance: 'Refrigerator', brand: 'Sub-Zero', status: 'completed', totalCents: 28_900 });
    const second = demoCustomer(1, now);
    expect(second.phone).toBe('(904) 802-1998');
    expect(second.visits.filter((visit) => visit.status === 'completed').length).toBeGreaterThanOrEqual(4);
  });

  it('are the same every time, from St Augustine-area towns, with unique phones', () => {
    const now = Date.now();
    const zips = new Set(['32080', '32084', '32086', '32092', '32095', '32137', '32164', '32082']);
    const phones = new Set<string>();
    for (let index = 0; index < 2_000; index++) {
      const customer = demoCustomer(index, now);
      expect(demoCustomer(index, now)).toEqual(customer);
      expect(zips.has(customer.zipCode)).toBe(true);
      expect(['904', '386']).toContain(customer.phoneDigits.slice(0, 3));
      phones.add(customer.phoneDigits);
    }
    expect(phones.size).toBe(2_000);
  });
});

describe('a 50,000-customer sandbox', () => {
  it('serves its last page and finds a phone without keeping customers around', async () => {
    const sandbox = await startServiceProSandbox({ customers: 50_000 });
    try {
      const connector = createConnector('servicepro', { company: 'st-augustine-appliance', username: 'sandbox', password: 'sandbox-password' }, {
        servicepro: { api: sandbox.url },
        servicetitan: { api: sandbox.url, auth: sandbox.url },
        jobber: { api: sandbox.url, version: '2025-04-16' },
      });
      const last = await connector.listCustomers('100', 500);
      expect(last.customers).toHaveLength(500);
      expect(last.customers.at(-1)?.externalId).toBe('SP-150000');
      expect(last.next).toBeNull();
      expect(last.total).toBe(50_000);
      const found = await connector.findCustomersByPhone(demoCustomer(49_999, Date.now()).phoneDigits);
      expect(found.map((customer) => customer.externalId)).toEqual(['SP-150000']);
    } finally {
      await sandbox.close();
    }
  });
});
