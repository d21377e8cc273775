import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { sessionCookieName, systemImportMessages, type Appointment } from '@repo/contracts';
import { demoCustomer, emailOf } from '@repo/field-service/sandbox';
import { useBrowser, viewports } from '../support/browser.ts';
import { axeViolations } from './web-support.ts';
import { open, phone, sessionCookie, signedInContext, urls, type NewCustomer } from './portal-support.ts';

// The customer's import from a field-service system, through the real nginx, the built portal and booking, and the
// local sandboxes the stack runs (each speaking its system's protocol). The customer is a sandbox customer of their own
// (not the shared demo account, whose three visits other tests count), registered here under the email the sandboxes
// hold for them, so their record there is theirs.
const browser = useBrowser();
const fieldService = inject('fieldService');

/** Sandbox customer 77: five completed visits in every sandbox, each a service request and an appointment. */
const sandboxIndex = 77;
const record = demoCustomer(sandboxIndex, Date.now());
const visits = record.visits.length;
const scheduledVisits = record.visits.filter((visit) => visit.start).length;
const customer: NewCustomer = {
  firstName: record.firstName,
  lastName: record.lastName,
  email: emailOf(sandboxIndex)!,
  phone: '(904) 555-0177',
  address: `${record.street}, ${record.city}`,
  password: `harbor-lantern-${Date.now().toString(36)}`,
};
const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;
const importedText = (requests: number, appointments: number) => `Imported ${plural(requests, 'service request')} and ${plural(appointments, 'appointment')}.`;

let context: BrowserContext;
beforeAll(async () => {
  expect(visits).toBeGreaterThan(1);
  context = await signedInContext(browser(), customer, viewports.desktop);
});

