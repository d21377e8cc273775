import { randomBytes } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { bookableDates, callerBookingMessages, formatSlot, technicianAccountMessages, type AvailableSlotsResponse } from '@repo/contracts';
import { useBrowser } from '../support/browser.ts';
import { bookByApi, newContext, open, phone, postJson, urls } from './portal-support.ts';
import { noScrollSideways, submitBackOfficeSignIn } from './tracking-support.ts';
import { axeViolations } from './web-support.ts';
import { addTechnicianWithSignIn, card, signIn, toast } from './backoffice-support.ts';

// The office's side of a booking through the real nginx and the built services on PostgreSQL: a dispatcher confirms
// an appointment (the card says who), cancels it with a reason (the history says it), reopens it; and deactivates a
// technician, who is then no longer offered for assignment and whose sign-in is refused. Axe clean; 390 px fits.
const admin = inject('admin');
const browser = useBrowser();
const wide = { width: 1440, height: 900 } as const;


/** Opens Tracking Administration's Appointments on `day`. */
async function appointmentsOn(page: Page, day: string): Promise<void> {
  await page.goto(`${urls.backoffice}/admin-tracking`);
  await page.getByRole('heading', { level: 1, name: 'Tracking Administration' }).waitFor();
  await page.getByRole('tab', { name: 'Appointments' }).click();
  await page.getByLabel('Appointments on').fill(day);
}

