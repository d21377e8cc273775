import { randomBytes } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { staffAccountMessages } from '@repo/contracts';
import { useBrowser } from '../support/browser.ts';
import { newContext, open, phone, urls } from './portal-support.ts';
import { noScrollSideways, submitBackOfficeSignIn } from './tracking-support.ts';
import { axeViolations } from './web-support.ts';

// The owner's back-office pages through the real nginx and the built services on PostgreSQL: staff sign-ins (an
// administrator adds one, the new staff member signs in and finds no Payments or Staff, a new password ends their
// session), the payments ledger filtered by reference and status, the deliveries page, the whole path by keyboard,
// and every page on a 390 px phone with nothing off screen or covered. Axe clean.
const admin = inject('admin');
const browser = useBrowser();
const desktop = { width: 1280, height: 800 } as const;

type Credentials = { email: string; password: string };

async function signIn(context: BrowserContext, credentials: Credentials): Promise<{ page: Page; errors: string[] }> {
  const { page, errors } = await open(context, `${urls.backoffice}/admin-login`);
  await submitBackOfficeSignIn(page, credentials);
  await page.waitForURL(`${urls.backoffice}/admin-customer-management`);
  await page.getByRole('heading', { level: 1, name: 'Customer Management' }).waitFor();
  return { page, errors };
}

async function goTo(page: Page, path: string, heading: string): Promise<void> {
  await page.goto(`${urls.backoffice}${path}`);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Back office' });
/**
 * The console lines a browser writes for two answers the API gives on purpose, which the pages read as answers: the
 * latest import is 404 before the first one (its contract), and payments, which sends no messages to other services,
 * has no deliveries to report (404; the page says so). Every other console error fails the test.
 */
const toast = (page: Page, title: string) => page.getByRole('region', { name: /notifications/i }).getByRole('alert').filter({ hasText: title });
const focusedText = (page: Page) => page.evaluate(() => `${document.activeElement?.tagName.toLowerCase()}:${document.activeElement?.textContent?.trim()}`);

/** Presses Tab until `matches` says the focused element is the one wanted; fails after `limit` presses. */
async function tabUntil(page: Page, wanted: string, matches: () => Promise<boolean>, limit = 30): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press('Tab');
    if (await matches()) return;
  }
  throw new Error(`${limit} presses of Tab did not reach ${wanted}.`);
}

/** Creates a demo-provider payment intent as the payment page does; it is pending in the ledger. */
async function paymentIntent(amount: number, reference: string, payerEmail: string): Promise<void> {
  const response = await fetch(`${urls.web}/api/create-payment-intent`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: urls.web },
    body: JSON.stringify({ amount, description: 'Appliance repair service', reference, payerEmail }),
  });
  expect(response.status).toBe(200);
}

/**
 * Form controls and links of the page's main part that something else covers at their centre (a floating header,
 * a toast, a neighbour that overflows): each is scrolled into view and asked what the point under its centre is.
 */
function coveredControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const covered: string[] = [];
    for (const control of Array.from(document.querySelectorAll<HTMLElement>('main a, main button, main input, main select, main textarea, main [role="tab"]'))) {
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      control.scrollIntoView({ block: 'center', inline: 'center' });
      const rect = control.getBoundingClientRect();
      const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
      if (!hit || !(control === hit || control.contains(hit) || hit.contains(control))) {
        covered.push(`${control.tagName.toLowerCase()} "${(control.textContent || control.getAttribute('aria-label') || control.getAttribute('name') || '').trim()}" under ${hit?.tagName.toLowerCase()}.${hit?.className}`);
      }
    }
    window.scrollTo(0, 0);
    return covered;
  });
}

