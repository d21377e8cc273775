import { defineConfig } from 'vitest/config';

// Browser tests (built apps and services behind real nginx, real PostgreSQL, Debian's Chromium), system tests
// (hostile input, access rules: HTTP and WebSocket through the same gateway) and the Nu Html Checker on the pages as
// the browser renders them (checks/rendered-html.test.ts), all on one stack (support/global-setup.ts).
//
// Two files run at a time (BROWSER_TEST_FILES sets how many): they spend much of their time waiting for pages and
// answers, so two keep a two-core machine busy. Every test makes its own customers and visits, so files share no
// records; a file that stops a service of the stack runs alone (support/take-turn.ts).
const files = Number(process.env.BROWSER_TEST_FILES ?? 2);

export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['browser/**/*.test.ts', 'system/**/*.test.ts', 'checks/rendered-*.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    setupFiles: ['./support/take-turn.ts'],
    testTimeout: 90_000,
    hookTimeout: 600_000,
    fileParallelism: files > 1,
    maxWorkers: files,
  },
});
