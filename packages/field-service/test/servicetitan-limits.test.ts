import { describe, expect, it, vi } from 'vitest';
import { createConnector, type ConnectorOptions, type SystemUrls } from '../src/index.ts';
import { createTokenBucket } from '../src/rate-limit.ts';
import { serviceTitanSandboxCredentials, startServiceTitanSandbox, type SandboxRateLimit } from '../src/sandbox/index.ts';
import { allCustomers, failure, requestsTo } from './support/helpers.ts';

const urlsFor = (api: string, requestsPerSecond: number): SystemUrls => ({
  servicepro: { api: 'http://127.0.0.1:9' },
  servicetitan: { api, auth: api, requestsPerSecond },
  jobber: { api: 'http://127.0.0.1:9', version: '2025-04-16' },
});
const tenantApi = /\/tenant\/1234567\//;

/**
 * An import of every customer of a sandbox that enforces `limit`, by a connector pacing itself at `ourRate`, in pages
 * of 50 (scaled down with the limit: ServiceTitan's is 60 a second, pages of 500): what it read and what it sent.
 */
async function importAgainst(customers: number, limit: SandboxRateLimit, ourRate: number) {
  const sandbox = await startServiceTitanSandbox({ customers, rateLimit: limit });
  try {
    const options: ConnectorOptions = { backoffMs: 100, timeoutMs: 10_000 };
    const started = performance.now();
    const { customers: imported } = await allCustomers(createConnector('servicetitan', serviceTitanSandboxCredentials, urlsFor(sandbox.url, ourRate), options), 50);
    const api = requestsTo(sandbox.requests, tenantApi);
    return {
      imported,
      seconds: (performance.now() - started) / 1000,
      requests: api.length,
      refused: api.filter((request) => request.status === 429).length,
      answered: api.filter((request) => request.status === 200).length,
      statuses: new Set(api.map((request) => request.status)),
    };
  } finally {
    await sandbox.close();
  }
}

