import { defineConfig } from 'vitest/config';

// Test files share a worker's loaded modules (isolate: false): each file builds its own app on its own database, and
// loading fastify, pg-boss and zod once per worker instead of once per file saves most of the suite's start-up time.
// Two files at a time (one per core is vitest's default): the effects, jobs and NOTIFY suites spend most of their time
// waiting for deliveries and polls, and this package is the longest of the unit layer. Each file has its own databases.
export default defineConfig({ test: { include: ['test/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 60_000, isolate: false, maxWorkers: 2 } });