/** The header's links and Sign out on screen, side by side without overlapping. */
async function headerFits(page: Page, width: number): Promise<void> {
  const boxes = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('header nav a, header button')).map((element) => {
      const box = element.getBoundingClientRect();
      return { name: element.textContent?.trim(), left: box.left, right: box.right, top: box.top, bottom: box.bottom };
    }),
  );
  expect(boxes.length).toBeGreaterThan(1);
  for (const box of boxes) {
    expect(box.left, `${box.name} starts on screen`).toBeGreaterThanOrEqual(0);
    expect(box.right, `${box.name} ends on screen`).toBeLessThanOrEqual(width);
  }
  for (const [index, a] of boxes.entries()) {
    for (const b of boxes.slice(index + 1)) {
      const overlap = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      expect(overlap, `${a.name} and ${b.name} overlap`).toBe(false);
    }
  }
}

describe('the owner’s back-office pages through nginx', () => {
  it('adds a staff member who signs in without Payments or Staff, and a new password ends their session', async () => {
    const id = randomBytes(4).toString('hex');
    const staff = { name: `Sam Rivers ${id}`, email: `sam.${id}@example.com`, password: `harbor-lantern-${id}` };
    const adminContext = await newContext(browser(), desktop);
    const { page, errors } = await signIn(adminContext, admin);
    await nav(page).getByRole('link', { name: 'Staff' }).click();
    await page.getByRole('heading', { level: 1, name: 'Staff' }).waitFor();
    const list = page.getByRole('table', { name: 'Staff accounts' });
    await list.getByRole('row').filter({ hasText: admin.email }).getByText('You').waitFor();

    const form = page.getByRole('form', { name: 'Add staff' });
    await form.getByLabel('Name').fill(staff.name);
    await form.getByLabel('Email').fill(staff.email);
    await form.getByLabel('Password', { exact: true }).fill('too-short');
    await form.getByRole('button', { name: 'Add Staff' }).click();
    await form.getByText('Password must be at least 12 characters').waitFor();
    await form.getByLabel('Password', { exact: true }).fill(staff.password);
    await form.getByRole('button', { name: 'Add Staff' }).click();
    await toast(page, 'Staff Account Created').waitFor();
    const row = list.getByRole('row').filter({ hasText: staff.email });
    await row.waitFor();
    expect(await row.getByRole('cell').nth(1).textContent()).toBe('Staff (dispatcher)');
    expect(await form.getByLabel('Password', { exact: true }).inputValue()).toBe('');

    // The same email again: the server's 409, beside the email field.
    await form.getByLabel('Name').fill('Someone Else');
    await form.getByLabel('Email').fill(staff.email);
    await form.getByLabel('Password', { exact: true }).fill(`${staff.password}-2`);
    await form.getByRole('button', { name: 'Add Staff' }).click();
    await form.getByText(staffAccountMessages.emailTaken).waitFor();
    expect(await form.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('body').innerText()).not.toContain(staff.password);
    expect(await axeViolations(page)).toEqual([]);

    // The new staff member: customers, technicians, tracking, deliveries and the API reference; the administrators' pages say so.
    const staffContext = await newContext(browser(), desktop);
    const asStaff = await signIn(staffContext, staff);
    await expect.poll(() => nav(asStaff.page).getByRole('link').allTextContents()).toEqual(['Customers', 'Technicians', 'Tracking', 'Dispatch Board', 'Closures', 'Invoices', 'Price Book', 'Deliveries', 'Notifications', 'API Reference']);
    await asStaff.page.getByRole('note').filter({ hasText: 'An administrator runs imports' }).waitFor();
    expect(await asStaff.page.getByRole('button', { name: 'Start Import' }).count()).toBe(0);
    for (const path of ['/admin-payments', '/admin-staff']) {
      await goTo(asStaff.page, path, 'Administrators only');
      expect(await nav(asStaff.page).getByRole('link').allTextContents()).toEqual(['Customers', 'Technicians', 'Tracking', 'Dispatch Board', 'Closures', 'Invoices', 'Price Book', 'Deliveries', 'Notifications', 'API Reference']);
    }
    await asStaff.page.getByRole('link', { name: 'Back to customer management' }).click();
    await asStaff.page.getByRole('heading', { level: 1, name: 'Customer Management' }).waitFor();

    // The administrator sets a new password: the staff member's session ends at once.
    const newPassword = `tide-compass-${id}`;
    await row.getByRole('button', { name: `Set new password for ${staff.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `New password for ${staff.name}` });
    await dialog.getByText(`A new password ends every session of ${staff.name}`).waitFor();
    await dialog.getByLabel('New password').fill(newPassword);
    await dialog.getByRole('button', { name: 'Set Password and End Sessions' }).click();
    await toast(page, 'Password Updated').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    await nav(asStaff.page).getByRole('link', { name: 'Deliveries' }).click();
    await asStaff.page.waitForURL(`${urls.backoffice}/admin-login`);
    await toast(asStaff.page, 'Authentication Required').waitFor();
    await submitBackOfficeSignIn(asStaff.page, staff);
    await toast(asStaff.page, 'Login Failed').waitFor();
    await submitBackOfficeSignIn(asStaff.page, { email: staff.email, password: newPassword });
    await asStaff.page.waitForURL(`${urls.backoffice}/admin-deliveries`);
    await asStaff.page.getByRole('heading', { level: 1, name: 'Deliveries' }).waitFor();
    // The one refusal the administrator's page met is the 409 this test asked for.
    expect(errors).toEqual([expect.stringMatching(/409 \(Conflict\) \(.*\/api\/admin\/staff\)$/)]);
    await staffContext.close();
    await adminContext.close();
  });

  it('filters the payments ledger by reference and status, with the filters in the address', async () => {
    const id = randomBytes(3).toString('hex').toUpperCase();
    await paymentIntent(42.5, `INV-${id}A`, 'casey@example.com');
    await paymentIntent(120, `INV-${id}B`, 'casey@example.com');
    const context = await newContext(browser(), desktop);
    const { page, errors } = await signIn(context, admin);
    await nav(page).getByRole('link', { name: 'Payments' }).click();
    await page.getByRole('heading', { level: 1, name: 'Payments' }).waitFor();
    await page.getByText(/^\d+ payments? in all$/).waitFor();

    await page.getByLabel('Reference').fill(`inv-${id.toLowerCase()}a`);
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await page.getByText('1 payment match these filters').waitFor();
    expect(new URL(page.url()).searchParams.get('reference')).toBe(`inv-${id.toLowerCase()}a`);
    const row = page.getByRole('table', { name: 'Payments' }).getByRole('row').nth(1);
    expect((await row.getByRole('cell').allTextContents()).slice(0, 6)).toEqual(['$42.50', '—', 'Pending', 'Demo (no card charged)', `INV-${id}A`, 'casey@example.com']);

    await page.reload();
    await page.getByText('1 payment match these filters').waitFor();
    expect(await page.getByLabel('Reference').inputValue()).toBe(`inv-${id.toLowerCase()}a`);

    await page.getByLabel('Status').selectOption('succeeded');
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await page.getByText('No payments match these filters.').waitFor();
    expect(new URL(page.url()).searchParams.get('status')).toBe('succeeded');

    await page.getByLabel('From').fill('2026-03-10');
    await page.getByLabel('To').fill('2026-03-01');
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await page.getByRole('form', { name: 'Filter payments' }).getByText('The end date must not be before the start date').waitFor();
    expect(await page.getByLabel('To').getAttribute('aria-invalid')).toBe('true');
    expect(new URL(page.url()).searchParams.get('to')).toBeNull();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await page.getByText(/^\d+ payments in all$/).waitFor();
    expect(new URL(page.url()).search).toBe('');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows each service’s deliveries with when they were last asked, and the all-clear once nothing is owed', async () => {
    const context = await newContext(browser(), desktop);
    const { page, errors } = await signIn(context, admin);
    await nav(page).getByRole('link', { name: 'Deliveries' }).click();
    await page.getByRole('heading', { level: 1, name: 'Deliveries' }).waitFor();
    for (const service of ['Booking', 'Accounts', 'Tracking', 'Payments']) await page.getByRole('region', { name: service }).waitFor();
    await page.getByText(/^Checked \d{1,2}:\d{2}:\d{2} [AP]M, every 10 seconds$/).waitFor();
    // Payments sends no messages, and says so like the others: nothing waiting.
    for (const service of ['Booking', 'Accounts', 'Tracking', 'Payments']) {
      await page.getByRole('region', { name: service }).getByRole('term').filter({ hasText: /^Waiting$/ }).waitFor();
    }
    // Right after the stack started, the seed's messages may still be on their way: the page's own refresh shows them go.
    await page.getByRole('status').filter({ hasText: 'All clear' }).waitFor({ timeout: 45_000 });
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('moves between the pages and uses them by keyboard alone', async () => {
    const context = await newContext(browser(), desktop);
    const { page, errors } = await signIn(context, admin);
    await page.locator('body').focus();

    await tabUntil(page, 'the Payments link', async () => (await focusedText(page)) === 'a:Payments');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${urls.backoffice}/admin-payments`);
    await expect.poll(() => nav(page).getByRole('link', { name: 'Payments' }).getAttribute('aria-current')).toBe('page');
    await tabUntil(page, 'the Reference field', () => page.getByLabel('Reference').evaluate((element) => element === document.activeElement));
    await page.keyboard.type('INV-NONE-0000');
    await page.keyboard.press('Enter');
    await page.getByText('No payments match these filters.').waitFor();

    await page.locator('body').focus();
    await tabUntil(page, 'the Customers link', async () => (await focusedText(page)) === 'a:Customers');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Customer Management' }).waitFor();
    await tabUntil(page, 'the Import Customers tab', async () => (await focusedText(page)) === 'button:Import Customers');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByRole('tab', { name: 'Phone Lookup' }).getAttribute('aria-selected')).toBe('true');
    await tabUntil(page, 'the Phone number field', () => page.getByLabel('Phone number').evaluate((element) => element === document.activeElement));
    await page.keyboard.type('904.802.1998');
    await page.keyboard.press('Enter');
    await page.getByRole('region', { name: 'Robert Alvarez' }).waitFor();

    await page.locator('body').focus();
    await tabUntil(page, 'the Staff link', async () => (await focusedText(page)) === 'a:Staff');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Staff' }).waitFor();
    // The list arrives after the heading: a person tabs once they see its rows.
    await page.getByRole('button', { name: /^Set new password for / }).first().waitFor();
    await tabUntil(page, 'a Set new password button', async () => (await focusedText(page)) === 'button:Set new password');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await expect.poll(() => dialog.getByLabel('New password').evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits every page on a 390 px phone: the header wraps, nothing goes off screen or covers a control, lists stack', async () => {
    const context = await newContext(browser(), phone);
    const { page, errors } = await signIn(context, admin);
    const pages: [string, string][] = [
      ['/admin-customer-management', 'Customer Management'],
      ['/admin-customer-management?tab=lookup', 'Customer Management'],
      ['/admin-customer-management?tab=servicepro', 'Customer Management'],
      ['/admin-customer-management?tab=portal', 'Customer Management'],
      ['/admin-payments', 'Payments'],
      ['/invoices', 'Invoices'],
      ['/price-book', 'Price Book'],
      ['/admin-deliveries', 'Deliveries'],
      ['/admin-notifications', 'Notifications'],
      ['/admin-staff', 'Staff'],
    ];
    for (const [path, heading] of pages) {
      await goTo(page, path, heading);
      await page.waitForLoadState('networkidle');
      await headerFits(page, phone.width);
      await noScrollSideways(page, phone.width);
      expect(await coveredControls(page), path).toEqual([]);
      // Lists are stacked cards on a phone, never a table wider than the screen.
      expect(await page.locator('main table[aria-label="Imported customers"], main table[aria-label="Payments"], main table[aria-label="Messages"], main table[aria-label="Staff accounts"], main table[aria-label="Invoices"], main table[aria-label="Price book"]').count(), path).toBe(0);
    }
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
