import { randomInt } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { backOfficeSessionPath, invoicePaths, notificationMessagesPath, type Invoice } from '@repo/contracts';
import { useBrowser } from '../support/browser.ts';
import { bookByApi, newContext, newCustomer, open, phone, signedInContext, urls } from './portal-support.ts';
import { noScrollSideways, staffCall, staffToken, submitBackOfficeSignIn } from './tracking-support.ts';
import { axeViolations } from './web-support.ts';

// The customer record (issue 27) through nginx on the built services: a customer registers and books signed in, the
// office invoices the visit and sends it, booking's confirmation goes out; staff find the customer in Portal
// Customers by a middle part of the phone number, open the record by its link, and see the appointment, the invoice,
// the message and the appliance; they add a note by keyboard and it shows with their name and the time. The record
// fits 1440, 820 and 390 px without scrolling sideways, axe clean.
const admin = inject('admin');
const browser = useBrowser();

/** Waits (polling the API, not sleeping) until `ready` answers true. */
const eventually = (ready: () => Promise<boolean>, timeout = 30_000) => expect.poll(ready, { timeout, interval: 250 }).toBe(true);

async function staffJson<T>(token: string, path: string): Promise<T> {
  const response = await fetch(`${urls.backoffice}${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

const region = (page: Page, name: string) => page.getByRole('region', { name });

describe('the customer record through nginx', () => {
  it('is found by part of the phone, shows appointments, an invoice, a message and the appliance, and takes a note', { timeout: 120_000 }, async () => {
    // A phone number no other test's customer has: (386) 7NN-NNNN, found by its middle six digits.
    const digits = `3867${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
    const customer = { ...newCustomer('Rosalind'), lastName: 'Quarry', phone: `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` };
    const middle = `${digits.slice(3, 6)}-${digits.slice(6, 9)}`;
    const customerContext = await signedInContext(browser(), customer, { width: 1280, height: 800 });
    const booked = await bookByApi(customerContext, `${customer.firstName} ${customer.lastName}`, customer.email);
    await customerContext.close();

    // The office invoices the visit once payments has heard of it, and sends it; booking's confirmation is logged.
    const token = await staffToken();
    let invoice: Invoice | undefined;
    await eventually(async () => {
      const response = await fetch(`${urls.backoffice}${invoicePaths.invoices}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, origin: urls.backoffice, 'content-type': 'application/json' },
        body: JSON.stringify({ appointmentId: booked.appointment.id, lines: [{ description: 'Diagnostic visit', quantity: 1, unitPriceCents: 8900, taxable: false }] }),
      });
      if (response.status === 201) invoice = (await response.json()) as Invoice;
      else await response.arrayBuffer();
      return response.status === 201;
    });
    expect(await staffCall(token, 'POST', `${invoicePaths.invoice(invoice!.id)}/send`, {})).toBe(200);
    await eventually(async () => (await staffJson<{ total: number }>(token, `${notificationMessagesPath}?recipient=${encodeURIComponent(customer.email)}`)).total > 0);
    const { user } = await staffJson<{ user: { name: string } }>(token, backOfficeSessionPath);

    const context = await newContext(browser(), { width: 1440, height: 900 });
    const { page, errors } = await open(context, `${urls.backoffice}/admin-login`);
    await submitBackOfficeSignIn(page, admin);
    await page.waitForURL(`${urls.backoffice}/admin-customer-management`);
    await page.goto(`${urls.backoffice}/admin-customer-management?tab=portal`);
    await page.getByRole('searchbox', { name: 'Search portal customers' }).fill(middle);
    await page.getByRole('status').filter({ hasText: `1 customer matches “${middle}”` }).waitFor();
    const name = `${customer.firstName} ${customer.lastName}`;
    const link = page.getByRole('table', { name: 'Portal customers' }).getByRole('link', { name });
    // A real link: it opens the record by its address, with or without the app's script.
    expect(await link.getAttribute('href')).toMatch(/^\/customers\/\d+$/);
    await link.click();
    await page.getByRole('heading', { level: 1, name }).waitFor();

    const contact = region(page, 'Contact details');
    await contact.getByRole('link', { name: `(386) ${digits.slice(3, 6)}-${digits.slice(6)}` }).waitFor();
    // Registration proved the email by its link; the phone is only given.
    expect(await contact.getByRole('definition').nth(1).innerText()).toMatch(new RegExp(`^${customer.email.replace(/\./g, '\\.')}\\s*Verified$`));
    expect(await contact.getByRole('definition').first().innerText()).toMatch(/Not verified$/);
    const appointment = region(page, 'Appointments').getByRole('row').filter({ hasText: 'Maintenance: Bosch Dishwasher' });
    await appointment.getByRole('link', { name: invoice!.number }).waitFor();
    expect(await appointment.getByRole('cell').nth(2).innerText()).toBe(booked.confirmationCode);
    await region(page, 'Appliances').getByRole('article', { name: 'Bosch Dishwasher' }).waitFor();
    const invoiceRow = region(page, 'Invoices and payments').getByRole('row').filter({ hasText: invoice!.number });
    expect(await invoiceRow.getByRole('cell').allInnerTexts()).toEqual([expect.any(String), 'Sent', '$89.00', '$0.00', '$89.00']);
    await page.getByRole('heading', { level: 2, name: 'Messages' }).waitFor();
    expect(await page.locator('section[aria-labelledby="customer-messages-heading"] li').count()).toBeGreaterThan(0);

    // A note by keyboard: the field, Tab to Add Note, Enter.
    const notes = region(page, 'Notes');
    await notes.getByRole('textbox', { name: /New note/ }).focus();
    await page.keyboard.type('Prefers a call after 3 pm; gate code 4411.');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Add Note');
    await page.keyboard.press('Enter');
    const note = notes.getByRole('list', { name: 'Notes, newest first' }).getByRole('listitem').first();
    await note.filter({ hasText: 'Prefers a call after 3 pm; gate code 4411.' }).waitFor();
    expect(await note.innerText()).toMatch(new RegExp(`${user.name} · [A-Z][a-z]{2} \\d{1,2}, \\d{4}, \\d{1,2}:\\d{2} [AP]M E[SD]T$`));
    // The note is stored: a reload shows it.
    await page.reload();
    await notes.getByText('Prefers a call after 3 pm; gate code 4411.').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    for (const viewport of [{ width: 820, height: 1100 }, phone]) {
      await page.setViewportSize(viewport);
      await region(page, 'Appointments').getByText(booked.confirmationCode).waitFor();
      await noScrollSideways(page, viewport.width);
    }
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
