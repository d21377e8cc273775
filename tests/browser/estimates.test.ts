import { randomBytes } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { estimateMessages, estimatePaths, invoiceMessages, type Estimate, type InvoiceListResponse } from '@repo/contracts';
import { useBrowser } from '../support/browser.ts';
import { bookByApi, newContext, newCustomer, open, phone, signedInContext, urls } from './portal-support.ts';
import { signIn, toast } from './backoffice-support.ts';
import { assignAndWaitForTracking, noScrollSideways, staffToken, submitBackOfficeSignIn, technicianWithSignIn } from './tracking-support.ts';
import { axeViolations } from './web-support.ts';

// Through the real nginx and the built services on PostgreSQL: a technician on a 390 px phone builds the job's estimate
// from a price-book search and a free line, presents it, the customer types their name and draws a signature on the
// pad (mouse moves on the canvas), approves; the technician makes the invoice from it, and staff find that invoice
// with the estimate's lines and the signed approval (name, time, the signature image) on its page.
const admin = inject('admin');
const browser = useBrowser();

async function tokenOf(credentials: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${urls.backoffice}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: urls.backoffice }, body: JSON.stringify(credentials) });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** Draws a signature-like zigzag across the pad with the mouse, as a finger would. */
async function drawSignature(page: Page): Promise<void> {
  const pad = page.getByRole('img', { name: 'Signature box: sign here with a finger or the mouse' });
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let step = 1; step <= 12; step++) {
    await page.mouse.move(box.x + 20 + step * ((box.width - 40) / 12), box.y + box.height * (step % 2 === 0 ? 0.6 : 0.3), { steps: 4 });
  }
  await page.mouse.up();
}

/**
 * A new technician with a sign-in, assigned to a new booking of `customerName` (made with `context`'s session, so the
 * customer's account owns it), once payments has heard of the assignment (the technician may then read its estimates).
 */
async function assignedVisit(context: BrowserContext | undefined, customerName: string) {
  const id = randomBytes(3).toString('hex');
  const token = await staffToken();
  const { technician, credentials } = await technicianWithSignIn(token, ['Riley', 'Shaw']);
  const booked = await bookByApi(context, customerName, `estimate-${id}@example.com`, 2);
  await assignAndWaitForTracking(token, booked.appointment.id, technician.id);
  // Payments learns of the assignment from booking's event; until then the job's estimate is not the technician's.
  const technicianToken = await tokenOf(credentials);
  await expect
    .poll(async () => (await fetch(`${urls.backoffice}${estimatePaths.forAppointment(booked.appointment.id)}`, { headers: { authorization: `Bearer ${technicianToken}` } })).status, { timeout: 30_000, interval: 250 })
    .toBe(200);
  return { token, technicianToken, credentials, customerName, appointment: booked.appointment };
}

/** A technician's call through the gateway (as the phone makes it); answers the JSON. */
async function technicianPost<T>(token: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${urls.backoffice}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, origin: urls.backoffice, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return (await response.json()) as T;
}

