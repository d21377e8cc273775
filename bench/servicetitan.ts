/**
 * `pnpm bench servicetitan`: an import of BENCH_SERVICETITAN_CUSTOMERS (default 50,000) customers from the
 * ServiceTitan sandbox enforcing ServiceTitan's documented limit, BENCH_SERVICETITAN_LIMIT requests a second per
 * tenant (default 60, refused past it with 429 and Retry-After), by the connector at its default pace (60 a second).
 *
 * The sandbox runs in its own process (this file again, role `sandbox`), so the memory measured is the importer's:
 * this process reads every page as accounts' import does (500 customers a page, one after another) and keeps nothing
 * but counts. Reported: the time, the requests made and the 429s received (counted by the connector's fetch), and
 * this process's resident memory (VmRSS, sampled every 50 ms) at its peak above idle. Nothing is asserted but that
 * every customer arrived once. BENCH_SERVICETITAN_TIMEOUT_SECONDS (default 900) bounds the run.
 */
import { createConnector, type SystemUrls } from '@repo/field-service';
import { serviceTitanSandboxCredentials, startServiceTitanSandbox } from '@repo/field-service/sandbox';
import { positiveEnv as positive, publish } from './report.ts';
import { exitAfter, rss, startSandboxProcess } from './sandbox-process.ts';

const customers = positive('BENCH_SERVICETITAN_CUSTOMERS', 50_000);
const limit = positive('BENCH_SERVICETITAN_LIMIT', 60);
const timeoutSeconds = positive('BENCH_SERVICETITAN_TIMEOUT_SECONDS', 900);
const pageSize = 500;

if (process.argv[2] === 'sandbox') {
  const sandbox = await startServiceTitanSandbox({ customers, rateLimit: { perSecond: limit, retryAfter: 'seconds' } });
  console.log(JSON.stringify({ url: sandbox.url }));
  process.once('SIGTERM', () => void sandbox.close().then(() => process.exit(0)));
} else {
  await runBenchmark();
}

async function runBenchmark(): Promise<void> {
  exitAfter('servicetitan', timeoutSeconds);
  const { child, url } = await startSandboxProcess(import.meta.filename, 'servicetitan');
  try {
    let requests = 0;
    let refused = 0;
    const counting: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (!String(input instanceof Request ? input.url : input).endsWith('/connect/token')) {
        requests++;
        if (response.status === 429) refused++;
      }
      return response;
    };
    const urls: SystemUrls = { servicepro: { api: 'http://127.0.0.1:9' }, servicetitan: { api: url, auth: url }, jobber: { api: 'http://127.0.0.1:9', version: '2025-04-16' } };
    const connector = createConnector('servicetitan', serviceTitanSandboxCredentials, urls, { fetch: counting });

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
      position = page.next;
    } while (position !== null);
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, await rss());
    if (seen.size !== customers) throw new Error(`servicetitan benchmark: ${seen.size} customers arrived of ${customers}`);

    const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(0);
    const perCustomerBefore = 2 * customers + customers / pageSize; // two calls per customer and the pages, before #29
    await publish({
      id: 'servicetitan',
      title: 'ServiceTitan import under its rate limit',
      description:
        `An import of ${customers.toLocaleString('en-US')} customers (pages of ${pageSize}) from the ServiceTitan sandbox enforcing ${limit} requests a second ` +
        'per tenant with 429 and Retry-After, by the connector pacing itself at its default 60 a second; the sandbox runs in its own process.',
      tables: [
        {
          columns: ['customers', 'seconds', 'customers/s', 'requests', '429s', 'requests before (2 per customer)', 'RSS idle MB', 'peak above idle MB'],
          numeric: [true, true, true, true, true, true, true, true],
          rows: [[customers, seconds.toFixed(1), (customers / seconds).toFixed(0), requests, refused, perCustomerBefore, mb(idle), mb(peak - idle)]],
        },
      ],
      targets: [{ name: 'every customer imported', measured: `${seen.size}`, goal: `${customers}`, met: seen.size === customers }],
      figures: { customers, limit, pageSize, seconds, requests, refused, idleBytes: idle, peakAboveIdleBytes: peak - idle },
    });
  } finally {
    child.kill('SIGTERM');
  }
}