describe('the office’s side of a booking through nginx', () => {
  it('confirms an appointment (showing who), cancels it with a reason the history shows, and reopens it', async () => {
    const id = randomBytes(3).toString('hex');
    const customerName = `Quinn${id} Harper`;
    const day = bookableDates()[3]!;
    const booked = await bookByApi(undefined, customerName, `quinn.${id}@example.com`, 3);
    expect(booked.appointment.appointmentDate).toBe(day);

    const context = await newContext(browser(), wide);
    const page = await signIn(context, admin, '/admin-customer-management');
    await appointmentsOn(page, day);
    const appointment = card(page, customerName);
    await appointment.getByText('Bosch Dishwasher').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // Confirm, by keyboard.
    await appointment.getByRole('button', { name: `Confirm: ${customerName}` }).focus();
    await page.keyboard.press('Enter');
    await toast(page, 'Appointment confirmed').waitFor();
    await appointment.locator('[data-status="confirmed"]').waitFor();
    await appointment.getByText(new RegExp(`^${admin.email.replace(/[.+]/g, '\\$&')}, `)).waitFor();

    // Cancel: asked first, a reason required.
    await appointment.getByRole('button', { name: `Cancel Appointment: ${customerName}` }).click();
    const question = appointment.getByRole('group', { name: 'Confirm cancellation' });
    await question.getByLabel(/Reason/).fill(`Customer ${id} is moving away`);
    await question.getByRole('button', { name: 'Cancel Appointment' }).click();
    await toast(page, 'Appointment cancelled').waitFor();
    await appointment.locator('[data-status="cancelled"]').waitFor();
    await appointment.getByText(`Customer ${id} is moving away`).waitFor();

    await appointment.getByRole('button', { name: `Show history of ${customerName}'s appointment` }).click();
    const history = appointment.getByRole('region', { name: `History of ${customerName}'s appointment` });
    await history.getByText(`Cancelled (Confirmed → Cancelled) — Reason: Customer ${id} is moving away`).waitFor();
    await history.getByText('Confirmed (Scheduled → Confirmed)').waitFor();
    await history.getByText('Booked').waitFor();
    expect(await history.getByText(admin.email, { exact: false }).count()).toBeGreaterThanOrEqual(2);
    expect(await axeViolations(page)).toEqual([]);

    await appointment.getByRole('button', { name: `Reopen: ${customerName}` }).click();
    await toast(page, 'Appointment reopened').waitFor();
    await appointment.locator('[data-status="scheduled"]').waitFor();
    await history.getByText('Reopened (Cancelled → Scheduled)').waitFor();
    await context.close();

    // A phone: the card and its actions fit 390 px.
    const phoneContext = await newContext(browser(), phone);
    const small = await signIn(phoneContext, admin, '/admin-customer-management');
    await appointmentsOn(small, day);
    await card(small, customerName).getByRole('button', { name: `Confirm: ${customerName}` }).waitFor();
    await noScrollSideways(small, phone.width);
    expect(await axeViolations(small)).toEqual([]);
    await phoneContext.close();
  }, 120_000);

  it('books for a caller on a phone: a full window refused beside the windows, then booked over capacity with a reason', async () => {
    const id = randomBytes(3).toString('hex');
    const customerName = `Rosa${id} Caller`;
    const day = bookableDates()[7]!;
    const freeSlots = async () => ((await (await fetch(`${urls.web}/api/appointments/available-slots?date=${day}`)).json()) as AvailableSlotsResponse).availableSlots;
    const slot = (await freeSlots()).at(-1)!;
    // Fill the window online until the public site no longer offers it.
    for (let n = 0; (await freeSlots()).includes(slot); n += 1) {
      expect(n).toBeLessThan(10);
      const response = await postJson(`${urls.web}/api/appointments`, {
        customerName: `Filler${id}${n} Online`, email: `filler.${id}.${n}@example.com`, phone: '(904) 555-0134', address: '7 Spanish St', city: 'St Augustine',
        state: 'FL', zipCode: '32084', serviceType: 'Repair', appliance: 'Washer', brand: 'LG', appointmentDate: day, timeSlot: slot,
      }, { origin: urls.web });
      expect(response.status).toBe(201);
    }

    const context = await newContext(browser(), phone);
    const page = await signIn(context, admin, '/admin-customer-management');
    await page.goto(`${urls.backoffice}/dispatch-board`);
    await page.getByRole('heading', { level: 1, name: 'Dispatch Board' }).waitFor();
    await page.getByLabel('Board for').fill(day);
    await page.getByRole('button', { name: 'Book for a caller' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('region', { name: /^Book for a caller on/ });
    await dialog.getByLabel(/^Name/).fill(customerName);
    await dialog.getByLabel(/^Phone/).fill('(904) 555-0177');
    await dialog.getByLabel(/^Email/).fill(`rosa.${id}@example.com`);
    await dialog.getByLabel(/^Street address/).fill('12 Aviles St');
    await dialog.getByLabel(/^City/).fill('St Augustine');
    await dialog.getByLabel(/^ZIP code/).fill('32084');
    await dialog.getByLabel(/^Service/).selectOption('Repair');
    await dialog.getByLabel(/^Appliance/).selectOption('Refrigerator');
    await dialog.getByLabel(/^Brand/).selectOption('Sub-Zero');
    const full = dialog.getByRole('radio', { name: new RegExp(`^${formatSlot(slot)} · full`) });
    await full.focus();
    await page.keyboard.press('Space');
    expect(await full.isChecked()).toBe(true);

    // Sent without the override: refused beside the windows, the form kept.
    await dialog.getByRole('button', { name: 'Book', exact: true }).focus();
    await page.keyboard.press('Enter');
    await dialog.getByText(callerBookingMessages.full).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await dialog.getByRole('checkbox', { name: /Book over capacity/ }).focus();
    await page.keyboard.press('Space');
    await dialog.getByLabel(/^Why/).fill(`Regular customer ${id}`);
    await dialog.getByRole('button', { name: 'Book', exact: true }).focus();
    await page.keyboard.press('Enter');
    const said = page.getByRole('status').filter({ hasText: customerName });
    await said.getByText(/Booked: confirmation \S+/).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('group', { name: `Unassigned, ${formatSlot(slot)}`, exact: true }).getByRole('article', { name: customerName }).waitFor();
    await noScrollSideways(page, phone.width);
    // The week view has it on its day, in Unassigned's row.
    await page.getByText('Week', { exact: true }).click();
    const week = page.getByRole('table', { name: /^Week of Monday/ });
    await week.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Unassigned' }) }).getByText(customerName, { exact: false }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // The public site still sees the window as taken.
    expect(await freeSlots()).not.toContain(slot);
    await context.close();
  }, 120_000);

  it('deactivates a technician: no longer offered for assignment, and their sign-in refused', async () => {
    const id = randomBytes(3).toString('hex');
    const name = `Jordan${id} Pike`;
    const email = `jordan.${id}@example.com`;
    const password = `socket-wrench-${id}`;
    const day = bookableDates()[4]!;
    const customerName = `Avery${id} Lane`;
    await bookByApi(undefined, customerName, `avery.${id}@example.com`, 4);

    const context = await newContext(browser(), wide);
    const office = await signIn(context, admin, '/admin-customer-management');
    await addTechnicianWithSignIn(office, { name, phone: '(904) 555-0191', vehicle: 'Grey Ram ProMaster', specialties: 'Sub-Zero, Wolf', email, password });

    // Offered with their specialties while active.
    await appointmentsOn(office, day);
    const select = card(office, customerName).getByLabel(`Technician for ${customerName}`);
    const offered = () => select.locator('option').allTextContents();
    await expect.poll(offered, { timeout: 15_000 }).toContain(`${name} — Sub-Zero, Wolf (Available)`);

    await office.goto(`${urls.backoffice}/technician-management`);
    // The search finds them alone by their sign-in email.
    await office.getByRole('searchbox', { name: 'Search technicians' }).fill(email);
    await office.getByRole('status').filter({ hasText: new RegExp(`^1 of \\d+ technicians matches “${email}”$`) }).waitFor();
    expect(await office.getByRole('article').count()).toBe(1);
    await card(office, name).getByRole('button', { name: `Deactivate ${name}` }).click();
    await card(office, name).getByRole('group', { name: `Confirm deactivating ${name}` }).getByRole('button', { name: 'Deactivate' }).click();
    await toast(office, 'Technician deactivated').waitFor();
    await card(office, name).getByText('Deactivated', { exact: true }).waitFor();
    await card(office, name).getByRole('button', { name: `Reactivate ${name}` }).waitFor();
    expect(await axeViolations(office)).toEqual([]);

    await appointmentsOn(office, day);
    await card(office, customerName).getByLabel(`Technician for ${customerName}`).and(office.locator(':enabled')).waitFor();
    expect((await offered()).some((option) => option.includes(name))).toBe(false);
    await context.close();

    // Accounts hears of it through tracking's outbox (a moment later): then the sign-in is refused, saying why.
    const apiSignIn = async () =>
      (await fetch(`${urls.backoffice}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: urls.backoffice }, body: JSON.stringify({ email, password }) })).status;
    await expect.poll(apiSignIn, { timeout: 30_000, interval: 500 }).toBe(403);
    const phoneContext = await newContext(browser(), phone);
    const { page } = await open(phoneContext, `${urls.backoffice}/admin-login`);
    await submitBackOfficeSignIn(page, { email, password });
    await toast(page, 'Login Failed').filter({ hasText: technicianAccountMessages.deactivated }).waitFor();
    expect(page.url()).toBe(`${urls.backoffice}/admin-login`);
    await phoneContext.close();
  }, 120_000);
});
