import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

const appDir = path.resolve(import.meta.dirname, '../..');

afterEach(() => {
  vi.restoreAllMocks();
});

describe('public/zod-jitless.js', () => {
  it("sets zod jitless before the contracts load, so a schema never probes for eval (the gateway's CSP forbids it)", async () => {
    // The test setup has loaded zod and the contracts already. zod is not reset with the workspace's modules and keeps
    // reading the same global object, so the setting is taken off it first; in the page, the script runs before both.
    vi.resetModules();
    const config = (globalThis as { __zod_globalConfig?: Record<string, unknown> }).__zod_globalConfig;
    if (config) delete config.jitless;
    const run = new Function(await readFile(path.join(appDir, 'public/zod-jitless.js'), 'utf8')) as () => void;
    run();
    const probe = vi.spyOn(globalThis, 'Function');
    const { loginRequestSchema } = await import('@repo/contracts');
    expect(loginRequestSchema.safeParse({ email: 'pat@example.com', password: 'secret-enough' }).success).toBe(true);
    expect(probe).not.toHaveBeenCalled();
  });

  it('is a classic script in index.html ahead of the module script, so it runs before any module loads zod', async () => {
    const html = await readFile(path.join(appDir, 'index.html'), 'utf8');
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((match) => match[1]);
    expect(scripts[0]).toBe(' src="/zod-jitless.js"');
    expect(scripts.slice(1).every((attributes) => attributes?.includes('type="module"'))).toBe(true);
  });
});
