import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { sessionCookieName, systemImportMessages, type Appointment } from '@repo/contracts';
import { demoCustomer, emailOf, phoneDigitsOf } from '@repo/field-service/sandbox';
import { useBrowser, viewports } from '../support/browser.ts';
import { axeViolations } from './web-support.ts';
import { newCustomer, open, phone, sessionCookie, signedInContext, urls, type NewCustomer } from './portal-support.ts';

// The customer's import of their past visits from the business's field-service systems, through the real nginx, the
// built portal and booking, and the local sandboxes the stack runs (each speaking its system's protocol) with the
// business's sandbox credentials as configuration. The customer is a sandbox customer of their own (not the shared demo
// account, whose three visits other tests count), registered here under the email the sandboxes hold for them, which
// the registration's link proves, so their record there is theirs. A second has an account from before registration
// asked for proof, with another sandbox customer's email it never proved: the claim alone must reveal and bring in
// nothing.
const browser = useBrowser();

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
/** Someone whose account (from before proof was asked for) has sandbox customer 78's email (and phone), never proven. */
const claimant: NewCustomer = { ...newCustomer('Quinn'), email: emailOf(78)!, phone: phoneDigitsOf(78) };
const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;
const importedText = (requests: number, appointments: number) => `Imported ${plural(requests, 'service request')} and ${plural(appointments, 'appointment')}.`;

let context: BrowserContext;
let claimantContext: BrowserContext;
beforeAll(async () => {
  expect(visits).toBeGreaterThan(1);
  context = await signedInContext(browser(), customer, viewports.desktop);
  claimantContext = await signedInContext(browser(), claimant, viewports.desktop, { unprovenEmail: true });
});

async function asCustomer(of: BrowserContext, method: 'GET' | 'POST', path: string, body?: object): Promise<Response> {
  const cookie = await sessionCookie(of);
  const headers: Record<string, string> = { cookie: `${sessionCookieName}=${cookie}`, origin: urls.portal };
  if (body) headers['content-type'] = 'application/json';
  return fetch(`${urls.portal}${path}`, { method, headers, ...(body ? { body: JSON.stringify(body) } : {}) });
}

async function appointmentsByApi(of = context): Promise<Appointment[]> {
  const response = await asCustomer(of, 'GET', '/api/customer/appointments');
  expect(response.status).toBe(200);
  return (await response.json()) as Appointment[];
}

async function openServiceSystems(page: Page, name = customer.firstName): Promise<void> {
  await page.getByRole('heading', { level: 1, name: `Welcome, ${name}` }).waitFor();
  await page.getByRole('tab', { name: 'Import History' }).click();
  await page.getByRole('tab', { name: 'Service Systems', selected: true }).waitFor();
  await page.getByRole('heading', { name: 'Bring in your past visits' }).waitFor();
}

const bringIn = (page: Page, system: string) => page.getByRole('button', { name: `Bring in my visits from ${system}` });

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

