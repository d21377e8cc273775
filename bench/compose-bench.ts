/**
 * The benchmarks that run docker-compose.yml (`rolling-restart`, `restore`): scripts/compose-smoke.ts with
 * COMPOSE_SMOKE_BENCH set builds and starts the stack as `pnpm test compose` does, measures instead of testing, and
 * leaves its figures in .tmp/compose-smoke/<benchmark>.json, which this reads back.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Runs the compose benchmark `name` (as root: it starts the Docker engine) and answers its figures. */
export function composeBenchFigures<Figures>(name: 'rolling-restart' | 'restore'): Figures {
  if (process.getuid?.() !== 0) throw new Error(`The ${name} benchmark runs as root (it starts the Docker engine, as \`pnpm test compose\` does).`);
  const figuresFile = path.join(root, '.tmp', 'compose-smoke', `${name}.json`);
  // Figures left by an earlier run must not pass for this one's.
  rmSync(figuresFile, { force: true });
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/compose-smoke.ts')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, COMPOSE_SMOKE_BENCH: name },
  });
  if (run.status !== 0) throw new Error(`scripts/compose-smoke.ts (COMPOSE_SMOKE_BENCH=${name}) exited ${run.status}`);
  return JSON.parse(readFileSync(figuresFile, 'utf8')) as Figures;
}
