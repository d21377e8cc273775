import { describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiDocsPath, serviceNames } from '@repo/contracts';
import { useBrowser } from '../support/browser.ts';
import { collectUnexpectedErrors, newContext, phone, urls } from './portal-support.ts';
import { noScrollSideways, staffToken, submitBackOfficeSignIn } from './tracking-support.ts';
import { axeViolations } from './web-support.ts';

// The back office's API reference for integrators, through the real nginx and the built services: staff only (a
// visitor is sent to sign in, the documents answer 401 without a session and 403 to a customer), one reference of the
// four services' calls rendered by Scalar under the back office's own Content-Security-Policy (enforced here: no
// console error), reachable from the header by keyboard, and usable on a phone.
const admin = inject('admin');
const browser = useBrowser();
const desktop = { width: 1440, height: 900 } as const;

/** A context that enforces the page's CSP, as a real browser does (newContext bypasses it for axe). */
const enforcingContext = (current: Browser, viewport: { width: number; height: number }): Promise<BrowserContext> => current.newContext({ viewport });

async function signedInPage(context: BrowserContext): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors = collectUnexpectedErrors(page);
  await page.goto(`${urls.backoffice}/admin-login`);
  await submitBackOfficeSignIn(page, admin);
  await page.waitForURL(`${urls.backoffice}/admin-customer-management`);
  return { page, errors };
}

/** Waits until Scalar has drawn the merged document: its introduction, under the page's own heading. */
async function referenceShown(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'API Reference' }).waitFor();
  await page.getByRole('heading', { name: 'St Augustine Appliance Repair API' }).waitFor({ timeout: 30_000 });
}

const visibleText = (page: Page, text: string) => page.getByText(text, { exact: true }).filter({ visible: true }).first();

describe('the back office API reference', () => {
  it('is for staff only: a visitor is sent to sign in, and the documents refuse anyone without a staff session', async () => {
    const context = await newContext(browser(), desktop);
    const page = await context.newPage();
    await page.goto(`${urls.backoffice}/api-reference`);
    await page.getByRole('heading', { level: 1, name: 'Back Office Sign In' }).waitFor();
    await context.close();

    for (const service of serviceNames) {
      const anonymous = await fetch(`${urls.backoffice}${apiDocsPath(service)}`);
      expect(anonymous.status, service).toBe(401);
      expect(((await anonymous.json()) as { error: { code: string } }).error.code).toBe('UNAUTHORIZED');
    }
    const token = await staffToken();
    for (const service of serviceNames) {
      const document = await fetch(`${urls.backoffice}${apiDocsPath(service)}`, { headers: { authorization: `Bearer ${token}` } });
      expect(document.status, service).toBe(200);
      expect(((await document.json()) as { openapi: string }).openapi).toBe('3.1.0');
    }
  });

  it("shows every service's calls under the page's own CSP, reached from the header by keyboard", async () => {
    const context = await enforcingContext(browser(), desktop);
    const { page, errors } = await signedInPage(context);
    // From the header's link, by keyboard.
    const link = page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'API Reference' });
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${urls.backoffice}/api-reference`);
    await referenceShown(page);
    expect(await page.title()).toMatch(/API Reference/);
    // Calls of every service are in the one reference, grouped by tag: opening booking's appointments shows its calls.
    for (const service of serviceNames) await visibleText(page, `The ${service} service's OpenAPI document`).waitFor();
    for (const tag of ['appointments', 'auth', 'tracking', 'payments']) await visibleText(page, tag).waitFor();
    await visibleText(page, 'appointments').click();
    const booking = visibleText(page, 'Book an appointment in a free slot, as a visitor or a signed-in customer');
    await booking.waitFor();
    await booking.click();
    await expect.poll(() => page.getByText('POST', { exact: true }).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    // Reloading the page shows it again (a deep link works).
    await page.reload();
    await referenceShown(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('passes axe on the page around the reference and fits a 390 px phone', async () => {
    const context = await newContext(browser(), phone);
    const { page, errors } = await signedInPage(context);
    await page.goto(`${urls.backoffice}/api-reference`);
    await referenceShown(page);
    await noScrollSideways(page, phone.width);
    const ours = (await axeViolations(page)).filter((violation) => violation.nodes.some((node) => !node.target.some((target) => target.includes('scalar'))));
    expect(ours.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
