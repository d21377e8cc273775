/**
 * `pnpm bench jobber`: an import of BENCH_JOBBER_CUSTOMERS (default 50,000) clients from the Jobber sandbox enforcing
 * Jobber's documented limits: the query-cost bucket (10,000 points, 500 restored a second; a query costing more than
 * is left answers THROTTLED and the connector waits (requested − available) / restoreRate seconds) and the request
 * limit (2,500 in 5 minutes, about BENCH_JOBBER_REQUESTS_PER_SECOND = 8 a second, 429 past it, without Retry-After).
 *
 * The sandbox runs in its own process (this file again, role `sandbox`), so the memory measured is the importer's:
 * this process reads every page as accounts' import does (100 clients a page, Jobber's largest, one after another)
 * and keeps nothing but the ids. Reported: the time, the requests made, the THROTTLED answers and 429s received
 * (counted by the connector's fetch; THROTTLED ones are the answers that were neither a 429 nor a page), and this process's resident memory (VmRSS, sampled every 50 ms) at its peak
 * above idle. Nothing is asserted but that every client arrived once. At the documented restore rate an import is
 * bound by query cost (a page of 100 clients with their first 10 jobs costs about 2,700 points, over 5 s of
 * restoring): 1,000 clients took 54 s here, so 50,000 take about 45 minutes; BENCH_JOBBER_TIMEOUT_SECONDS defaults
 * to 7,200.
 */
import { createConnector, type SystemUrls } from '@repo/field-service';
import { jobberSandboxCredentials, startJobberSandbox } from '@repo/field-service/sandbox';
import { positiveEnv as positive, publish } from './report.ts';
import { exitAfter, rss, startSandboxProcess } from './sandbox-process.ts';

const customers = positive('BENCH_JOBBER_CUSTOMERS', 50_000);
const perSecond = positive('BENCH_JOBBER_REQUESTS_PER_SECOND', 8);
const timeoutSeconds = positive('BENCH_JOBBER_TIMEOUT_SECONDS', 7_200);
const pageSize = 100;
const bucket = { maximumAvailable: 10_000, restoreRate: 500 };

if (process.argv[2] === 'sandbox') {
  const sandbox = await startJobberSandbox({ customers, throttle: bucket, rateLimit: { perSecond, retryAfter: 'none' } });
  console.log(JSON.stringify({ url: sandbox.url }));
  process.once('SIGTERM', () => void sandbox.close().then(() => process.exit(0)));
} else {
  await runBenchmark();
}

async function runBenchmark(): Promise<void> {
  exitAfter('jobber', timeoutSeconds);
  const { child, url } = await startSandboxProcess(import.meta.filename, 'jobber');
  try {
    let requests = 0;
    let refused = 0;
    let pages = 0;
    const counting: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      requests++;
      if (response.status === 429) refused++;
      return response;
    };
    const urls: SystemUrls = {
      servicepro: { api: 'http://127.0.0.1:9' },
      servicetitan: { api: 'http://127.0.0.1:9', auth: 'http://127.0.0.1:9' },
      jobber: { api: `${url}/api/graphql`, version: '2025-04-16' },
    };
    // As many waits as an import meets: each page may be throttled once and refused a few times.
    const connector = createConnector('jobber', jobberSandboxCredentials, urls, { fetch: counting, maxRetries: 8, rateLimitRetries: 50 });

    (globalThis as { gc?: () => void }).gc?.();
    const idle = await rss();
    let peak = idle;
    const sampler = setInterval(() => void rss().then((value) => (peak = Math.max(peak, value))), 50);
    const started = performance.now();
    const seen = new Set<string>();
    let position: string | null = null;
    do {
      const page = await connector.listCustomers(position, pageSize);
      for (const customer of page.customers) seen.add(customer.externalId);
      pages++;
      position = page.next;
    } while (position !== null);
    const seconds = (performance.now() - started) / 1000;
    // Every other answer was THROTTLED (the sandbox fails nothing else, and a page is one query).
    const throttled = requests - refused - pages;
    clearInterval(sampler);
    peak = Math.max(peak, await rss());
    if (seen.size !== customers) throw new Error(`jobber benchmark: ${seen.size} clients arrived of ${customers}`);

    const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(0);
    await publish({
      id: 'jobber',
      title: 'Jobber import under its query-cost and request limits',
      description:
        `An import of ${customers.toLocaleString('en-US')} clients (pages of ${pageSize}) from the Jobber sandbox enforcing Jobber's query-cost bucket ` +
        `(${bucket.maximumAvailable.toLocaleString('en-US')} points, ${bucket.restoreRate} restored a second, THROTTLED past it) and ${perSecond} requests a second ` +
        '(429 without Retry-After); the sandbox runs in its own process.',
      tables: [
        {
          columns: ['clients', 'seconds', 'clients/s', 'requests', 'THROTTLED', '429s', 'RSS idle MB', 'peak above idle MB'],
          numeric: [true, true, true, true, true, true, true, true],
          rows: [[customers, seconds.toFixed(1), (customers / seconds).toFixed(1), requests, throttled, refused, mb(idle), mb(peak - idle)]],
        },
      ],
      targets: [{ name: 'every client imported', measured: `${seen.size}`, goal: `${customers}`, met: seen.size === customers }],
      figures: { customers, perSecond, pageSize, seconds, requests, throttled, refused, idleBytes: idle, peakAboveIdleBytes: peak - idle },
    });
  } finally {
    child.kill('SIGTERM');
  }
}
