import { expect, inject, it } from 'vitest';

// Through the real nginx and the four built services on PostgreSQL, as `pnpm start` runs them: the demo customer's
// history reaches their account by the accounts → booking outbox, and staff see that nothing is left owing.
const urls = inject('urls');
const admin = inject('admin');

async function signIn(url: string, body: object): Promise<string> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

const getJson = async (url: string, token: string) => {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, body: (await response.json()) as unknown };
};

it('links the demo history to the demo account through the durable accounts → booking effect', async () => {
  const customer = await signIn(`${urls.portal}/api/auth/login`, { email: 'demo@example.com', password: 'demo-customer' });
  await expect
    .poll(async () => ((await getJson(`${urls.portal}/api/customer/appointments`, customer)).body as { customerName: string }[]).map((a) => a.customerName), { timeout: 60_000, interval: 500 })
    // Her two seeded past and upcoming visits, and today's, which the demo driver drives to.
    .toEqual(['Dana Whitfield', 'Dana Whitfield', 'Dana Whitfield']);

  const staff = await signIn(`${urls.backoffice}/api/admin/login`, admin);
  await expect
    .poll(async () => (await getJson(`${urls.backoffice}/api/deliveries/accounts`, staff)).body, { timeout: 60_000, interval: 500 })
    .toMatchObject({ service: 'accounts', pending: 0, failed: 0 });
  expect(await getJson(`${urls.backoffice}/api/deliveries/accounts`, customer)).toMatchObject({ status: 403 });
});

it('never routes the internal delivery path from the public hosts', async () => {
  for (const origin of Object.values(urls)) {
    const response = await fetch(`${origin}/internal/effects/demo-customer.seeded`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    // A service would answer JSON (401 for the unsigned delivery); the gateway answers the app's page or 404/405.
    expect(response.headers.get('content-type') ?? '').not.toContain('application/json');
    expect(await response.text()).not.toMatch(/"error"|messageId/);
  }
});
