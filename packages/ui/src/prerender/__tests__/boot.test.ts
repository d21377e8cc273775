import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** Runs build/boot.js as the page's classic script with `data-modules`, as the prerendered HTML does. */
async function runBoot(modules: string) {
  const source = await readFile(path.resolve(import.meta.dirname, '../../../build/boot.js'), 'utf8');
  const script = document.createElement('script');
  script.dataset.modules = modules;
  document.head.append(script);
  vi.spyOn(document, 'currentScript', 'get').mockReturnValue(script);
  const run = new Function(source) as () => void;
  run();
}

afterEach(() => {
  vi.restoreAllMocks();
  for (const element of document.head.querySelectorAll('script, link')) element.remove();
});

describe('boot.js', () => {
  it('adds the entry module and preloads the rest after the first paint', async () => {
    await runBoot('/assets/index-a.js /assets/shared-b.js /assets/login-c.js');
    await vi.waitFor(() => expect(document.head.querySelector('script[type="module"]')?.getAttribute('src')).toBe('/assets/index-a.js'));
    const preloads = [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));
    expect(preloads).toEqual(['/assets/shared-b.js', '/assets/login-c.js']);
  });

  it("sets zod jitless before the contracts load, so a schema never probes for eval (the gateway's CSP forbids it)", async () => {
    await runBoot('/assets/index-a.js');
    // The test setup has loaded the contracts already; in the page, boot.js runs before any module.
    vi.resetModules();
    const probe = vi.spyOn(globalThis, 'Function');
    const { loginRequestSchema } = await import('@repo/contracts');
    expect(loginRequestSchema.safeParse({ email: 'pat@example.com', password: 'secret-enough' }).success).toBe(true);
    expect(probe).not.toHaveBeenCalled();
  });
});
