/**
 * One shape for every benchmark's figures. A benchmark builds a `Section` (its tables and the targets it checks) and
 * calls `publish`: the section is printed as Markdown and saved as JSON under .tmp/bench/sections, where
 * `bench/all.ts` (`pnpm bench`) collects the sections of one run into .tmp/bench/report.md and report.json.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export const benchDir = path.resolve(import.meta.dirname, '../.tmp/bench');
export const sectionsDir = path.join(benchDir, 'sections');

export type Cell = string | number;
/** A Markdown table; `numeric` columns are right-aligned. Cells are written as given (round them before). */
export type Table = { title?: string; columns: string[]; numeric?: boolean[]; rows: Cell[][] };
/** One goal a benchmark checks: `met` is decided by the benchmark, the report only states it. */
export type Target = { name: string; measured: string; goal: string; met: boolean };

export type Section = {
  /** File name of the section's JSON: run, effects, ws, import… */
  id: string;
  title: string;
  /** What was measured and how, in a sentence or two. */
  description: string;
  tables: Table[];
  targets: Target[];
  /** Everything else worth keeping in the JSON (options, raw figures). */
  figures?: unknown;
};

export type Machine = { cpus: number; model: string; memoryGiB: number; node: string; platform: string; loadAverage: number[]; commit: string };

export function machine(): Machine {
  const cpus = os.cpus();
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: import.meta.dirname, encoding: 'utf8' }).trim();
  } catch {
    // not a git checkout: the report says so
  }
  return {
    cpus: cpus.length,
    model: cpus[0]?.model.trim() ?? 'unknown CPU',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.type()} ${os.release()}`,
    loadAverage: os.loadavg().map((load) => Number(load.toFixed(2))),
    commit,
  };
}

export const describeMachine = (m: Machine) =>
  `${m.cpus} × ${m.model}, ${m.memoryGiB} GiB, Node ${m.node}, ${m.platform}, load average ${m.loadAverage.join(' ')}, commit ${m.commit}`;

export function tableMarkdown(table: Table): string {
  const escape = (cell: Cell) => String(cell).replaceAll('|', '\\|');
  const lines = [
    `| ${table.columns.map(escape).join(' | ')} |`,
    `|${table.columns.map((_, i) => (table.numeric?.[i] ? '---:' : '---')).join('|')}|`,
    ...table.rows.map((row) => `| ${row.map(escape).join(' | ')} |`),
  ];
  return [...(table.title ? [`${table.title}\n`] : []), ...lines].join('\n');
}

export function sectionMarkdown(section: Section, heading = '##'): string {
  const parts = [`${heading} ${section.title}`, section.description, ...section.tables.map(tableMarkdown)];
  if (section.targets.length > 0) {
    parts.push(section.targets.map((t) => `- ${t.met ? 'met' : '**MISSED**'}: ${t.name}: ${t.measured} (goal ${t.goal})`).join('\n'));
  }
  return parts.join('\n\n');
}

export type SavedSection = Section & { at: string; machine: Machine };

/** Prints the section and saves it for the run's report. */
export async function publish(section: Section): Promise<void> {
  const saved: SavedSection = { ...section, at: new Date().toISOString(), machine: machine() };
  console.log(`\n${sectionMarkdown(section)}\n\nMachine: ${describeMachine(saved.machine)}`);
  await mkdir(sectionsDir, { recursive: true });
  await writeFile(path.join(sectionsDir, `${section.id}.json`), `${JSON.stringify(saved, null, 2)}\n`);
}

/** `12.3 %` of `part` to `whole`. */
/** The `p`th percentile (nearest rank) of ascending `sorted`; 0 for none. */
export const percentile = (sorted: readonly number[], p: number) => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!);

export const percent = (part: number, whole: number) => `${((part / whole) * 100).toFixed(1)} %`;

/** A benchmark's size or duration from the environment: a positive integer, else `fallback`; anything else stops the run. */
export function positiveEnv(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer (got "${process.env[name]}")`);
  return value;
}
