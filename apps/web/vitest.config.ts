import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default defineConfig((env) =>
  mergeConfig(viteConfig(env), {
    test: {
      environment: 'jsdom',
      setupFiles: ['@repo/ui/testing'],
      // Above the 10 s that waiting queries allow (@repo/ui/testing), so a slow wait fails with its own message.
      testTimeout: 30_000,
      // Files share a worker and its jsdom window, React and Mantine loaded once; @repo/ui/testing has each file load
      // the app's own modules afresh.
      isolate: false,
    },
  }),
);
