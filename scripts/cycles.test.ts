import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';

// The cycle check of `pnpm lint` (.dependency-cruiser.cjs) on planted modules: type-only imports count.
const repoRoot = path.resolve(import.meta.dirname, '..');
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'cycles-'));
  const files = {
    // A cycle of type-only imports, which TypeScript erases and eslint's import-x/no-cycle does not see.
    'order.ts': "import type { Customer } from './customer.ts';\nexport type Order = { id: number; customer: Customer };\n",
    'customer.ts': "import type { Order } from './order.ts';\nexport type Customer = { id: number; orders: Order[] };\n",
    // The same types with the shared one moved down a layer: imports go one way.
    'invoice.ts': "import type { Payer } from './payer.ts';\nexport type Invoice = { id: number; payer: Payer };\n",
    'payer.ts': 'export type Payer = { id: number };\n',
  };
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), text);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const cruise = (...files: string[]) =>
  spawnSync('pnpm', ['exec', 'depcruise', ...files.map((file) => path.join(dir, file)), '--config', '.dependency-cruiser.cjs', '--output-type', 'err'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });

it('fails on a cycle made only of type imports, naming both modules', { timeout: 60_000 }, () => {
  const result = cruise('order.ts', 'customer.ts');
  expect(result.status).not.toBe(0);
  expect(result.stdout).toContain('no-cycle');
  expect(result.stdout).toContain('order.ts');
  expect(result.stdout).toContain('customer.ts');
});

it('passes once the shared type has moved down a layer', { timeout: 60_000 }, () => {
  const result = cruise('invoice.ts', 'payer.ts');
  expect(result.stdout).toContain('no dependency violations found');
  expect(result.status).toBe(0);
});
