import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      setupFiles: ['@repo/ui/testing'],
      // Above the 10 s that waiting queries allow (@repo/ui/testing), so a slow wait fails with its own message.
      testTimeout: 30_000,
      // Files share a worker's loaded modules (Mantine, React), loaded once instead of once per file; no test keeps state in a module.
      isolate: false,
    },
  }),
);
