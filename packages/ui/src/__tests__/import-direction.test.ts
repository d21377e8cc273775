/// <reference types="node" />
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const rule = 'import-x/no-restricted-paths';

// Loading the config, parser and resolver takes seconds on a busy machine; it happens once, before the cases.
const loadTimeoutMs = 120_000;
const caseTimeoutMs = 30_000;

let eslint: ESLint;
beforeAll(async () => {
  eslint = new ESLint({ cwd: repoRoot });
  await eslint.lintText('export {};', { filePath: path.join(repoRoot, 'apps/web/src/lib/warm-up.ts') });
}, loadTimeoutMs);

/** The import-direction errors the repository's lint config reports for `source` placed at `filePath`. */
async function directionErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(repoRoot, filePath) });
  return (result?.messages ?? []).filter((message) => message.ruleId === rule).map((message) => message.message);
}

// The imported files exist, so the resolver finds them as it would in real code.
describe('import direction lint (shared → features → app)', () => {
  it.each([
    ['apps/web/src/features/booking/components/fixture.ts', "export { formatUsd } from '../../payment/lib/money.ts';", 'A feature never imports another feature'],
    ['apps/portal/src/features/auth/components/fixture.ts', "export { CustomerPortalPage } from '../../customer-portal/components/customer-portal-page.tsx';", 'A feature never imports another feature'],
    ['apps/backoffice/src/features/customers/fixture.ts', "export { requireAdminSession } from '../auth/admin-session.ts';", 'A feature never imports another feature'],
    ['apps/web/src/features/payment/fixture.ts', "export { routes } from '../../app/router.tsx';", 'Only src/app imports from src/app'],
    ['apps/web/src/components/fixture.ts', "export { App } from '../app/index.tsx';", 'Only src/app imports from src/app'],
    ['apps/backoffice/src/lib/fixture.ts', "export { routes } from '../app/router.tsx';", 'Only src/app imports from src/app'],
    ['apps/web/src/lib/fixture.ts', "export { HomePage } from '../features/site/components/home-page.tsx';", 'Shared code never imports a feature'],
    ['apps/portal/src/config/fixture.ts', "export { loginCustomer } from '../features/auth/api/login.ts';", 'Shared code never imports a feature'],
  ])('rejects %s: %s', async (filePath, source, message) => {
    const errors = await directionErrors(filePath, source);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(message);
  }, caseTimeoutMs);

  it.each([
    ['apps/web/src/app/routes/fixture.ts', "export { BookingWizard } from '../../features/booking/components/booking-wizard.tsx';"],
    ['apps/web/src/features/booking/components/fixture.ts', "export { EmergencyBanner } from '../../../components/emergency-banner.tsx';\nexport { paths } from '../../../config/paths.ts';"],
    ['apps/web/src/features/payment/components/fixture.ts', "export { formatUsd } from '../lib/money.ts';"],
    ['apps/backoffice/src/app/fixture.ts', "export { requireAdminSession } from '../features/auth/admin-session.ts';"],
    ['apps/web/src/components/fixture.ts', "export { sections } from '../lib/section-scroll.ts';"],
  ])('allows %s: %s', async (filePath, source) => {
    expect(await directionErrors(filePath, source)).toEqual([]);
  }, caseTimeoutMs);
});
