import { randomBytes } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { staffSessionCookieName, technicianAccountsPath } from '@repo/contracts';
import { holdModuleScripts, useBrowser, waitForHydration } from '../support/browser.ts';
import { newContext, open, phone, urls } from './portal-support.ts';
import { staffToken, submitBackOfficeSignIn } from './tracking-support.ts';

// Back-office sign-in through the real nginx and the built services: the session is the httpOnly staff_session
// cookie, never a token the page can read or keeps; the guards, the header navigation and sign-out.
const admin = inject('admin');
const browser = useBrowser();
const desktop = { width: 1280, height: 800 } as const;

const nav = (page: Page) => page.getByRole('navigation', { name: 'Back office' });
const staffCookie = async (context: BrowserContext) => (await context.cookies(urls.backoffice)).find((cookie) => cookie.name === staffSessionCookieName);
/** The element that has keyboard focus, as "<tag>:<text>". */
const focused = (page: Page) => page.evaluate(() => `${document.activeElement?.tagName.toLowerCase()}:${document.activeElement?.textContent?.trim()}`);


describe('back-office sign-in through nginx', () => {
  it('sends an anonymous visit to /admin-tracking to sign-in with Authentication Required', async () => {
    const context = await newContext(browser(), desktop);
    const { page, errors } = await open(context, `${urls.backoffice}/admin-tracking`);
    await page.waitForURL(`${urls.backoffice}/admin-login`);
    await page.getByRole('heading', { level: 1, name: 'Back Office Sign In' }).waitFor();
    await page.getByRole('alert').filter({ hasText: 'Authentication Required' }).waitFor();
    expect(await nav(page).count()).toBe(0);
    expect(await page.getByLabel('Email').inputValue()).toBe('');
    expect(await page.locator('body').innerText()).not.toMatch(/owner@example\.com|browser-test-admin-password/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the session in an httpOnly cookie, moves between pages by keyboard, and signs out for good', async () => {
    const context = await newContext(browser(), desktop);
    const { page, errors } = await open(context, `${urls.backoffice}/admin-login`);
    await submitBackOfficeSignIn(page, admin);
    await page.waitForURL(`${urls.backoffice}/admin-customer-management`);
    await page.getByRole('heading', { level: 1, name: 'Customer Management' }).waitFor();

    const cookie = await staffCookie(context);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.value).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const stored = await page.evaluate(() => ({ cookies: document.cookie, local: { ...window.localStorage }, session: { ...window.sessionStorage } }));
    expect(stored).toEqual({ cookies: expect.not.stringContaining(staffSessionCookieName), local: {}, session: {} });
    expect(JSON.stringify(stored)).not.toContain(cookie!.value);
    expect(errors).toEqual([]);

    // The header's links, in tab order after Customers, the current page marked.
    const customers = nav(page).getByRole('link', { name: 'Customers' });
    await expect.poll(() => customers.getAttribute('aria-current')).toBe('page');
    await customers.focus();
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('a:Technicians');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${urls.backoffice}/technician-management`);
    await expect.poll(() => nav(page).getByRole('link', { name: 'Technicians' }).getAttribute('aria-current')).toBe('page');
    expect(await customers.getAttribute('aria-current')).toBeNull();
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('a:Tracking');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${urls.backoffice}/admin-tracking`);
    await expect.poll(() => nav(page).getByRole('link', { name: 'Tracking' }).getAttribute('aria-current')).toBe('page');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${urls.backoffice}/admin-login`);
    await page.getByRole('heading', { level: 1, name: 'Back Office Sign In' }).waitFor();
    expect(await nav(page).count()).toBe(0);
    expect((await staffCookie(context))?.value ?? '').toBe('');
    // The old token is ended at the server, not only forgotten by the browser.
    const reused = await fetch(`${urls.backoffice}/api/admin/customers`, { headers: { authorization: `Bearer ${cookie!.value}` } });
    expect(reused.status).toBe(401);

    await page.goBack();
    await page.getByRole('alert').filter({ hasText: 'Authentication Required' }).waitFor();
    await page.waitForURL(`${urls.backoffice}/admin-login`);
    expect(await nav(page).count()).toBe(0);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Back Office Sign In');
    await context.close();
  });

  it('fits the signed-in header on a 390 px phone', async () => {
    const context = await newContext(browser(), phone);
    const { page } = await open(context, `${urls.backoffice}/admin-login`);
    await submitBackOfficeSignIn(page, admin);
    await page.waitForURL(`${urls.backoffice}/admin-customer-management`);
    for (const name of ['Customers', 'Technicians', 'Tracking']) {
      const box = await nav(page).getByRole('link', { name }).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= phone.width).toBe(true);
    }
    const signOut = await page.getByRole('button', { name: 'Sign out' }).boundingBox();
    expect(signOut && signOut.x + signOut.width <= phone.width).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await context.close();
  });

  it('signs a technician in to their jobs only, with the sign-in staff gave them', async () => {
    const { context, page } = await signInNewTechnician();
    await expect.poll(() => nav(page).getByRole('link').allTextContents()).toEqual(['My jobs']);
    // The address changes before React renders the new location: wait for the mark, as a screen reader would.
    await expect.poll(() => nav(page).getByRole('link', { name: 'My jobs' }).getAttribute('aria-current')).toBe('page');

    await page.goto(`${urls.backoffice}/admin-tracking`);
    await page.waitForURL(`${urls.backoffice}/my-jobs`);
    const refused = await page.evaluate(async () => (await fetch('/api/admin/customers', { credentials: 'include' })).status);
    expect(refused).toBe(403);
    await context.close();
  });

  it("draws a technician's /my-jobs from its HTML before any of its code has loaded, and the page then takes its place without a blank moment", async () => {
    const { context, page } = await signInNewTechnician();

    const held = await holdModuleScripts(context);
    // Every change to the page is checked for the heading, from the first parsed byte on.
    await page.addInitScript(() => {
      const seen = { frames: 0, withoutHeading: 0 };
      Object.assign(window, { headingSeen: seen });
      new MutationObserver(() => {
        const root = document.getElementById('root');
        if (!root || root.childElementCount === 0) return;
        seen.frames += 1;
        if (!Array.from(root.querySelectorAll('h1')).some((h1) => h1.textContent === 'My Jobs')) seen.withoutHeading += 1;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${urls.backoffice}/my-jobs`);
    expect(await page.title()).toBe('My Jobs | St Augustine Appliance Repair');
    await page.getByRole('heading', { level: 1, name: 'My Jobs' }).waitFor();
    await page.getByRole('heading', { name: 'Loading your jobs...' }).waitFor();
    // Today is not known when the page is built: the day picker is there, empty and off, until the code runs.
    expect(await page.getByLabel('Jobs on').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Next day' }).isDisabled()).toBe(true);

    await held.release();
    await waitForHydration(page);
    await page.getByRole('heading', { name: 'No jobs today' }).waitFor();
    expect(await page.getByLabel('Jobs on').isDisabled()).toBe(false);
    await expect.poll(() => nav(page).getByRole('link').allTextContents()).toEqual(['My jobs']);
    const seen = await page.evaluate(() => (window as unknown as { headingSeen: { frames: number; withoutHeading: number } }).headingSeen);
    expect(seen.frames).toBeGreaterThan(0);
    expect(seen.withoutHeading).toBe(0);
    await context.close();
  });
});

/** A technician staff just gave a sign-in (with no jobs yet), signed in on a phone: sign-in takes them to /my-jobs. */
async function signInNewTechnician() {
  const id = randomBytes(4).toString('hex');
  const technician = { technicianId: `tech_browser_${id}`, name: 'Browser Technician', email: `tech.${id}@example.com`, password: `socket-wrench-${id}` };
  const created = await fetch(`${urls.backoffice}${technicianAccountsPath}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await staffToken()}`, 'content-type': 'application/json', origin: urls.backoffice },
    body: JSON.stringify(technician),
  });
  expect(created.status).toBe(201);
  const context = await newContext(browser(), phone);
  const { page } = await open(context, `${urls.backoffice}/admin-login`);
  await submitBackOfficeSignIn(page, technician);
  await page.waitForURL(`${urls.backoffice}/my-jobs`);
  return { context, page };
}
