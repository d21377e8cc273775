import { defineConfig } from 'vitest/config';

// Independent checkers on the built apps (Nu Html Checker, structured-data validation): they read the production build
// in apps/*/dist, so this layer runs after `pnpm build`. Each checker is one file in checks/.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['checks/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