describe('portal: bringing in past visits from the business\'s field-service systems', () => {
  it('reveals and brings in nothing for an email that was only typed: no linked record, no system to choose, 403 from the call', async () => {
    const { page, errors } = await open(claimantContext, `${urls.portal}/customer-portal`);
    await openServiceSystems(page, claimant.firstName);
    await page.getByText(systemImportMessages.emailNotConfirmed).waitFor();
    expect(await page.getByRole('button', { name: /^Bring in my visits/ }).count()).toBe(0);
    expect(await page.getByRole('tabpanel', { name: 'Service Systems' }).innerText()).not.toMatch(/sandbox|credential|password|api key/i);
    const history = await asCustomer(claimantContext, 'GET', '/api/auth/service-history');
    expect(await history.json()).toEqual({ customer: null });
    for (const systemName of ['servicepro', 'servicetitan', 'jobber']) {
      const refused = await asCustomer(claimantContext, 'POST', '/api/customer/import-from-system', { systemName });
      expect(refused.status).toBe(403);
    }
    // Refused for the missing proof before the body is read, credentials or not.
    const typed = await asCustomer(claimantContext, 'POST', '/api/customer/import-from-system', { systemName: 'jobber', credentials: { apiKey: 'typed' } });
    expect(typed.status).toBe(403);
    expect(await appointmentsByApi(claimantContext)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('brings in the customer\'s visits from ServicePro, shows them under Appointments, and adds nothing the second time', async () => {
    const { page, errors } = await open(context, `${urls.portal}/customer-portal`);
    await openServiceSystems(page);
    for (const name of ['ServicePro', 'ServiceTitan', 'Jobber']) await bringIn(page, name).waitFor();
    expect(await page.getByRole('tabpanel', { name: 'Service Systems' }).innerText()).not.toMatch(/sandbox|credential|password|api key/i);

    await bringIn(page, 'ServicePro').click();
    await toast(page, 'Import Successful', importedText(visits, scheduledVisits));

    await page.getByRole('tab', { name: 'Appointments' }).click();
    const articles = page.getByRole('tabpanel', { name: 'Appointments' }).getByRole('article');
    await expect.poll(() => articles.count(), { timeout: 30_000 }).toBe(scheduledVisits);
    const first = record.visits[0]!;
    await page.getByRole('article', { name: `${first.brand} ${first.appliance}` }).first().waitFor();
    const stored = await appointmentsByApi();
    expect(stored).toHaveLength(scheduledVisits);
    expect(stored.every((appointment) => appointment.customerName === `${record.firstName} ${record.lastName}` && appointment.status === 'completed')).toBe(true);

    await page.getByRole('tab', { name: 'Import History' }).click();
    await bringIn(page, 'ServicePro').click();
    await toast(page, 'Import Successful', importedText(0, 0));
    await page.getByRole('status').filter({ hasText: `Already in your history, so not added again: ${plural(visits, 'service request')} and ${plural(scheduledVisits, 'appointment')}.` }).waitFor();
    expect(await appointmentsByApi()).toHaveLength(scheduledVisits);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('brings in from a second system (Jobber), keeping the visits it shares with ServicePro once', async () => {
    const before = (await appointmentsByApi()).length;
    const { page, errors } = await open(context, `${urls.portal}/customer-portal`);
    await openServiceSystems(page);
    await bringIn(page, 'Jobber').click();
    // The same visits (same day, appliance and address) are already there from ServicePro: none is added twice.
    await toast(page, 'Import Successful', importedText(visits, 0));
    await page.getByRole('status').filter({ hasText: `Already in your history, so not added again: ${plural(0, 'service request')} and ${plural(scheduledVisits, 'appointment')}.` }).waitFor();
    await page.getByRole('tab', { name: 'Appointments' }).click();
    await expect.poll(() => page.getByRole('tabpanel', { name: 'Appointments' }).getByRole('article').count(), { timeout: 30_000 }).toBe(before);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('brings in from ServiceTitan with the keyboard alone', async () => {
    const before = (await appointmentsByApi()).length;
    const { page, errors } = await open(context, `${urls.portal}/customer-portal`);
    await page.getByRole('heading', { level: 1, name: `Welcome, ${customer.firstName}` }).waitFor();
    await tabUntil(page, page.getByRole('tab', { name: 'Service Requests' }));
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.getByRole('tab', { name: 'Import History', selected: true }).waitFor();
    await bringIn(page, 'ServiceTitan').waitFor();
    await tabUntil(page, bringIn(page, 'ServiceTitan'), 8);
    await page.keyboard.press('Enter');
    await toast(page, 'Import Successful', importedText(visits, 0));
    expect(await appointmentsByApi()).toHaveLength(before);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it.each([
    ['390 px', phone, () => context, customer.firstName],
    ['desktop', viewports.desktop, () => context, customer.firstName],
    ['390 px, unconfirmed email', phone, () => claimantContext, claimant.firstName],
  ])('fits and passes axe at %s, with the result or the explanation shown', async (_name, viewport, of, firstName) => {
    const { page } = await open(of(), `${urls.portal}/customer-portal`);
    await page.setViewportSize(viewport);
    await openServiceSystems(page, firstName);
    if (of() === context) {
      await bringIn(page, 'Jobber').click();
      await page.getByRole('status').filter({ hasText: 'Already in your history' }).waitFor();
    } else {
      await page.getByText('Your email is not confirmed yet', { exact: true }).waitFor();
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    // Nothing of the panel reaches past the screen's edge.
    const overflowing = await page.evaluate((width) => {
      const panel = document.getElementById('service-systems-heading')?.closest('[role="tabpanel"]');
      return Array.from(panel?.querySelectorAll('*') ?? [])
        .filter((element) => {
          const box = element.getBoundingClientRect();
          return box.width > 0 && (box.right > width + 0.5 || box.left < -0.5);
        })
        .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
    }, viewport.width);
    expect(overflowing).toEqual([]);
    const violations = await axeViolations(page);
    expect(violations, JSON.stringify(violations, null, 1).slice(0, 3000)).toEqual([]);
    await page.close();
  }, 120_000);
});
