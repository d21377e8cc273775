import { defineConfig } from 'vitest/config';

// Independent checkers on the built apps (Nu Html Checker, structured-data validation, secrets in the bundles): they
// read the production build in apps/*/dist, so this layer runs after `pnpm build`, and start nothing. Prometheus'
// promtool checks the alert rules and scrape config in infra/monitoring here too (checks/monitoring.test.ts). Each checker is
// one file in checks/. The Nu checker on the pages as Chromium renders them (checks/rendered-html.test.ts) needs the
// running stack, so it runs in the browser tests' layer (vitest.config.ts), on their stack.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['checks/**/*.test.ts'],
    exclude: ['checks/rendered-*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
