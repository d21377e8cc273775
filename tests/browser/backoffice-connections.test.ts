import { randomBytes } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { fieldServiceSettingsPath, staffAccountsPath } from '@repo/contracts';
import { useBrowser } from '../support/browser.ts';
import { signIn, toast } from './backoffice-support.ts';
import { newContext, urls } from './portal-support.ts';
import { staffToken } from './tracking-support.ts';
import { axeViolations } from './web-support.ts';

// The administrator's ServiceTitan connection through the real nginx and the built accounts service on PostgreSQL,
// pointed at the ServiceTitan sandbox the stack runs: Test connection with a wrong client secret says so under the
// form and the field, with the right one it works; the settings are saved (the secret never shown again, only that it
// is set); staff are not offered the settings and the API refuses them.
const admin = inject('admin');
const sandbox = inject('fieldService');
const browser = useBrowser();
const desktop = { width: 1280, height: 800 } as const;
const titan = sandbox.credentials.servicetitan;

const settingsForm = (page: Page) => page.getByRole('form', { name: 'ServiceTitan connection' });
/** The lines a person reads in a region, blank ones aside. */
const linesOf = async (region: Locator) => (await region.innerText()).split('\n').map((line) => line.trim()).filter(Boolean);

describe('connection settings through nginx', () => {
  it('an administrator tests a wrong secret (told in words beside the form), then the right one, and saves the ServiceTitan connection', async () => {
    const context = await newContext(browser(), desktop);
    const page = await signIn(context, admin, '/admin-customer-management');
    await page.getByRole('tab', { name: 'Connection Settings' }).click();
    await page.waitForURL(`${urls.backoffice}/admin-customer-management?tab=connections`);
    const form = settingsForm(page);
    await form.waitFor();

    await form.getByLabel('API base URL').fill(sandbox.urls.servicetitan.api);
    await form.getByLabel('Auth URL').fill(sandbox.urls.servicetitan.auth);
    await form.getByLabel('Tenant id').fill(titan.tenantId!);
    await form.getByLabel('Client id').fill(titan.clientId!);
    await form.getByLabel('Client secret').fill('cs1.not-the-secret');
    await form.getByLabel('App key').fill(titan.appKey!);
    await form.getByRole('button', { name: 'Test Connection' }).click();

    const refused = 'ServiceTitan refused to sign in with this client id and client secret (invalid_client): check both against the app in ServiceTitan’s developer portal.';
    const failedReport = form.getByRole('alert', { name: 'ServiceTitan connection test' });
    await failedReport.waitFor();
    expect(await linesOf(failedReport)).toEqual(['The connection does not work yet.', `Fails: ${refused}`]);
    const secretField = form.getByLabel('Client secret');
    expect(await secretField.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await secretField.getAttribute('aria-describedby'))!.split(' ');
    const descriptions = await Promise.all(describedBy.map((id) => page.locator(`[id="${id}"]`).innerText()));
    expect(descriptions).toContain(refused);
    expect(await axeViolations(page)).toEqual([]);

    await secretField.fill(titan.clientSecret!);
    await form.getByRole('button', { name: 'Test Connection' }).click();
    const works = form.getByRole('status', { name: 'ServiceTitan connection test' });
    await works.waitFor();
    expect(await linesOf(works)).toEqual([
      'The connection works.',
      `Works: Signed in to ServiceTitan at ${sandbox.urls.servicetitan.auth}.`,
      `Works: Read a page of tenant ${titan.tenantId}'s customers at ${sandbox.urls.servicetitan.api}.`,
    ]);

    await form.getByRole('button', { name: 'Save Settings' }).click();
    await toast(page, 'ServiceTitan Settings Saved').waitFor();
    const saved = settingsForm(page);
    await saved.getByText(`Saved by ${admin.email}`).waitFor();
    // The secrets are gone from the page: empty fields, "set" and the client secret's last four only.
    expect(await saved.getByLabel('Client secret').inputValue()).toBe('');
    await saved.getByText(`Set (ends in ${titan.clientSecret!.slice(-4)}). Leave empty to keep it.`).waitFor();
    const markup = await page.content();
    for (const secret of [titan.clientSecret!, titan.appKey!]) expect(markup).not.toContain(secret);

    // Tested again with the secrets left empty: the stored ones are used.
    await saved.getByRole('button', { name: 'Test Connection' }).click();
    await saved.getByRole('status', { name: 'ServiceTitan connection test' }).getByText('The connection works.').waitFor();
    await context.close();
  });

  it('staff are not offered the connection settings, and the API refuses them', async () => {
    const id = randomBytes(4).toString('hex');
    const staff = { name: `Dana Desk ${id}`, email: `desk.${id}@example.com`, password: `harbor-lantern-${id}`, role: 'staff' };
    const adminBearer = { authorization: `Bearer ${await staffToken()}`, origin: urls.backoffice, 'content-type': 'application/json' };
    expect((await fetch(`${urls.backoffice}${staffAccountsPath}`, { method: 'POST', headers: adminBearer, body: JSON.stringify(staff) })).status).toBe(201);

    const context = await newContext(browser(), desktop);
    const page = await signIn(context, staff, '/admin-customer-management');
    await page.getByRole('note').filter({ hasText: 'An administrator runs imports' }).waitFor();
    expect(await page.getByRole('tab').allTextContents()).toEqual(['Import Customers', 'Phone Lookup', 'ServicePro Customers', 'Portal Customers']);
    // Asked for by address: the Import Customers tab opens instead, and no settings are shown.
    await page.goto(`${urls.backoffice}/admin-customer-management?tab=connections`);
    await page.getByRole('note').filter({ hasText: 'An administrator runs imports' }).waitFor();
    expect(await page.getByRole('form', { name: 'ServiceTitan connection' }).count()).toBe(0);

    const login = await fetch(`${urls.backoffice}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: urls.backoffice }, body: JSON.stringify({ email: staff.email, password: staff.password }) });
    const token = ((await login.json()) as { token: string }).token;
    const refused = await fetch(`${urls.backoffice}${fieldServiceSettingsPath('servicetitan')}`, { headers: { authorization: `Bearer ${token}` } });
    expect(refused.status).toBe(403);
    expect(await refused.text()).not.toContain(titan.clientId!);
    await context.close();
  });
});
