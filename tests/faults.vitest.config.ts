import { defineConfig } from 'vitest/config';

// Fault tests: the services' production bundles on a private PostgreSQL cluster (run as root: the cluster runs as the
// postgres user), under traffic while processes and the database are stopped, killed and restarted. One file at a time,
// each in order.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['faults/**/*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
