/**
 * `pnpm bench invoice-page`: the customer's invoice page with 50 lines, through nginx to the built portal and the
 * services on PostgreSQL, beside the same page with 2 lines in the same run (the baseline).
 *
 * - API: autocannon on GET /api/payments/invoices/:id as the signed-in demo customer (BENCH_INVOICE_SECONDS, default 10,
 *   with 10 connections): requests/s, p50 and p99, and any answer that was not 200.
 * - Page: BENCH_INVOICE_LOADS (default 10) loads of /invoices/:id in Debian's Chromium at 390 × 844 with the CPU slowed
 *   4× (CDP, Lighthouse's mobile setting): from navigation to the last line's row on screen, and the page's largest
 *   contentful paint.
 *
 * Figures only: the services, nginx, PostgreSQL and the browser share this machine's cores.
 */
import autocannon from 'autocannon';
import { invoicePaths } from '@repo/contracts';
import { invoiceLines, sendDemoInvoice } from '../scripts/demo-invoice.ts';
import { launchChromium } from '../scripts/chromium.ts';
import { percentile, positiveEnv, publish, type Table } from './report.ts';
import { startBenchStack, type BenchStack } from './stack.ts';

const seconds = positiveEnv('BENCH_INVOICE_SECONDS', 10);
const loads = positiveEnv('BENCH_INVOICE_LOADS', 10);
const cpuSlowdown = 4;
const admin = { email: 'owner@example.com', password: 'bench-invoice-admin-password' };
const customer = { email: 'demo@example.com', password: 'demo-customer' };
const sizes = [50, 2] as const;


const browser = await launchChromium();
let running: BenchStack | undefined;
try {
  // Every request comes from this machine: the per-client limit would otherwise turn autocannon, and the page after it, away (429).
  running = await startBenchStack('invoice-page', { NODE_ENV: 'test', LOG_LEVEL: 'warn', ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, RATE_LIMIT_MAX: '100000000' });
  const { portal, backoffice } = running.stack.urls;
  const apiRows: Table['rows'] = [];
  const pageRows: Table['rows'] = [];
  const figures: Record<string, unknown> = {};
  const apiP99: Record<number, number> = {};
  let apiFailed = 0;
  for (const lineCount of sizes) {
    const invoice = await sendDemoInvoice({ portal, backoffice, customer, admin, lines: invoiceLines(lineCount) });

    const api = await autocannon({ url: `${portal}${invoicePaths.invoice(invoice.id)}`, headers: { cookie: invoice.customerCookie }, connections: 10, duration: seconds });
    const failed = api.non2xx + api.errors + api.timeouts;
    apiRows.push([`${lineCount} lines`, api.requests.average.toFixed(0), api.latency.p50, api.latency.p99, failed]);
    apiP99[lineCount] = api.latency.p99;
    apiFailed += failed;

    const [name, value] = invoice.customerCookie.split('=') as [string, string];
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await context.addCookies([{ name, value, url: portal }]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    const lastLine = page.getByRole('table', { name: 'Invoice lines' }).locator('tbody tr').nth(lineCount - 1);
    const shown: number[] = [];
    const lcp: number[] = [];
    // One unmeasured load fills the browser's cache as a returning customer's would be.
    for (let load = 0; load <= loads; load += 1) {
      await page.goto(`${portal}/invoices/${invoice.id}`);
      await lastLine.waitFor({ timeout: 60_000 });
      const at = await page.evaluate(() => performance.now());
      const largest = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            setTimeout(() => resolve(0), 1_000);
            new PerformanceObserver((list) => resolve(list.getEntries().at(-1)?.startTime ?? 0)).observe({ type: 'largest-contentful-paint', buffered: true });
          }),
      );
      if (load === 0) continue;
      shown.push(at);
      lcp.push(largest);
    }
    await context.close();
    shown.sort((a, b) => a - b);
    lcp.sort((a, b) => a - b);
    pageRows.push([`${lineCount} lines`, percentile(shown, 50).toFixed(0), (shown.at(-1) ?? 0).toFixed(0), percentile(lcp, 50).toFixed(0), (lcp.at(-1) ?? 0).toFixed(0)]);
    figures[`lines${lineCount}`] = { api: { requests: api.requests, latency: api.latency, failed }, shown, lcp };
  }
  const [fifty, two] = [apiP99[50]!, apiP99[2]!];
  await publish({
    id: 'invoice-page',
    title: "The customer's invoice page with 50 lines through nginx",
    description:
      `A sent invoice for the demo customer's visit, with 50 lines and with 2 (the baseline, same run). API: autocannon, 10 connections for ${seconds} s on ` +
      `GET /api/payments/invoices/:id with the customer's session cookie. Page: ${loads} loads after one unmeasured one, Chromium ${browser.version()} at ` +
      `390 × 844, CPU ${cpuSlowdown}× slower: navigation to the last line's row on screen, and the largest contentful paint.`,
    tables: [
      { title: 'API', columns: ['invoice', 'requests/s', 'p50 ms', 'p99 ms', 'failed'], numeric: [false, true, true, true, true], rows: apiRows },
      { title: 'Page (390 px, CPU 4× slower)', columns: ['invoice', 'last line shown p50 ms', 'worst ms', 'LCP p50 ms', 'LCP worst ms'], numeric: [false, true, true, true, true], rows: pageRows },
    ],
    targets: [
      { name: '50-line API p99 beside the 2-line one', measured: `${fifty} ms vs ${two} ms`, goal: '≤ 2× the 2-line p99', met: fifty <= 2 * Math.max(1, two) },
      { name: 'failed answers', measured: String(apiFailed), goal: '0', met: apiFailed === 0 },
    ],
    figures,
  });
} finally {
  await browser.close();
  await running?.close();
}
