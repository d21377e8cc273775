import { describe, expect, inject, it } from 'vitest';
import type { AppName } from '@repo/contracts';
import { collectPageErrors, holdModuleScripts, useBrowser, viewports, waitForHydration } from '../support/browser.ts';

const urls = inject('urls');
const browser = useBrowser();

/**
 * Every prerendered form a visitor can fill in, with what is put in its fields before the page's scripts run: as
 * browser autofill does at first paint, or as a quick visitor types on a slow phone. Field names are the inputs' `name`.
 */
const forms: { app: AppName; path: string; values: Record<string, string> }[] = [
  { app: 'portal', path: '/login', values: { email: 'early@example.com', password: 'typed-before-scripts' } },
  { app: 'portal', path: '/register', values: { email: 'early@example.com', firstName: 'Early', lastName: 'Bird' } },
  { app: 'portal', path: '/forgot-password', values: { email: 'early@example.com' } },
  { app: 'portal', path: '/reset-password?token=A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8S9t0U1v', values: { password: 'typed-before-scripts', confirmPassword: 'typed-before-scripts' } },
  { app: 'web', path: '/find-appointment', values: { email: 'early@example.com' } },
  { app: 'web', path: '/payment', values: { description: 'Invoice INV-1042', payerEmail: 'early@example.com', reference: 'INV-1042' } },
  // The back office is not prerendered: its sign-in appears with its scripts, so nothing can be put in it before.
];

describe('what is in a form before the scripts start is still there after', () => {
  it.each(forms)('$app $path, on a CPU slowed 6×', { timeout: 120_000 }, async ({ app, path, values }) => {
    const context = await browser().newContext({ viewport: viewports.mobile });
    const scripts = await holdModuleScripts(context);
    const page = await context.newPage();
    const errors = await collectPageErrors(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    await page.goto(`${urls[app]}${path}`, { waitUntil: 'domcontentloaded' });

    // Filled in as autofill does: the value set and input and change events sent, before any script listens.
    const missing = await page.evaluate((entries) => {
      const absent: string[] = [];
      for (const [name, value] of entries) {
        const input = document.querySelector<HTMLInputElement>(`input[name="${name}"]`);
        if (!input) {
          absent.push(name);
          continue;
        }
        input.value = value;
        input.dispatchEvent(new Event('input', { bubbles: true }));
        input.dispatchEvent(new Event('change', { bubbles: true }));
      }
      return absent;
    }, Object.entries(values));
    expect(missing, 'fields of the prerendered page').toEqual([]);

    await scripts.release();
    await waitForHydration(page);
    // Whatever the page does once its scripts run (its data arriving, its routes loading) is done.
    await page.waitForLoadState('networkidle');
    for (const [name, value] of Object.entries(values)) {
      expect(await page.locator(`input[name="${name}"]`).inputValue(), name).toBe(value);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
