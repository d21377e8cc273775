import { configDefaults, defineConfig } from 'vitest/config';

// Independent checkers on the built apps (Nu Html Checker, structured-data validation): they read the production build
// in apps/*/dist, so this layer runs after `pnpm build`. Each checker is one file in checks/.
//
// The `rendered` project checks what the browser makes of those pages (signed in, tabs and dialogs open), which only
// the running stack shows: it starts the same stack as the browser tests (support/global-setup.ts: real nginx,
// PostgreSQL, the built services) and drives Debian's Chromium. Vitest runs a project's global setup only when one of
// its files runs, so checking only the built files (`checks/html.test.ts`) starts no stack.
const rendered = 'checks/rendered-*.test.ts';

export default defineConfig({
  test: {
    root: import.meta.dirname,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    projects: [
      { extends: true, test: { name: 'built', include: ['checks/**/*.test.ts'], exclude: [...configDefaults.exclude, rendered] } },
      {
        extends: true,
        test: { name: 'rendered', include: [rendered], globalSetup: ['./support/global-setup.ts'], hookTimeout: 180_000, fileParallelism: false },
      },
    ],
  },
});
