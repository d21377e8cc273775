// The README's test command: every test layer, stopping at the first that fails.
// Lint → typecheck → unit and service tests (real PostgreSQL) → production build → gateway and browser tests
// (real nginx, real Chromium, real PostgreSQL).
import { spawnSync } from 'node:child_process';

const steps = [
  ['lint', ['pnpm', 'lint']],
  ['typecheck', ['pnpm', 'typecheck']],
  ['unit and service tests', ['pnpm', 'exec', 'turbo', 'run', 'test', '--concurrency=1']],
  ['build', ['pnpm', 'build']],
  ['browser tests', ['pnpm', 'test:browser']],
];

const only = process.argv.slice(2);
let passed = 0;
for (const [name, command] of steps) {
  if (only.length && !only.some((word) => name.includes(word))) continue;
  console.log(`\n=== ${name}: ${command.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command[0], command.slice(1), { stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n=== ${name} failed after ${seconds}s`);
    console.log(`${passed} passed, 1 failed`);
    process.exit(result.status ?? 1);
  }
  console.log(`=== ${name} passed in ${seconds}s`);
  passed += 1;
}
console.log(`\n${passed} passed, 0 failed`);