async function appointmentsByApi(): Promise<Appointment[]> {
  const cookie = await sessionCookie(context);
  const response = await fetch(`${urls.portal}/api/customer/appointments`, { headers: { cookie: `${sessionCookieName}=${cookie}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as Appointment[];
}

async function openServiceSystems(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1, name: `Welcome, ${customer.firstName}` }).waitFor();
  await page.getByRole('tab', { name: 'Import History' }).click();
  await page.getByRole('tab', { name: 'Service Systems', selected: true }).waitFor();
  await page.getByLabel('Service management system', { exact: true }).waitFor();
}

async function fillServicePro(page: Page, password: string): Promise<void> {
  await page.getByLabel('Service management system', { exact: true }).selectOption({ label: 'ServicePro (Sandbox)' });
  await page.getByLabel('Company ID', { exact: true }).fill(fieldService.credentials.servicepro.company!);
  await page.getByLabel('Username', { exact: true }).fill(fieldService.credentials.servicepro.username!);
  await page.getByLabel('Password', { exact: true }).fill(password);
}

/** The toast holding every one of `texts`. */
async function toast(page: Page, ...texts: string[]): Promise<void> {
  let toasts = page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('alert');
  for (const text of texts) toasts = toasts.filter({ hasText: text });
  await toasts.first().waitFor();
}

/** Presses Tab until `target` has focus (at most `limit` times). */
async function tabUntil(page: Page, target: ReturnType<Page['getByRole']>, limit = 40): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${limit} presses of Tab did not reach the control.`);
}

const focusedLabel = (page: Page) => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent ?? '');

describe('portal: import from a field-service system', () => {
  it('imports the customer’s visits from the ServicePro sandbox, shows them under Appointments, and adds nothing the second time', async () => {
    const { page, errors } = await open(context, `${urls.portal}/customer-portal`);
    await openServiceSystems(page);
    const supported = page.getByRole('region', { name: 'Supported systems' });
    for (const name of ['ServicePro', 'ServiceTitan', 'Jobber']) await supported.getByText(name, { exact: true }).waitFor();
    expect(await supported.getByText('Sandbox').count()).toBe(3);
    await supported.getByText(/More systems are coming/).waitFor();

    await fillServicePro(page, fieldService.credentials.servicepro.password!);
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('password');
    await page.getByRole('region', { name: 'Setting up ServicePro' }).waitFor();
    await page.getByRole('button', { name: 'Import Customer History' }).click();
    await toast(page, 'Import Successful', importedText(visits, scheduledVisits));
    // The secret is gone from the page once it has served.
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('');

    await page.getByRole('tab', { name: 'Appointments' }).click();
    const articles = page.getByRole('tabpanel', { name: 'Appointments' }).getByRole('article');
    await expect.poll(() => articles.count(), { timeout: 30_000 }).toBe(scheduledVisits);
    const first = record.visits[0]!;
    await page.getByRole('article', { name: `${first.brand} ${first.appliance}` }).first().waitFor();
    const stored = await appointmentsByApi();
    expect(stored).toHaveLength(scheduledVisits);
    expect(stored.every((appointment) => appointment.customerName === `${record.firstName} ${record.lastName}` && appointment.status === 'completed')).toBe(true);

    await page.getByRole('tab', { name: 'Import History' }).click();
    await page.getByLabel('Password', { exact: true }).fill(fieldService.credentials.servicepro.password!);
    await page.getByRole('button', { name: 'Import Customer History' }).click();
    await toast(page, 'Import Successful', importedText(0, 0));
    await page.getByRole('status').filter({ hasText: `Already in your history, so not added again: ${plural(visits, 'service request')} and ${plural(scheduledVisits, 'appointment')}.` }).waitFor();
    expect(await appointmentsByApi()).toHaveLength(scheduledVisits);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('imports from a second system (Jobber) as records of their own', async () => {
    const before = (await appointmentsByApi()).length;
    const { page, errors } = await open(context, `${urls.portal}/customer-portal`);
    await openServiceSystems(page);
    await page.getByLabel('Service management system', { exact: true }).selectOption({ label: 'Jobber (Sandbox)' });
    await page.getByLabel('API Key (access token)', { exact: true }).fill(fieldService.credentials.jobber.apiKey!);
    await page.getByRole('button', { name: 'Import Customer History' }).click();
    await toast(page, 'Import Successful', importedText(visits, scheduledVisits));
    await page.getByRole('tab', { name: 'Appointments' }).click();
    await expect.poll(() => page.getByRole('tabpanel', { name: 'Appointments' }).getByRole('article').count(), { timeout: 30_000 }).toBe(before + scheduledVisits);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('shows refused credentials next to the password field and in the Import Failed toast, importing nothing', async () => {
    const before = (await appointmentsByApi()).length;
    const { page, errors } = await open(context, `${urls.portal}/customer-portal`);
    await openServiceSystems(page);
    await fillServicePro(page, 'not-the-password');
    await page.getByRole('button', { name: 'Import Customer History' }).click();
    const message = systemImportMessages.refused('ServicePro');
    await toast(page, 'Import Failed', message);
    const password = page.getByLabel('Password', { exact: true });
    await expect.poll(() => password.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await password.getAttribute('aria-describedby')) ?? '';
    const description = await page.evaluate((ids) => ids.split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' '), describedBy);
    expect(description).toContain(message);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('credentials.password');
    expect(await appointmentsByApi()).toHaveLength(before);
    // The 400 is the answer the page handles; anything else in the console is a fault.
    expect(errors.filter((text) => !text.includes('400'))).toEqual([]);
    await page.close();
  }, 120_000);

  it('imports from ServiceTitan with the keyboard alone, showing a masked secret with Enter', async () => {
    const before = (await appointmentsByApi()).length;
    const { page, errors } = await open(context, `${urls.portal}/customer-portal`);
    await page.getByRole('heading', { level: 1, name: `Welcome, ${customer.firstName}` }).waitFor();
    await tabUntil(page, page.getByRole('tab', { name: 'Service Requests' }));
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.getByRole('tab', { name: 'Import History', selected: true }).waitFor();
    const select = page.getByLabel('Service management system', { exact: true });
    await select.waitFor();
    await tabUntil(page, page.getByRole('combobox', { name: 'Service management system' }), 5);
    // A closed select takes the arrow keys: Select a system → ServicePro → ServiceTitan.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => select.inputValue()).toBe('servicetitan');

    const credentials = fieldService.credentials.servicetitan;
    for (const [label, value, secret] of [
      ['Client ID', credentials.clientId!, false],
      ['Client Secret', credentials.clientSecret!, true],
      ['App Key', credentials.appKey!, true],
      ['Tenant ID', credentials.tenantId!, false],
    ] as const) {
      await page.keyboard.press('Tab');
      expect(await focusedLabel(page)).toBe(label);
      await page.keyboard.type(value);
      if (secret) {
        await page.keyboard.press('Tab');
        expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Show ${label}`);
        if (label === 'Client Secret') {
          await page.keyboard.press('Enter');
          await expect.poll(() => page.getByLabel(label, { exact: true }).getAttribute('type')).toBe('text');
        }
      }
    }
    await page.keyboard.press('Tab');
    expect(await focusedLabel(page)).toBe('Customer ID (optional)');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Import Customer History');
    await page.keyboard.press('Enter');
    await toast(page, 'Import Successful', importedText(visits, scheduledVisits));
    expect(await appointmentsByApi()).toHaveLength(before + scheduledVisits);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it.each([
    ['390 px', phone],
    ['desktop', viewports.desktop],
  ])('fits and passes axe at %s, with a message beside a field', async (_name, viewport) => {
    const { page } = await open(context, `${urls.portal}/customer-portal`);
    await page.setViewportSize(viewport);
    await openServiceSystems(page);
    await page.getByLabel('Service management system', { exact: true }).selectOption({ label: 'ServicePro (Sandbox)' });
    await page.getByLabel('Username', { exact: true }).fill(fieldService.credentials.servicepro.username!);
    await page.getByRole('button', { name: 'Import Customer History' }).click();
    await page.getByText('Missing Credentials: Please provide: company', { exact: true }).waitFor();
    await page.getByRole('region', { name: 'Setting up ServicePro' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    // Nothing of the form, the steps or the supported systems reaches past the screen's edge.
    const overflowing = await page.evaluate((width) => {
      const panel = document.querySelector('[role="tabpanel"][aria-labelledby*="systems"], form[aria-labelledby="service-systems-heading"]')?.closest('[role="tabpanel"]');
      return Array.from(panel?.querySelectorAll('*') ?? [])
        .filter((element) => {
          const box = element.getBoundingClientRect();
          return box.width > 0 && (box.right > width + 0.5 || box.left < -0.5);
        })
        .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
    }, viewport.width);
    expect(overflowing).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  }, 120_000);
});