describe('ServiceTitan rate limits', () => {
  it('imports 2,000 customers through a limit that refuses with 429, with Retry-After in seconds, as a date, or none', async () => {
    // Scaled: the sandbox allows 10 requests a second, and this connector paces itself at 40 (another app of the
    // tenant would use up the rest), so it is refused and must wait as told, or back off when not told. The tenant's
    // bucket starts spent, so at least the first call is refused however slow the machine is.
    const runs = await Promise.all(
      (['seconds', 'date', 'none'] as const).map(async (retryAfter) => ({ retryAfter, ...(await importAgainst(2_000, { perSecond: 10, retryAfter, startEmpty: true }, 40)) })),
    );
    for (const run of runs) {
      expect(run.imported).toHaveLength(2_000);
      expect(new Set(run.imported.map((customer) => customer.externalId)).size).toBe(2_000);
      expect(run.refused).toBeGreaterThan(0);
      expect([...run.statuses].sort()).toEqual([200, 429]);
      // 40 pages of customers, the contacts feed (one page of 5,000) and the invoice list (two): no call per customer.
      expect(run.answered).toBeLessThanOrEqual(45);
    }
    console.info(`ServiceTitan import of 2,000 customers at 10 requests/s: ${runs.map((run) => `Retry-After ${run.retryAfter}: ${run.requests} requests (${run.refused} refused with 429) in ${run.seconds.toFixed(1)} s`).join('; ')}`);
  });

  it('paced under the limit, an import is never refused', async () => {
    const run = await importAgainst(2_000, { perSecond: 20, retryAfter: 'none' }, 15);
    expect(run.imported).toHaveLength(2_000);
    expect(run.refused).toBe(0);
  });

  it('one bucket per tenant: two connectors of the tenant together stay within its rate', async () => {
    const sandbox = await startServiceTitanSandbox({ customers: 50, rateLimit: { perSecond: 10, retryAfter: 'seconds' } });
    try {
      // Each paces the tenant at 8 a second: were the buckets their own, together they would send 16 and be refused.
      const connect = () => createConnector('servicetitan', serviceTitanSandboxCredentials, urlsFor(sandbox.url, 8), { backoffMs: 100 });
      const [first, second] = [connect(), connect()];
      await Promise.all(Array.from({ length: 9 }, (_, index) => (index % 2 ? first : second).getCustomer(String(1_000_000 + index))));
      const api = requestsTo(sandbox.requests, tenantApi);
      expect(api.map((request) => request.status)).toEqual(Array.from({ length: 27 }, () => 200)); // the customer, its contacts, its invoices
      // Eight at once (a second's burst), then eight a second.
      expect(api.at(-1)!.at - api[0]!.at).toBeGreaterThanOrEqual(2_200);
    } finally {
      await sandbox.close();
    }
  });

  it('the token bucket lets a burst through, then paces, and a hold stops every caller', async () => {
    vi.useFakeTimers();
    try {
      const bucket = createTokenBucket({ perSecond: 10, burst: 2, now: () => Date.now() });
      const passed: number[] = [];
      const take = (label: number) => void bucket.take().then(() => passed.push(label));
      [1, 2, 3].forEach(take);
      await vi.advanceTimersByTimeAsync(0);
      expect(passed).toEqual([1, 2]);
      await vi.advanceTimersByTimeAsync(99);
      expect(passed).toEqual([1, 2]);
      await vi.advanceTimersByTimeAsync(1); // one token a tenth of a second
      expect(passed).toEqual([1, 2, 3]);
      await vi.advanceTimersByTimeAsync(1_000);
      bucket.holdFor(500); // a 429's Retry-After: nobody goes, however many tokens were saved
      take(4);
      await vi.advanceTimersByTimeAsync(499);
      expect(passed).toEqual([1, 2, 3]);
      await vi.advanceTimersByTimeAsync(1);
      expect(passed).toEqual([1, 2, 3, 4]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('ServiceTitan answers that are slow, endless or huge', () => {
  const connect = (url: string, options: ConnectorOptions) => createConnector('servicetitan', serviceTitanSandboxCredentials, urlsFor(url, 60), options);

  it('refuses a body that never ends once it passes the size cap, without retrying or reading on', async () => {
    const sandbox = await startServiceTitanSandbox({ customers: 10 });
    try {
      sandbox.setMalformed({ kind: 'endless', path: /\/customers\/1000000$/ });
      const started = performance.now();
      const error = await failure(connect(sandbox.url, { maxBodyBytes: 1024 * 1024, timeoutMs: 20_000 }).getCustomer('1000000'), 'malformed');
      expect(error.message).toBe('ServiceTitan sent an answer larger than 1 MB for the customer; it was not read.');
      expect(performance.now() - started).toBeLessThan(10_000);
      expect(requestsTo(sandbox.requests, /\/customers\/1000000$/)).toHaveLength(1);
    } finally {
      await sandbox.close();
    }
  });

  it('gives up on a body that trickles forever when the timeout ends, saying how long it waited', async () => {
    const sandbox = await startServiceTitanSandbox({ customers: 10 });
    try {
      sandbox.setMalformed({ kind: 'trickle', path: /\/customers\/1000000$/ });
      const started = performance.now();
      const error = await failure(connect(sandbox.url, { timeoutMs: 400, maxRetries: 1, backoffMs: 10 }).getCustomer('1000000'), 'unavailable');
      expect(error.message).toBe('ServiceTitan did not answer within 0.4 s for the customer (tried 2 times). Please try again later.');
      expect(performance.now() - started).toBeLessThan(5_000);
    } finally {
      await sandbox.close();
    }
  });

  it('refuses garbage as malformed and a declared length over the cap before reading it', async () => {
    const sandbox = await startServiceTitanSandbox({ customers: 10 });
    try {
      sandbox.setMalformed({ kind: 'not-json', path: /\/customers\/1000000$/ });
      const garbage = await failure(connect(sandbox.url, {}).getCustomer('1000000'), 'malformed');
      expect(garbage.message).toBe('ServiceTitan sent an answer that is not JSON for the customer.');
      sandbox.setMalformed(undefined);
      const huge = await failure(connect(sandbox.url, { maxBodyBytes: 300 }).getCustomer('1000000'), 'malformed');
      expect(huge.message).toBe('ServiceTitan sent an answer larger than 300 bytes for the customer; it was not read.');
    } finally {
      await sandbox.close();
    }
  });

  it('waits up to ServiceTitan’s documented 100 s per request unless configured otherwise', async () => {
    const { serviceTitanTimeoutMs } = await import('../src/servicetitan/connector.ts');
    expect(serviceTitanTimeoutMs).toBe(100_000);
    const { fieldServiceEnvSchema, systemUrls } = await import('../src/index.ts');
    expect(systemUrls(fieldServiceEnvSchema.parse({})).servicetitan).toMatchObject({ timeoutMs: 100_000, requestsPerSecond: 60 });
    expect(systemUrls(fieldServiceEnvSchema.parse({ SERVICETITAN_TIMEOUT_MS: '30000', SERVICETITAN_REQUESTS_PER_SECOND: '25' })).servicetitan).toMatchObject({ timeoutMs: 30_000, requestsPerSecond: 25 });
  });
});
