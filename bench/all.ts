/**
 * `pnpm bench`: every benchmark of the project, one after another (each in its own process, so one's leftovers cannot
 * slow the next), then one report of the run: .tmp/bench/report.md and report.json (git-ignored). `pnpm bench ws import`
 * runs only the benchmarks named (`rolling-restart` and `restore`, as root with Docker's engine, only so). A benchmark that fails is reported as failed and the others still run; the command
 * exits non-zero if any failed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { benchDir, describeMachine, machine, sectionMarkdown, sectionsDir, tableMarkdown, type SavedSection } from './report.ts';

const benchmarks = [
  { id: 'run', file: 'run.ts', what: 'booking service beside a bare Fastify hello-world (autocannon)' },
  { id: 'effects', file: 'effects.ts', what: 'durable cross-service effects on PostgreSQL and PGlite' },
  { id: 'memory', file: 'memory.ts', what: 'the embedded system of `pnpm start`: one process per service beside the embedded host' },
  { id: 'limits', file: 'limits.ts', what: 'rate limits counted in PostgreSQL and PGlite beside the in-memory store' },
  { id: 'ws', file: 'ws.ts', what: 'live tracking updates over /ws beside a bare ws broadcast' },
  { id: 'reminders', file: 'reminders.ts', what: '10,000 appointment reminders falling due in the same minute, sent over SMTP' },
  { id: 'import', file: 'import.ts', what: "the back office's customer import and list search at 50,000 customers" },
  { id: 'servicetitan', file: 'servicetitan.ts', what: 'an import of 50,000 customers from the ServiceTitan sandbox at its 60 requests/s limit' },
  { id: 'jobber', file: 'jobber.ts', what: 'an import of 50,000 clients from the Jobber sandbox under its query-cost and request limits' },
  { id: 'invoice-pdf', file: 'invoice-pdf.ts', what: "payments' invoice and receipt PDFs (pdfkit): p50 and p99 per PDF" },
  { id: 'invoice-page', file: 'invoice-page.ts', what: "the customer's invoice page with 50 lines through nginx: API and a throttled phone's load" },
  { id: 'load', file: 'load.ts', what: 'mixed traffic through nginx: slot reads, racing bookings, sign-ins, live tracking' },
  { id: 'rolling-restart', file: 'rolling-restart.ts', what: 'compose with 1 and 2 replicas (req/s, p99) and a rolling restart of every replica under load', optIn: 'root and Docker' },
  { id: 'restore', file: 'restore.ts', what: 'compose: full backup, database volume lost, restore, for the demo data set and 50,000 customers', optIn: 'root and Docker' },
  { id: 'board-inp', file: 'board-inp.ts', what: "the dispatch board's interaction latency at 20 technicians × 200 visits, CPU 4× slower (Event Timing)" },
] as const;

const wanted = process.argv.slice(2);
const unknown = wanted.filter((id) => !benchmarks.some((b) => b.id === id));
if (unknown.length > 0) {
  console.error(`Unknown benchmark ${unknown.join(', ')}; choose from ${benchmarks.map((b) => b.id).join(', ')}.`);
  process.exit(2);
}
// A benchmark that needs what most machines lack (root and Docker's engine) runs only when named.
const selected = benchmarks.filter((b) => (wanted.length === 0 ? !('optIn' in b) : wanted.includes(b.id)));

await rm(sectionsDir, { recursive: true, force: true });
const startedAt = new Date();
const runs: { id: string; what: string; seconds: number; exitCode: number }[] = [];
for (const bench of selected) {
  console.log(`\n=== bench ${bench.id}: ${bench.what}`);
  const started = Date.now();
  const result = spawnSync(process.execPath, [...process.execArgv, path.join(import.meta.dirname, bench.file)], { stdio: 'inherit' });
  runs.push({ id: bench.id, what: bench.what, seconds: Math.round((Date.now() - started) / 1000), exitCode: result.status ?? 1 });
}

const sections: SavedSection[] = [];
for (const run of runs) {
  const file = path.join(sectionsDir, `${run.id}.json`);
  if (existsSync(file)) sections.push(JSON.parse(await readFile(file, 'utf8')) as SavedSection);
}
const endMachine = machine();
const failed = runs.filter((run) => run.exitCode !== 0 || !sections.some((s) => s.id === run.id));
const markdown = [
  `# Benchmark report, ${startedAt.toISOString()}`,
  `Machine: ${describeMachine(endMachine)}.`,
  'Every figure comes from this run on this machine; the services, the load generator and PostgreSQL share its cores, so ' +
    'read a figure against its baseline in the same table (a bare server doing the least the same protocol allows), not ' +
    'against another run. "MISSED" marks a target the run did not reach.',
  tableMarkdown({
    columns: ['benchmark', 'what', 'seconds', 'result'],
    numeric: [false, false, true, false],
    rows: runs.map((r) => [r.id, r.what, r.seconds, r.exitCode === 0 ? 'ok' : `failed (exit ${r.exitCode})`]),
  }),
  ...sections.map((section) => sectionMarkdown(section)),
  ...(failed.length > 0 ? [`## Failed\n\n${failed.map((run) => `- ${run.id} (exit ${run.exitCode}): see the command's output`).join('\n')}`] : []),
].join('\n\n');
await mkdir(benchDir, { recursive: true });
await writeFile(path.join(benchDir, 'report.md'), `${markdown}\n`);
await writeFile(
  path.join(benchDir, 'report.json'),
  `${JSON.stringify({ startedAt: startedAt.toISOString(), finishedAt: new Date().toISOString(), machine: endMachine, runs, sections }, null, 2)}\n`,
);
console.log(`\nReport: ${path.relative(process.cwd(), path.join(benchDir, 'report.md'))} and report.json${failed.length > 0 ? `; failed: ${failed.map((r) => r.id).join(', ')}` : ''}`);
process.exit(failed.length > 0 ? 1 : 0);
