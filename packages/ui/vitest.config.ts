import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    // Above the 10 s that waiting queries allow (src/testing/setup.ts), so a slow wait fails with its own message.
    testTimeout: 30_000,
    // Files share a worker's loaded modules (Mantine, React), loaded once instead of once per file; no test keeps state in a module.
    isolate: false,
  },
});
