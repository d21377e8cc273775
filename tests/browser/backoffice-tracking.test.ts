import { randomBytes } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { bookableDates } from '@repo/contracts';
import { useBrowser } from '../support/browser.ts';
import { bookByApi, newContext, phone, urls } from './portal-support.ts';
import { assignAndWaitForTracking, moveWindowIntoPast, noScrollSideways, staffCall, staffToken, trackingToldBooking } from './tracking-support.ts';
import { axeViolations } from './web-support.ts';
import { addTechnicianWithSignIn, card, signIn, toast } from './backoffice-support.ts';

// The back office's technician and tracking screens through the real nginx and the built services on PostgreSQL:
// a dispatcher picks a day ahead, assigns a technician to a booking on it and follows it in Live Tracking, a location
// saved on one management page shows on another without reloading, a technician given a sign-in picks the day of
// their job on a phone, moves it forward and shares the browser's position; axe clean at 1440 and 390 px.
// Bookings are made on days ahead (bookableDates, each day with every slot free but the seed's one), never today:
// whatever the hour a run starts, the same path runs.
const admin = inject('admin');
const browser = useBrowser();
const wide = { width: 1440, height: 900 } as const;

const tab = (page: Page, name: string) => page.getByRole('tab', { name });

async function expectAxeClean(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

describe('back-office tracking screens through nginx', () => {
  it('assigns a technician ahead from Appointments, follows the visit in Live Tracking, and sees a moved technician live', async () => {
    const id = randomBytes(3).toString('hex');
    const customerName = `Dana${id} Whitfield`;
    // The first day after today: Live Tracking lists visits in schedule order, so this one is on its first page.
    const day = bookableDates()[1]!;
    const booked = await bookByApi(undefined, customerName, `dana.${id}@example.com`, 1);
    expect(booked.appointment.appointmentDate).toBe(day);
    // Booking hears of the seeded technicians from tracking after a fresh start; the dropdown may offer them then.
    await trackingToldBooking(await staffToken(), 'tech_sara');

    const context = await newContext(browser(), wide);
    const page = await signIn(context, admin, '/admin-customer-management');
    await page.goto(`${urls.backoffice}/admin-tracking`);
    await page.getByRole('heading', { level: 1, name: 'Tracking Administration' }).waitFor();
    // The live socket is authorised by the back-office cookie and accepts subscribe_all.
    await page.getByRole('status').filter({ hasText: /^Live$/ }).waitFor();
    await page.getByRole('region', { name: 'System Status' }).getByText('Online').waitFor();
    await page.getByRole('region', { name: 'Alerts' }).getByRole('heading', { name: 'Alerts' }).waitFor();
    await expectAxeClean(page);

    await tab(page, 'Appointments').click();
    await page.getByText(/^Today, /).waitFor();
    await page.getByLabel('Appointments on').fill(day);
    const appointment = card(page, customerName);
    const select = appointment.getByLabel(`Technician for ${customerName}`);
    await select.and(page.locator(':enabled')).waitFor();
    expect(await page.getByRole('button', { name: 'Today' }).isEnabled()).toBe(true);
    await select.selectOption('tech_sara');
    await toast(page, 'Technician assigned successfully').waitFor();
    await expect.poll(() => select.inputValue()).toBe('tech_sara');
    await expectAxeClean(page);
    const appointmentId = booked.appointment.id;

    await tab(page, 'Live Tracking').click();
    // Live Tracking shows today's open jobs until another day is chosen.
    await page.getByLabel('Jobs on').fill(day);
    // Tracking learns of the assignment through booking's durable effect; the live socket brings it to the page.
    const visit = card(page, `Appointment #${appointmentId}`);
    await visit.waitFor({ timeout: 30_000 });
    await visit.getByText('Sara Martinez').waitFor();
    await visit.getByText('Dispatched').waitFor();
    expect(await visit.getByRole('progressbar', { name: `Progress of appointment #${appointmentId}` }).count()).toBe(1);
    // Staff move it on; the page follows without reloading.
    expect(await staffCall(await staffToken(), 'PUT', `/api/tracking/${appointmentId}/status`, { status: 'en-route' })).toBe(200);
    await visit.getByText('En Route').waitFor();
    await expectAxeClean(page);

    // Hours pass and Sara has not arrived: the Overview's Alerts name the visit, its window, the technician and that
    // she is on the way.
    await moveWindowIntoPast(appointmentId);
    await page.reload();
    await tab(page, 'Overview').click();
    const missed = new RegExp(`^Appointment #${appointmentId}'s arrival window \\(.+\\) has passed and Sara Martinez has not arrived \\(on the way\\)\\.$`);
    await page.getByRole('region', { name: 'Alerts' }).getByText(missed).waitFor();

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

  it('gives a new technician a sign-in; on a phone they pick the day of their job, move it forward to completion and share their position while driving', async () => {
    const id = randomBytes(3).toString('hex');
    const name = `Riley${id} Brooks`;
    const email = `riley.${id}@example.com`;
    const password = `torque-wrench-${id}`;

    const staff = await newContext(browser(), wide);
    const office = await signIn(staff, admin, '/admin-customer-management');
    await addTechnicianWithSignIn(office, { name, phone: '(904) 555-0190', vehicle: 'Red Transit Connect', specialties: 'Washers, Dryers', email, password });
    const technicianId = ((await card(office, name).getByText(/^ID: /).textContent()) ?? '').replace('ID: ', '');

    // A day ahead: the new technician has nothing today, and the job waits on the day they pick.
    const day = bookableDates()[2]!;
    const customerName = `Sam${id} Ortega`;
    const booked = await bookByApi(undefined, customerName, `sam.${id}@example.com`, 2);
    const token = await staffToken();
    await assignAndWaitForTracking(token, booked.appointment.id, technicianId);

    const phoneContext = await newContext(browser(), phone);
    await phoneContext.grantPermissions(['geolocation'], { origin: urls.backoffice });
    await phoneContext.setGeolocation({ latitude: 29.8801, longitude: -81.2904 });
    const page = await signIn(phoneContext, { email, password }, '/my-jobs');
    await page.getByRole('heading', { level: 1, name: 'My Jobs' }).waitFor();
    await page.getByRole('heading', { name: 'No jobs today' }).waitFor();
    expect(await page.getByRole('button', { name: 'Previous day' }).isDisabled()).toBe(true);
    await page.getByLabel('Jobs on').fill(day);
    const job = card(page, customerName);
    await job.waitFor();
    await expectAxeClean(page);
    await noScrollSideways(page, phone.width);

    // A visit of another day: the phone says to call the office, which allows it today on Live Tracking.
    expect(await job.getByRole('button', { name: 'Start driving' }).isDisabled()).toBe(true);
    await job.getByTestId('job-day-note').getByText(/^This visit is on .+\. Call the office: they confirm a visit on another day before you start it\.$/).waitFor();
    await office.goto(`${urls.backoffice}/admin-tracking`);
    await tab(office, 'Live Tracking').click();
    // The job's own day: the dispatcher looks there for the jobs a technician asks to start early.
    await office.getByLabel('Jobs on').fill(day);
    const allow = office.getByRole('button', { name: `Allow starting today: appointment #${booked.appointment.id}, ${name}` });
    // That day's open jobs in schedule order, ten to a page: other tests' visits of the same day may come first.
    await expect.poll(async () => {
      if (await allow.isVisible()) return true;
      const next = office.getByRole('navigation', { name: 'Live tracking pages' }).getByRole('button', { name: 'Next' });
      if ((await next.count()) > 0 && (await next.isEnabled())) await next.click();
      return false;
    }, { timeout: 30_000, interval: 500 }).toBe(true);
    await allow.click();
    await card(office, `Appointment #${booked.appointment.id}`).getByText(`Allowed today by ${admin.email}: its technician can start it now.`).waitFor();
    await staff.close();
    await page.reload();
    await page.getByLabel('Jobs on').fill(day);
    await expect.poll(() => job.getByRole('button', { name: 'Start driving' }).isEnabled(), { timeout: 15_000 }).toBe(true);

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
    await job.getByRole('button', { name: 'Start work' }).click();
    await job.getByRole('button', { name: 'Complete job' }).click();
    await job.getByText('Job complete. Thank you!').waitFor();
    await phoneContext.close();
  }, 120_000);
});
