import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestService, testMetricsToken, type TestService } from '@repo/service-kit/test-service';
import type { AccountsDatabase } from '../src/db/schema.ts';
import { accountsService } from '../src/definition.ts';

let accounts: TestService<AccountsDatabase>;
beforeAll(async () => {
  accounts = await createTestService(accountsService);
});
afterAll(async () => {
  await accounts?.close();
});

const scrape = async () => {
  const response = await accounts.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${testMetricsToken}` } });
  expect(response.statusCode).toBe(200);
  return response.body;
};

describe('/metrics of accounts', () => {
  it('counts the customer imports by status, read when scraped', async () => {
    expect(await scrape()).not.toMatch(/^accounts_import_jobs\{/m);
    const job = { system: 'servicepro' as const, company: 'Acme', started_by: 'admin', started_at: new Date(), expected_total: null, error: null, finished_at: null, next_position: null, page_job_id: null };
    await accounts.db.insertInto('import_jobs').values([{ ...job, status: 'failed' }, { ...job, status: 'failed' }, { ...job, status: 'succeeded' }]).execute();
    const text = await scrape();
    expect(text).toMatch(/^accounts_import_jobs\{status="failed",service="accounts"\} 2$/m);
    expect(text).toMatch(/^accounts_import_jobs\{status="succeeded",service="accounts"\} 1$/m);
    expect(text).toMatch(/^effects_pending\{service="accounts"\} \d+$/m);
  });

  it('answers 401 without the metrics token', async () => {
    const response = await accounts.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer not-the-token' } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'The metrics token is not valid.' } });
  });
});
