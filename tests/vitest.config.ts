import { defineConfig } from 'vitest/config';

// Browser tests: built apps and services behind real nginx, real PostgreSQL, Debian's Chromium.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['browser/**/*.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
