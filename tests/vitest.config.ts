import { defineConfig } from 'vitest/config';

// Browser tests (built apps and services behind real nginx, real PostgreSQL, Debian's Chromium) and system tests
// (hostile input, access rules: HTTP and WebSocket through the same gateway).
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['browser/**/*.test.ts', 'system/**/*.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
