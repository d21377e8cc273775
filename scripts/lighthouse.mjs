/**
 * `pnpm lighthouse`: Lighthouse (mobile settings, simulated throttling) with Debian's Chromium on the production build
 * of the public site served through the gateway, for /, /careers and /sub-zero-repair. Prints the four category scores
 * and the JavaScript each page loads (gzipped, as sent), and exits non-zero when a page misses a target.
 *
 * Against a running system: `LIGHTHOUSE_URL=http://localhost:8080 pnpm lighthouse`. Otherwise it starts the built
 * services and apps itself (run `pnpm build` first) behind nginx, on PGlite in a temporary folder, with the web app on
 * WEB_PORT (8080, the origin the build's canonical addresses use by default).
 * LIGHTHOUSE_REPORT_DIR keeps each page's full JSON report there.
 * CHROMIUM_PATH picks the browser (default /usr/bin/chromium); GATEWAY=local uses the Node gateway instead of nginx.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { freePort } from '../infra/gateway/src/ports.ts';

const pages = ['/', '/careers', '/sub-zero-repair'];
const targets = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 100 };
const homeScriptBudgetKb = 150;
const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** The built system behind the gateway, on PGlite in a temporary folder. */
async function startSystem() {
  const { startStack } = await import('./stack.ts');
  const appPorts = { web: Number(process.env.WEB_PORT || 8080), portal: await freePort(), backoffice: await freePort() };
  const servicePorts = { booking: await freePort(), accounts: await freePort(), tracking: await freePort(), payments: await freePort() };
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lighthouse-stack-'));
  const stack = await startStack({
    gateway: process.env.GATEWAY === 'local' ? 'local' : 'nginx',
    dataDir,
    appPorts,
    servicePorts,
    seed: true,
    env: { NODE_ENV: 'production', LOG_LEVEL: 'warn', JWT_SECRET: 'lighthouse-run-secret-that-is-long-enough' },
  });
  return {
    url: stack.urls.web,
    stop: async () => {
      await stack.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Debian's Chromium with a DevTools port for Lighthouse to drive. */
async function launchChromium() {
  const port = await freePort();
  const userDataDir = await mkdtemp(path.join(os.tmpdir(), 'lighthouse-chromium-'));
  const child = spawn(
    chromiumPath,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${userDataDir}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (response.ok) break;
    } catch {
      if (Date.now() > deadline) throw new Error(`Chromium (${chromiumPath}) did not open its DevTools port`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    port,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}

const external = process.env.LIGHTHOUSE_URL?.replace(/\/+$/, '');
const system = external ? { url: external, stop: async () => {} } : await startSystem();
const chromium = await launchChromium();
const results = [];
try {
  for (const page of pages) {
    const url = `${system.url}${page}`;
    // The default configuration is Lighthouse's mobile one: a Moto G Power viewport, slow 4G and 4x CPU slowdown.
    const runner = await lighthouse(url, { port: chromium.port, output: 'json', logLevel: 'error' });
    if (!runner) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = runner;
    if (process.env.LIGHTHOUSE_REPORT_DIR) {
      await mkdir(process.env.LIGHTHOUSE_REPORT_DIR, { recursive: true });
      await writeFile(path.join(process.env.LIGHTHOUSE_REPORT_DIR, `${page.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home'}.json`), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    const scores = Object.fromEntries(Object.keys(targets).map((key) => [key, Math.round((lhr.categories[key]?.score ?? 0) * 100)]));
    const scriptItem = lhr.audits['resource-summary']?.details?.items?.find((item) => item.resourceType === 'script');
    const scriptKb = (scriptItem?.transferSize ?? 0) / 1024;
    const failedAudits = Object.keys(targets).flatMap((key) =>
      (lhr.categories[key]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${key}: ${ref.id} (${lhr.audits[ref.id]?.displayValue ?? lhr.audits[ref.id]?.score})`),
    );
    results.push({ page, scores, scriptKb, failedAudits });
  }
} finally {
  await chromium.stop();
  await system.stop();
}

let failed = false;
console.log('\npage               perf  a11y  best  seo   JS (gzip)');
for (const { page, scores, scriptKb, failedAudits } of results) {
  const row = [scores.performance, scores.accessibility, scores['best-practices'], scores.seo].map((score) => String(score).padEnd(6)).join('');
  console.log(`${page.padEnd(19)}${row}${scriptKb.toFixed(1)} KB`);
  for (const audit of failedAudits) console.log(`    not passed: ${audit}`);
  for (const [key, target] of Object.entries(targets)) {
    if (scores[key] < target) {
      failed = true;
      console.log(`    ${key} ${scores[key]} is under ${target}`);
    }
  }
  if (page === '/' && scriptKb > homeScriptBudgetKb) {
    failed = true;
    console.log(`    home page JavaScript ${scriptKb.toFixed(1)} KB is over ${homeScriptBudgetKb} KB`);
  }
}
process.exit(failed ? 1 : 0);
