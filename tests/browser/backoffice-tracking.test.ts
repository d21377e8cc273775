import { randomBytes } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { businessDate, type AvailableSlotsResponse, type CreateAppointmentResponse } from '@repo/contracts';
import { useBrowser } from '../support/browser.ts';
import { newContext, open, phone, urls } from './portal-support.ts';
import { noScrollSideways, staffCall, staffToken } from './tracking-support.ts';
import { axeViolations } from './web-support.ts';

// The back office's technician and tracking screens through the real nginx and the built services on PostgreSQL:
// a dispatcher assigns a technician to today's booking and follows it in Live Tracking, a location saved on one
// management page shows on another without reloading, a technician given a sign-in moves their job forward from a
// phone and shares the browser's position; axe clean at 1440 and 390 px.
const admin = inject('admin');
const browser = useBrowser();
const wide = { width: 1440, height: 900 } as const;

async function signIn(context: BrowserContext, credentials: { email: string; password: string }, landsOn: string): Promise<Page> {
  const { page } = await open(context, `${urls.backoffice}/admin-login`);
  await page.getByRole('heading', { level: 1, name: 'Back Office Sign In' }).waitFor();
  await page.getByLabel('Email').fill(credentials.email);
  await page.getByLabel('Password', { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${urls.backoffice}${landsOn}`);
  return page;
}

/** Books today's first free slot through the public site's API; undefined when today has none left. */
async function bookToday(customerName: string): Promise<CreateAppointmentResponse | undefined> {
  const date = businessDate();
  const slots = (await (await fetch(`${urls.web}/api/appointments/available-slots?date=${date}`)).json()) as AvailableSlotsResponse;
  const timeSlot = slots.availableSlots[0];
  if (!timeSlot) return undefined;
  const response = await fetch(`${urls.web}/api/appointments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: urls.web },
    body: JSON.stringify({
      customerName, email: `${customerName.split(' ')[0]!.toLowerCase()}@example.com`, phone: '(904) 555-0134', address: '48 Charlotte St',
      city: 'St Augustine', state: 'FL', zipCode: '32084', serviceType: 'Repair', appliance: 'Washer', brand: 'LG', appointmentDate: date, timeSlot,
    }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as CreateAppointmentResponse;
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name });
const card = (page: Page, name: string) => page.getByRole('article', { name });
const toast = (page: Page, title: string) => page.getByRole('region', { name: /notifications/i }).getByRole('alert').filter({ hasText: title });

async function expectAxeClean(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

describe('back-office tracking screens through nginx', () => {
  it('assigns a technician from Appointments, follows the visit in Live Tracking, and sees a moved technician live', async () => {
    const id = randomBytes(3).toString('hex');
    const customerName = `Dana${id} Whitfield`;
    const booked = await bookToday(customerName);
    if (!booked) console.warn('No slot left today: the appointment list is empty today, so this run assigns through the API.');

    const context = await newContext(browser(), wide);
    const page = await signIn(context, admin, '/admin-customer-management');
    await page.goto(`${urls.backoffice}/admin-tracking`);
    await page.getByRole('heading', { level: 1, name: 'Tracking Administration' }).waitFor();
    // The live socket is authorised by the back-office cookie and accepts subscribe_all.
    await page.getByRole('status').filter({ hasText: /^Live$/ }).waitFor();
    await page.getByRole('region', { name: 'System Status' }).getByText('Online').waitFor();
    await page.getByRole('region', { name: 'Alerts' }).getByRole('heading', { name: 'Alerts' }).waitFor();
    await expectAxeClean(page);

    if (booked) {
      await tab(page, 'Appointments').click();
      const appointment = card(page, customerName);
      const select = appointment.getByLabel(`Technician for ${customerName}`);
      await select.and(page.locator(':enabled')).waitFor();
      await select.selectOption('tech_sara');
      await toast(page, 'Technician assigned successfully').waitFor();
      await expectAxeClean(page);
    }
    const appointmentId = booked?.appointment.id;

    await tab(page, 'Live Tracking').click();
    // Tracking learns of the assignment through booking's durable effect; the live socket brings it to the page.
    const visit = appointmentId ? card(page, `Appointment #${appointmentId}`) : page.getByRole('article').first();
    if (appointmentId) await visit.waitFor({ timeout: 30_000 });
    else await page.getByText(/No technician is on a job right now|Appointment #/).first().waitFor();
    if (appointmentId) {
      await visit.getByText('Sara Martinez').waitFor();
      await visit.getByText('Dispatched').waitFor();
      expect(await visit.getByRole('progressbar', { name: `Progress of appointment #${appointmentId}` }).count()).toBe(1);
      // Staff move it on; the page follows without reloading.
      expect(await staffCall(await staffToken(), 'PUT', `/api/tracking/${appointmentId}/status`, { status: 'en-route' })).toBe(200);
      await visit.getByText('En Route').waitFor();
    }
    await expectAxeClean(page);

    // Two management pages: a location saved on one shows on the other without a reload.
    const watcher = await context.newPage();
    await watcher.goto(`${urls.backoffice}/technician-management`);
    await watcher.getByRole('heading', { level: 1, name: 'Technician Management' }).waitFor();
    await watcher.getByRole('status').filter({ hasText: /^Live$/ }).waitFor();
    const editor = await context.newPage();
    await editor.goto(`${urls.backoffice}/technician-management`);
    const form = editor.getByRole('form', { name: 'Update Location for Sara Martinez' });
    const lat = (29.85 + Math.random() / 100).toFixed(4);
    await form.getByLabel('Latitude').fill(lat);
    await form.getByLabel('Longitude').fill('-81.2651');
    await form.getByLabel('Address').fill(`${id} A1A Beach Blvd, St Augustine Beach, FL`);
    await form.getByRole('button', { name: 'Update Location' }).click();
    await toast(editor, 'Location Updated').waitFor();
    await card(watcher, 'Sara Martinez').getByText(`${lat}, -81.2651`).waitFor();
    await card(watcher, 'Sara Martinez').getByText(`${id} A1A Beach Blvd, St Augustine Beach, FL`).waitFor();
    await expectAxeClean(watcher);
    // The tracking page saw the move too (Technicians tab), still without a reload.
    await tab(page, 'Technicians').click();
    await card(page, 'Sara Martinez').getByText(`${lat}, -81.2651`).waitFor();
    await context.close();
  }, 120_000);

  it('fits both screens on a 390 px phone, axe clean', async () => {
    const context = await newContext(browser(), phone);
    const page = await signIn(context, admin, '/admin-customer-management');
    await page.goto(`${urls.backoffice}/technician-management`);
    await card(page, 'Sara Martinez').waitFor();
    await expectAxeClean(page);
    await noScrollSideways(page, phone.width);
    await page.goto(`${urls.backoffice}/admin-tracking`);
    await page.getByRole('region', { name: 'System Status' }).getByText('Online').waitFor();
    for (const name of ['Overview', 'Technicians', 'Appointments', 'Live Tracking']) {
      await tab(page, name).click();
      await expect.poll(() => tab(page, name).getAttribute('aria-selected')).toBe('true');
      await page.getByRole('tabpanel').getByText(/./).first().waitFor();
      await expectAxeClean(page);
      await noScrollSideways(page, phone.width);
    }
    await context.close();
  }, 120_000);

  it("gives a new technician a sign-in; on a phone they move today's job forward and share their position", async () => {
    const id = randomBytes(3).toString('hex');
    const name = `Riley${id} Brooks`;
    const email = `riley.${id}@example.com`;
    const password = `torque-wrench-${id}`;

    const staff = await newContext(browser(), wide);
    const office = await signIn(staff, admin, '/admin-customer-management');
    await office.goto(`${urls.backoffice}/technician-management`);
    await office.getByRole('button', { name: 'Add New Technician' }).click();
    const add = office.getByRole('form', { name: 'Add New Technician' });
    await add.getByLabel('Full Name').fill(name);
    await add.getByLabel('Phone').fill('(904) 555-0190');
    await add.getByLabel('Vehicle Information').fill('Red Transit Connect');
    await add.getByLabel('Specialties').fill('Washers, Dryers');
    await add.getByRole('button', { name: 'Add Technician' }).click();
    await toast(office, 'Technician Added').waitFor();
    const signInForm = office.getByRole('form', { name: `Give ${name} a sign-in` });
    await signInForm.getByLabel('Sign-in email').fill(email);
    await signInForm.getByLabel('Password', { exact: true }).fill(password);
    await signInForm.getByRole('button', { name: 'Give Sign-in' }).click();
    await card(office, name).getByText(`Has sign-in: ${email}`).waitFor();
    const technicianId = ((await card(office, name).getByText(/^ID: /).textContent()) ?? '').replace('ID: ', '');
    await staff.close();

    const booked = await bookToday(`Sam${id} Ortega`);
    const phoneContext = await newContext(browser(), phone);
    await phoneContext.grantPermissions(['geolocation'], { origin: urls.backoffice });
    await phoneContext.setGeolocation({ latitude: 29.8801, longitude: -81.2904 });
    const page = await signIn(phoneContext, { email, password }, '/my-jobs');
    await page.getByRole('heading', { level: 1, name: 'My Jobs' }).waitFor();
    if (!booked) {
      await page.getByRole('heading', { name: 'No jobs today' }).waitFor();
      await expectAxeClean(page);
      await phoneContext.close();
      return;
    }
    const token = await staffToken();
    expect(await staffCall(token, 'PUT', `/api/appointments/${booked.appointment.id}/assign`, { technicianId })).toBe(200);
    await expect.poll(() => staffCall(token, 'GET', `/api/tracking/${booked.appointment.id}`), { timeout: 30_000, interval: 250 }).toBe(200);
    await page.reload();
    const job = card(page, `Sam${id} Ortega`);
    await job.waitFor();
    await expectAxeClean(page);
    await noScrollSideways(page, phone.width);
    await job.getByRole('button', { name: 'Start driving' }).click();
    await job.getByRole('button', { name: "I've arrived" }).waitFor();
    const sharing = page.getByRole('region', { name: 'Your Location' });
    await sharing.getByText('Sharing your location').waitFor();
    await sharing.getByText(/^Last sent at /).waitFor();
    // The office sees where the phone is.
    await expect
      .poll(async () => {
        const response = await fetch(`${urls.backoffice}/api/technicians/${technicianId}`, { headers: { authorization: `Bearer ${token}` } });
        return ((await response.json()) as { currentLocation: { lat: number; lng: number } | null }).currentLocation;
      }, { timeout: 15_000 })
      .toMatchObject({ lat: 29.8801, lng: -81.2904 });
    await expectAxeClean(page);
    await job.getByRole('button', { name: "I've arrived" }).click();
    await job.getByRole('button', { name: 'Start work' }).waitFor();
    await sharing.getByText('Your location is shared only while you are driving to a job.').waitFor();
    await phoneContext.close();
  }, 120_000);
});
