import { randomBytes } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { importAllCustomersPath, importJobMessages, latestImportJobPath, type ImportJob } from '@repo/contracts';
import { serviceProIdOf, serviceProSandboxCompanyName } from '@repo/field-service/sandbox';
import { useBrowser } from '../support/browser.ts';
import { textedCode } from '../support/texts.ts';
import { newContext, newCustomer, open, phone, signedInContext, urls } from './portal-support.ts';
import { noScrollSideways, staffToken, submitBackOfficeSignIn } from './tracking-support.ts';
import { axeViolations } from './web-support.ts';

// Customer management through the real nginx, the built accounts service on PostgreSQL and the ServicePro sandbox
// the stack starts (120 demo customers; customer 1, Robert Alvarez, has (904) 802-1998): the import runs
// in the background with progress that survives a reload and a re-run updates instead of duplicating; the phone
// lookup in three formats and blank; server-side search and paging of the imported customers; portal customers linked
// to the imported one by the phone they proved. Axe clean at 1280 and 390 px.
const admin = inject('admin');
const sandbox = inject('fieldService');
const browser = useBrowser();
const desktop = { width: 1280, height: 800 } as const;
const sandboxCustomers = 120;
const robert = { name: 'Robert Alvarez', serviceProId: serviceProIdOf(1) };

async function signedIn(context: BrowserContext, path: string): Promise<{ page: Page; errors: string[] }> {
  const { page, errors } = await open(context, `${urls.backoffice}/admin-login`);
  await submitBackOfficeSignIn(page, admin);
  await page.waitForURL(`${urls.backoffice}/admin-customer-management`);
  if (path !== '/admin-customer-management') await page.goto(`${urls.backoffice}${path}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  return { page, errors };
}

const toast = (page: Page, title: string) => page.getByRole('region', { name: /notifications/i }).getByRole('alert').filter({ hasText: title });
const importHeading = (page: Page) => page.getByRole('heading', { level: 2, name: /^Import (running|complete|failed)$/ });
const countsOf = async (page: Page) => {
  const counts = page.getByLabel('Import counts');
  const terms = await counts.getByRole('term').allTextContents();
  const values = await counts.getByRole('definition').allTextContents();
  return Object.fromEntries(terms.map((term, index) => [term, Number(values[index]?.replace(/,/g, ''))]));
};

/** The latest import through the API (admin bearer), or null before the first. */
async function latestImport(token: string): Promise<ImportJob | null> {
  const response = await fetch(`${urls.backoffice}${latestImportJobPath}`, { headers: { authorization: `Bearer ${token}` } });
  if (response.status === 404) return null;
  expect(response.status).toBe(200);
  return (await response.json()) as ImportJob;
}

/** The console errors but the browser's line for a 409 to Start Import, an answer the page reads (startImportOnce). */
const unexpected = (errors: string[]) => errors.filter((line) => !(line.includes('409') && line.includes(importAllCustomersPath)));

/**
 * Clicks Start Import until the server starts this page's import. One import runs at a time, and the access matrix
 * (tests/system/access.test.ts) beside this file starts one as the administrator: then the answer is 409, the page
 * says so and shows that import, and the owner starts theirs once it has ended, as this does.
 */
async function startImportOnce(page: Page): Promise<ImportJob> {
  const button = page.getByRole('button', { name: 'Start Import' });
  for (;;) {
    await expect.poll(() => button.isEnabled(), { timeout: 60_000 }).toBe(true);
    const answered = page.waitForResponse((response) => response.url().endsWith(importAllCustomersPath) && response.request().method() === 'POST');
    await button.click();
    const answer = await answered;
    if (answer.status() === 202) return (await answer.json()) as ImportJob;
    expect(answer.status()).toBe(409);
    await toast(page, 'Import Failed').filter({ hasText: importJobMessages.alreadyRunning }).waitFor();
  }
}

/** What the page says of the latest import (its heading, progress and toasts) and what the server says of it. */
async function importState(page: Page, token: string) {
  const latest = await latestImport(token);
  return {
    heading: (await importHeading(page).allTextContents())[0] ?? null,
    progress: await page.getByRole('progressbar', { name: 'Import progress' }).getAttribute('aria-valuetext', { timeout: 1_000 }).catch(() => null),
    toasts: await page.getByRole('region', { name: /notifications/i }).getByRole('alert').allTextContents(),
    server: latest && { id: latest.id, status: latest.status, fetched: latest.fetched, retry: latest.retry, error: latest.error },
  };
}

/** The sandbox's customers are imported (by this file's first test, or here when a test runs alone). */
async function sandboxImported(): Promise<void> {
  const token = await staffToken();
  const latest = await latestImport(token);
  if (latest?.status !== 'succeeded') {
    if (latest?.status !== 'running') {
      const started = await fetch(`${urls.backoffice}${importAllCustomersPath}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, origin: urls.backoffice } });
      expect(started.status).toBe(202);
    }
    await expect.poll(async () => (await latestImport(token))?.status, { timeout: 60_000, interval: 250 }).toBe('succeeded');
  }
}