describe('estimates from the technician’s phone to the invoice', () => {
  it('the technician builds and presents it, the customer signs and approves on the phone, staff see the invoice made from it', async () => {
    const { token, credentials, customerName, appointment } = await assignedVisit(undefined, `Jamie${randomBytes(3).toString('hex')} Cole`);

    // The technician, on a phone: the job's estimate from the price book and a free line.
    const { page: jobs } = await open(await newContext(browser(), phone), `${urls.backoffice}/admin-login`);
    await submitBackOfficeSignIn(jobs, credentials);
    await jobs.waitForURL(`${urls.backoffice}/my-jobs`);
    await jobs.getByLabel('Jobs on').fill(appointment.appointmentDate);
    const job = jobs.getByRole('article', { name: customerName });
    await job.getByRole('button', { name: 'Estimate', exact: true }).click();
    const estimate = job.getByRole('region', { name: `Estimate for ${customerName}` });
    await estimate.getByRole('button', { name: 'Start estimate' }).click();
    await estimate.getByLabel('Search the price book').fill('gasket');
    await estimate.getByRole('button', { name: 'Add Whirlpool refrigerator door gasket (W10830162) ($118.50)' }).click();
    await estimate.getByText('Whirlpool refrigerator door gasket (W10830162)', { exact: true }).waitFor();
    // A free line without a description: the message stands under the field.
    await estimate.getByRole('button', { name: 'Add free line' }).click();
    await estimate.getByText(invoiceMessages.description).waitFor();
    await estimate.getByLabel('Description').fill('Haul-away of the old gasket');
    await estimate.getByLabel('Unit price ($)').fill('25');
    await estimate.getByLabel('Taxable (a part)').uncheck();
    await estimate.getByRole('button', { name: 'Add free line' }).click();
    await estimate.getByText('Haul-away of the old gasket', { exact: true }).waitFor();
    await estimate.getByRole('button', { name: 'Present to customer' }).click();
    await toast(jobs, 'Estimate presented').waitFor();
    // $118.50 taxed 6% + 0.5% = $7.7025 → $7.70, rounded once; with the $25.00 free line, $151.20.
    const totals = estimate.getByRole('table', { name: 'Estimate totals, version 1' });
    await totals.getByRole('row', { name: 'Sales tax $7.70', exact: true }).waitFor();
    await totals.getByRole('row', { name: 'Total $151.20', exact: true }).waitFor();
    await noScrollSideways(jobs, phone.width);
    expect(await axeViolations(jobs)).toEqual([]);

    // The customer signs on the phone: approving without a drawing is refused next to the box, then they draw.
    await estimate.getByLabel('Name of the person signing').fill(customerName);
    await estimate.getByRole('button', { name: 'Approve estimate' }).click();
    await estimate.getByText(estimateMessages.signatureRequired).waitFor();
    await drawSignature(jobs);
    await estimate.getByRole('button', { name: 'Approve estimate' }).click();
    await toast(jobs, 'Estimate approved').waitFor();
    await estimate.getByText(new RegExp(`^Approved by ${customerName} on .+ \\(on the technician’s phone\\)$`)).waitFor();
    await estimate.getByRole('img', { name: `Signature of ${customerName}` }).waitFor();

    // The technician makes the invoice from it.
    await estimate.getByRole('button', { name: 'Create invoice from estimate' }).click();
    const made = estimate.getByRole('status').filter({ hasText: /^Invoice INV-\d+ made from this estimate/ });
    await made.waitFor();
    const number = /INV-\d+/.exec((await made.textContent())!)![0];
    expect(await axeViolations(jobs)).toEqual([]);

    // Staff find the invoice: the estimate's lines and totals, and the signed approval beside them.
    const list = (await (await fetch(`${urls.backoffice}/api/payments/invoices?search=${number}`, { headers: { authorization: `Bearer ${token}` } })).json()) as InvoiceListResponse;
    expect(list.items.map((item) => [item.number, item.status, item.totalCents])).toEqual([[number, 'draft', 15_120]]);
    const office = await signIn(await newContext(browser(), { width: 1280, height: 900 }), admin, '/admin-customer-management');
    await office.goto(`${urls.backoffice}/invoices/${list.items[0]!.id}`);
    await office.getByRole('heading', { level: 1, name: `Invoice ${number}` }).waitFor();
    await office.getByRole('table', { name: 'Totals', exact: true }).getByRole('row', { name: 'Total $151.20', exact: true }).waitFor();
    const estimates = office.getByRole('region', { name: 'Estimates for this visit' });
    await estimates.getByText('This invoice was made from this estimate.').waitFor();
    await estimates.getByText(new RegExp(`^Approved by ${customerName} on `)).waitFor();
    const signature = estimates.getByRole('img', { name: `Signature of ${customerName}` });
    await signature.waitFor();
    await expect.poll(() => signature.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    expect(await axeViolations(office)).toEqual([]);
  });

  it('keeps the estimate built with no connection and presents it when the connection is back; a reload gives back lines not saved', async () => {
    const { technicianToken, credentials, customerName, appointment } = await assignedVisit(undefined, `Casey${randomBytes(3).toString('hex')} Reed`);
    const phoneContext = await newContext(browser(), phone);
    const { page: jobs } = await open(phoneContext, `${urls.backoffice}/admin-login`);
    await submitBackOfficeSignIn(jobs, credentials);
    await jobs.waitForURL(`${urls.backoffice}/my-jobs`);
    const openEstimate = async () => {
      await jobs.getByLabel('Jobs on').fill(appointment.appointmentDate);
      const job = jobs.getByRole('article', { name: customerName });
      await job.getByRole('button', { name: 'Estimate', exact: true }).click();
      return job.getByRole('region', { name: `Estimate for ${customerName}` });
    };
    let estimate = await openEstimate();
    await estimate.getByRole('button', { name: 'Start estimate' }).click();
    await estimate.getByLabel('Search the price book').waitFor();

    // In the driveway with no signal: the line is added and Present pressed; the phone keeps it.
    await phoneContext.setOffline(true);
    await estimate.getByLabel('Description').fill('Defrost heater (W10140847)');
    await estimate.getByLabel('Unit price ($)').fill('64.20');
    await estimate.getByRole('button', { name: 'Add free line' }).click();
    await estimate.getByRole('button', { name: 'Present to customer' }).click();
    await estimate.getByTestId('kept-save').getByText(/^No connection: the estimate saved at .+ is kept on this phone and sent as soon as the connection is back\.$/).waitFor();
    const current = async () => (await (await fetch(`${urls.backoffice}${estimatePaths.forAppointment(appointment.id)}`, { headers: { authorization: `Bearer ${technicianToken}` } })).json()) as { items: Estimate[] };
    expect((await current()).items[0]).toMatchObject({ status: 'draft', lines: [] });

    // The signal is back: the kept save arrives and the estimate is presented.
    await phoneContext.setOffline(false);
    await toast(jobs, 'Estimate presented').waitFor();
    await expect.poll(async () => (await current()).items[0]?.status).toBe('sent');
    expect((await current()).items[0]!.lines).toMatchObject([{ description: 'Defrost heater (W10140847)', quantity: 1, unitPriceCents: 6_420, taxable: true }]);

    // A change not saved survives a reload, says so, and can be discarded.
    await estimate.getByRole('button', { name: 'Change the estimate (the customer signs the new version)' }).click();
    await estimate.getByLabel('Qty of Defrost heater (W10140847)').fill('2');
    await jobs.reload();
    estimate = await openEstimate();
    await estimate.getByRole('button', { name: 'Change the estimate (the customer signs the new version)' }).click();
    await expect.poll(() => estimate.getByLabel('Qty of Defrost heater (W10140847)').inputValue()).toBe('2');
    await estimate.getByTestId('kept-draft').getByText(/^Kept on this phone: changes typed at .+ that are not saved yet\. Save to send them\.$/).waitFor();
    expect(await axeViolations(jobs)).toEqual([]);
    await estimate.getByRole('button', { name: 'Discard changes' }).click();
    await expect.poll(() => estimate.getByLabel('Qty of Defrost heater (W10140847)').inputValue()).toBe('1');
    await expect.poll(() => estimate.getByTestId('kept-draft').count()).toBe(0);
    await phoneContext.close();
  });

  it('the signed-in customer approves the presented estimate remotely in the portal, by typed name from the keyboard', async () => {
    const customer = newCustomer('Ada');
    const portalContext = await signedInContext(browser(), customer, phone);
    const { technicianToken, appointment } = await assignedVisit(portalContext, `${customer.firstName} ${customer.lastName}`);
    const draft = await technicianPost<Estimate>(technicianToken, estimatePaths.estimates, { appointmentId: appointment.id, lines: [{ description: 'Diagnostic visit', quantity: 1, unitPriceCents: 8_900, taxable: false }] });
    // Nothing to answer while it is a draft: the page shows no estimate.
    const { page } = await open(portalContext, `${urls.portal}/appointments/${appointment.id}`);
    await page.getByRole('heading', { level: 2, name: 'Arrival window' }).waitFor();
    expect(await page.getByRole('region', { name: 'Your estimate' }).count()).toBe(0);
    await technicianPost<Estimate>(technicianToken, estimatePaths.present(draft.id));

    await page.reload();
    const estimate = page.getByRole('region', { name: 'Your estimate' });
    await estimate.getByRole('table', { name: 'Estimate totals, version 1' }).getByRole('row', { name: 'Total $89.00', exact: true }).waitFor();
    await estimate.getByText('your typed name and your signed-in account stand as your signature', { exact: false }).waitFor();
    await noScrollSideways(page, phone.width);
    expect(await axeViolations(page)).toEqual([]);
    // Keyboard only: an empty name is refused next to the field; then the typed name approves.
    await estimate.getByLabel('Name of the person signing').focus();
    await page.keyboard.press('Enter');
    await estimate.getByText(estimateMessages.signerName).waitFor();
    await page.keyboard.type(`${customer.firstName} ${customer.lastName}`);
    await page.keyboard.press('Enter');
    await toast(page, 'Estimate approved').waitFor();
    await estimate.getByText(new RegExp(`^Approved by ${customer.firstName} ${customer.lastName} on .+ \\(in the customer portal\\)$`)).waitFor();
    await estimate.getByText('No drawn signature: the customer approved with their typed name.').waitFor();
    expect(await estimate.getByRole('button', { name: 'Approve estimate' }).count()).toBe(0);
  });
});
