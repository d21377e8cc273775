import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as contracts from '../src/index.ts';

const sourceDir = path.resolve(import.meta.dirname, '../src');
const modules = readdirSync(sourceDir).filter((file) => file.endsWith('.ts') && file !== 'index.ts');

// Apps and services import only from '@repo/contracts' (tests also from '@repo/contracts/testing', in src/testing/),
// so a resource file left out of the index would be unreachable.
describe('@repo/contracts', () => {
  it.each(modules)('re-exports everything %s exports', async (file) => {
    const module = (await import(path.join(sourceDir, file))) as Record<string, unknown>;
    const exported = Object.keys(module);
    expect(exported.length).toBeGreaterThan(0);
    for (const name of exported) expect((contracts as Record<string, unknown>)[name], `${file}: ${name}`).toBe(module[name]);
  });
});