describe('customer management through nginx', () => {
  it('imports every sandbox customer in the background, follows it across a reload, and a re-run updates them without duplicates', async () => {
    const context = await newContext(browser(), desktop);
    const { page, errors } = await signedIn(context, '/admin-customer-management');
    const source = page.getByRole('region', { name: 'Import source' });
    await source.getByText(serviceProSandboxCompanyName).waitFor();
    expect(await source.getByRole('definition').first().innerText()).toMatch(/^ServicePro\s+Sandbox$/);
    await source.getByText("The sign-in for ServicePro comes from the server's configuration").waitFor();
    // No credential field, and no secret anywhere in the page's markup.
    expect(await page.locator('main input, main textarea').count()).toBe(0);
    const markup = await page.content();
    for (const secret of [sandbox.credentials.servicepro.password!, admin.password]) expect(markup).not.toContain(secret);
    expect(await axeViolations(page)).toEqual([]);

    await startImportOnce(page);
    await importHeading(page).waitFor();
    // A reload while it runs (or just after it ended) shows the same job, and the page follows it to the end.
    await page.reload();
    await importHeading(page).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Import complete' }).waitFor({ timeout: 60_000 });
    const bar = page.getByRole('progressbar', { name: 'Import progress' });
    expect(await bar.getAttribute('aria-valuenow')).toBe('100');
    const first = await countsOf(page);
    expect(first.Fetched).toBe(sandboxCustomers);
    expect(first.Created! + first.Updated!).toBe(sandboxCustomers);
    expect(first.Failed).toBe(0);
    await page.getByText(`Total imported: ${sandboxCustomers}.`).waitFor();

    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'Import complete' }).waitFor();
    expect(await countsOf(page)).toEqual(first);

    // Again: every customer is updated in place (keyed by system and ServicePro id), none added twice.
    const started = await startImportOnce(page);
    // Waited for as a whole, so a timeout shows where the page and the server stopped.
    const token = await staffToken();
    await expect
      .poll(() => importState(page, token), { timeout: 60_000, interval: 250 })
      .toMatchObject({ heading: 'Import complete', toasts: expect.arrayContaining([expect.stringMatching(/^Import Complete/)]), server: { id: started.id, status: 'succeeded' } });
    await expect.poll(() => countsOf(page)).toEqual({ Fetched: sandboxCustomers, Created: 0, Updated: sandboxCustomers, Failed: 0 });
    await page.getByRole('tab', { name: 'ServicePro Customers' }).click();
    await page.getByText(`${sandboxCustomers} customers in all`).waitFor();
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('looks customers up by phone in three formats, says Phone Required when blank and No Customer Found with the number', async () => {
    const context = await newContext(browser(), desktop);
    const { page, errors } = await signedIn(context, '/admin-customer-management?tab=lookup');
    const field = page.getByLabel('Phone number');
    const lookUp = page.getByRole('button', { name: 'Look Up Customer' });

    await lookUp.click();
    await toast(page, 'Phone Required').filter({ hasText: 'Please enter a phone number to search' }).waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await field.getAttribute('aria-describedby'))!.split(' ');
    const descriptions = await Promise.all(describedBy.map((id) => page.locator(`[id="${id}"]`).innerText()));
    expect(descriptions).toContain('Phone Required: Please enter a phone number to search');
    await expect.poll(() => field.evaluate((element) => element === document.activeElement)).toBe(true);

    for (const typed of ['(904) 802-1998', '904.802.1998', '+1 904 802 1998']) {
      await field.fill(typed);
      const answered = page.waitForResponse((response) => response.url().endsWith('/api/admin/lookup-customer-phone'));
      await lookUp.click();
      const response = await answered;
      expect([response.status(), JSON.parse(response.request().postData() ?? '{}')]).toEqual([200, { phone: typed }]);
      const details = page.getByRole('region', { name: robert.name });
      await details.waitFor();
      await toast(page, 'Customer Found').filter({ hasText: new RegExp(`^Customer Found${robert.name}, \\d+ services?`) }).waitFor();
      const facts = Object.fromEntries(
        await details.getByRole('term').evaluateAll((terms) => terms.map((term) => [term.textContent, term.nextElementSibling?.textContent])),
      ) as Record<string, string>;
      expect(facts).toMatchObject({ Phone: expect.stringMatching(/904.*802.*1998/), Email: 'robert.alvarez@example.com' });
      expect(facts['Total services']).toMatch(/^\d+$/);
      expect(facts['Total spent']).toMatch(/^\$[\d,]+\.\d{2}$/);
      const history = await details.getByRole('listitem').allTextContents();
      expect(history.length).toBeLessThanOrEqual(3);
      for (const entry of history) expect(entry).toMatch(/^.+ · .+ · \$[\d,]+\.\d{2}$/);
      expect(await field.inputValue()).toBe(typed);
    }
    expect(await axeViolations(page)).toEqual([]);

    await field.fill('(904) 555-0199');
    await lookUp.click();
    await toast(page, 'No Customer Found').filter({ hasText: 'No customer found with phone number (904) 555-0199' }).waitFor();
    await page.getByRole('main').getByText('No customer found with phone number (904) 555-0199').waitFor();
    expect(await page.getByRole('region', { name: robert.name }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('searches the imported customers on the server (name, email, phone digits in any format) and pages through them, kept in the address', async () => {
    await sandboxImported();
    const context = await newContext(browser(), desktop);
    const { page, errors } = await signedIn(context, '/admin-customer-management?tab=servicepro');
    const table = page.getByRole('table', { name: 'Imported customers' });
    const names = () => table.getByRole('rowheader').allTextContents();
    // The ServicePro id is each row's last cell, and unique.
    const ids = () => table.getByRole('row').evaluateAll((rows) => rows.slice(1).map((row) => row.lastElementChild?.textContent));
    await page.getByText(`${sandboxCustomers} customers in all`).waitFor();
    expect(await names()).toHaveLength(20);

    const pager = page.getByRole('navigation', { name: 'Pages of imported customers' });
    await pager.getByText('Page 1 of 6').waitFor();
    const firstPage = await ids();
    await pager.getByRole('button', { name: 'Next' }).click();
    await pager.getByText('Page 2 of 6').waitFor();
    await page.waitForURL(/[?&]page=2(&|$)/);
    await expect.poll(async () => (await ids()).filter((id) => firstPage.includes(id))).toEqual([]);
    const secondPage = await ids();
    expect(secondPage).toHaveLength(20);
    await page.reload();
    await pager.getByText('Page 2 of 6').waitFor();
    await expect.poll(ids).toEqual(secondPage);

    const search = page.getByRole('searchbox', { name: 'Search imported customers' });
    for (const q of ['Robert Al', 'robert.alvarez@', '802-1998', '904.802', '(904) 802-1998']) {
      await search.fill(q);
      await page.getByText(`1 customer matches “${q}”`).waitFor();
      expect(await names()).toEqual([robert.name]);
      expect(new URL(page.url()).searchParams.get('q')).toBe(q);
      expect(new URL(page.url()).searchParams.get('page')).toBeNull();
    }
    expect((await table.getByRole('row').nth(1).getByRole('cell').allTextContents()).at(-1)).toBe(robert.serviceProId);
    await page.reload();
    await page.getByText('1 customer matches “(904) 802-1998”').waitFor();
    expect(await search.inputValue()).toBe('(904) 802-1998');

    await search.fill('zzzz-nobody');
    await page.getByText('No imported customers match “zzzz-nobody”.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lists portal customers, linked to the imported customer by the phone they proved, as a stacked list on a 390 px phone', async () => {
    await sandboxImported();
    const customer = newCustomer('Roberta');
    const linked = { ...customer, phone: '904.802.1998', email: `roberta.${randomBytes(4).toString('hex')}@example.com` };
    // Registered with a mistyped number and confirmed by the emailed link: the email is proven, but no imported customer
    // has it, and a typed phone links nothing. The customer corrects the number in the portal (by keyboard) and proves
    // it with the code texted to it, which links them.
    const portal = await signedInContext(browser(), { ...linked, phone: '(904) 555-0101' }, phone);
    const { page: account, errors: accountErrors } = await open(portal, `${urls.portal}/customer-portal`);
    const accountInfo = account.getByRole('region', { name: 'Account Info' });
    await accountInfo.getByText('(904) 555-0101').waitFor();
    await accountInfo.getByRole('button', { name: 'Change phone number' }).focus();
    await account.keyboard.press('Enter');
    const newNumber = accountInfo.getByRole('textbox', { name: 'New phone number' });
    await expect.poll(() => newNumber.evaluate((element) => element === document.activeElement)).toBe(true);
    await account.keyboard.type('12');
    await account.keyboard.press('Enter');
    await accountInfo.getByText('Please enter a 10-digit US phone number, such as (904) 555-0123').waitFor();
    expect(await axeViolations(account)).toEqual([]);
    await newNumber.fill(linked.phone);
    await account.keyboard.press('Enter');
    await accountInfo.getByRole('status').filter({ hasText: 'Your phone number is changed. Prove it by text' }).waitFor();
    await accountInfo.getByText(linked.phone, { exact: true }).waitFor();
    await accountInfo.getByRole('button', { name: 'Prove my phone by text' }).click();
    await accountInfo.getByRole('status').filter({ hasText: 'We texted a 6-digit code to the number ending in 1998' }).waitFor();
    const code = await textedCode(linked.phone);
    await accountInfo.getByRole('textbox', { name: 'Code from the text' }).fill(code);
    await accountInfo.getByRole('button', { name: 'Confirm code' }).click();
    await accountInfo.getByText('Your phone number is proven by text.').waitFor();
    expect(accountErrors).toEqual([]);
    await portal.close();

    const desktopContext = await newContext(browser(), desktop);
    const { page, errors } = await signedIn(desktopContext, `/admin-customer-management?tab=portal&q=${encodeURIComponent(linked.email)}`);
    await page.getByText(`1 customer matches “${linked.email}”`).waitFor();
    const row = page.getByRole('table', { name: 'Portal customers' }).getByRole('row').nth(1);
    expect(await row.getByRole('rowheader').textContent()).toBe(`${linked.firstName} ${linked.lastName}`);
    const cells = await row.getByRole('cell').allTextContents();
    // The phone as the list writes every phone, whatever way it was typed ("904.802.1998").
    expect(cells.slice(0, 4)).toEqual([linked.email, '(904) 802-1998', linked.address, robert.serviceProId]);
    // Last sign-in: when the emailed link created the account.
    expect(cells[5]).toMatch(/, \d{4}, \d{1,2}:\d{2} [AP]M/);
    expect(errors).toEqual([]);
    await desktopContext.close();

    const phoneContext = await newContext(browser(), phone);
    const onPhone = await signedIn(phoneContext, `/admin-customer-management?tab=portal&q=${encodeURIComponent(linked.email)}`);
    const cards = onPhone.page.getByRole('list', { name: 'Portal customers' });
    await cards.getByRole('listitem').first().waitFor();
    expect(await onPhone.page.getByRole('table').count()).toBe(0);
    expect(await cards.getByRole('listitem').first().innerText()).toContain(robert.serviceProId);
    await noScrollSideways(onPhone.page, phone.width);
    expect(await axeViolations(onPhone.page)).toEqual([]);
    expect(onPhone.errors).toEqual([]);
    await phoneContext.close();
  });
});
