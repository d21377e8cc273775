import { defineConfig } from 'vitest/config';

/**
 * The vitest configuration of every package whose tests start a service on its own database (the services, the kit,
 * the field-service connectors).
 *
 * Test files share a worker's loaded modules (isolate: false): each file builds its own app on its own database, and
 * loading fastify, pg-boss and zod once per worker instead of once per file saves most of a suite's start-up time.
 *
 * Two files at a time (vitest's default is one per core less one): these suites spend much of their time waiting — for
 * a retry's delay, a job's poll, a reminder coming due, a stand-in vendor's pacing — and a lone worker left a core idle
 * through every wait (accounts alone: 137 s at 57 % of two cores with one worker, 83 s at 81 % with two). Each file has
 * its own databases and ports, so files running side by side share no state.
 *
 * Plain JavaScript: vitest loads a package's config with Node, which cannot import a TypeScript file from another
 * package.
 */
export const serviceTestConfig = () =>
  defineConfig({ test: { include: ['test/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 60_000, isolate: false, maxWorkers: 2 } });
