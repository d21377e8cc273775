import { spawnSync } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The module rules of `pnpm lint` (.dependency-cruiser.cjs) on planted modules, laid out like the repository in a
// temporary folder whose node_modules is the repository's own (so `@repo/…` resolves through the real exports maps).
const repoRoot = path.resolve(import.meta.dirname, '..');
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'dependency-rules-'));
  const files = {
    'tsconfig.base.json': '{}\n',
    // A cycle of type-only imports, which TypeScript erases and eslint's import-x/no-cycle does not see.
    'order.ts': "import type { Customer } from './customer.ts';\nexport type Order = { id: number; customer: Customer };\n",
    'customer.ts': "import type { Order } from './order.ts';\nexport type Customer = { id: number; orders: Order[] };\n",
    // The same types with the shared one moved down a layer: imports go one way.
    'invoice.ts': "import type { Payer } from './payer.ts';\nexport type Invoice = { id: number; payer: Payer };\n",
    'payer.ts': 'export type Payer = { id: number };\n',
    // infra/ below scripts/: scripts may use infra, never the reverse.
    'infra/node-version.mjs': "export const version = '24';\n",
    'infra/uses-script.mjs': "import { start } from '../scripts/start.mjs';\nexport default start;\n",
    'scripts/start.mjs': "import { version } from '../infra/node-version.mjs';\nexport const start = () => version;\n",
    // Workspace packages reached by path instead of through their exports.
    'services/booking/src/db/schema.ts': 'export type BookingDatabase = { appointments: { id: string } };\n',
    'services/tracking/src/definition.ts': 'export const trackingService = {};\n',
    'services/tracking/test/own.test.ts': "import { trackingService } from '../src/definition.ts';\nexport default trackingService;\n",
    'services/tracking/test/other.test.ts': "import type { BookingDatabase } from '../../booking/src/db/schema.ts';\nexport type Db = BookingDatabase;\n",
    'tests/faults.test.ts': "import type { BookingDatabase } from '../services/booking/src/db/schema.ts';\nexport type Db = BookingDatabase;\n",
    'scripts/deep.ts': "import { contentSecurityPolicy } from '@repo/gateway/src/policy.ts';\nexport default contentSecurityPolicy;\n",
    'scripts/exported.ts': "import { contentSecurityPolicy } from '@repo/gateway/policy';\nexport default contentSecurityPolicy;\n",
  };
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), text);
  }
  await symlink(path.join(repoRoot, 'node_modules'), path.join(dir, 'node_modules'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Checks the planted files alone: the cruise does not follow imports out of the temporary folder into the repository. */
const cruise = (...files: string[]) =>
  spawnSync(path.join(repoRoot, 'node_modules/.bin/depcruise'), [...files, '--config', path.join(repoRoot, '.dependency-cruiser.cjs'), '--do-not-follow', '^\\.\\./', '--output-type', 'err'], {
    cwd: dir,
    encoding: 'utf8',
    // With CI set, depcruise colours its report; the assertions read plain text.
    env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' },
  });

const expectBreach = (result: ReturnType<typeof cruise>, rule: string, from: string, to: string) => {
  expect(result.status).not.toBe(0);
  expect(stripVTControlCharacters(result.stdout)).toContain(`${rule}: ${from} → ${to}`);
};

const expectClean = (result: ReturnType<typeof cruise>) => {
  expect(result.stdout).toContain('no dependency violations found');
  expect(result.status).toBe(0);
};

describe('cycles', () => {
  it('fails on a cycle made only of type imports, naming both modules', { timeout: 60_000 }, () => {
    const result = cruise('order.ts', 'customer.ts');
    expect(result.status).not.toBe(0);
    expect(result.stdout).toContain('no-cycle');
    expect(result.stdout).toContain('order.ts');
    expect(result.stdout).toContain('customer.ts');
  });

  it('passes once the shared type has moved down a layer', { timeout: 60_000 }, () => {
    expectClean(cruise('invoice.ts', 'payer.ts'));
  });
});

describe('infra/ and scripts/', () => {
  it('fails when infra/ imports scripts/', { timeout: 60_000 }, () => {
    expectBreach(cruise('infra/uses-script.mjs'), 'infra-not-to-scripts', 'infra/uses-script.mjs', 'scripts/start.mjs');
  });

  it('passes when scripts/ imports infra/', { timeout: 60_000 }, () => {
    expectClean(cruise('scripts/start.mjs'));
  });
});

describe('workspace packages through their exports', () => {
  it("fails on a relative path into another package's files, from a package or from outside one", { timeout: 60_000 }, () => {
    const schema = 'services/booking/src/db/schema.ts';
    expectBreach(cruise('services/tracking/test/other.test.ts'), 'no-path-out-of-package', 'services/tracking/test/other.test.ts', schema);
    expectBreach(cruise('tests/faults.test.ts'), 'no-path-into-package', 'tests/faults.test.ts', schema);
  });

  it("passes on a relative path within a package (a test importing its package's source)", { timeout: 60_000 }, () => {
    expectClean(cruise('services/tracking/test/own.test.ts'));
  });

  it('fails on a deep import the package does not export, and passes on an exported subpath', { timeout: 60_000 }, () => {
    expectBreach(cruise('scripts/deep.ts'), 'no-unresolvable-import', 'scripts/deep.ts', '@repo/gateway/src/policy.ts');
    expectClean(cruise('scripts/exported.ts'));
  });
});
