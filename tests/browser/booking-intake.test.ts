import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { ratingPlateHelp, type CreateAppointmentResponse } from '@repo/contracts';
import { useBrowser } from '../support/browser.ts';
import { newContext, open, phone, urls } from './portal-support.ts';
import { assignAndWaitForTracking, noScrollSideways, staffToken } from './tracking-support.ts';
import { axeViolations, chooseDateAndFirstTime, contact, fillContact, waitForConfirmation } from './web-support.ts';
import { addTechnicianWithSignIn, card, signIn } from './backoffice-support.ts';

// Issue 28's intake at booking, through the real nginx and the built services on PostgreSQL: a visitor on a 390 px
// phone gives the dishwasher's model and serial (after reading where its rating plate is), a home-warranty plan and a
// photo of the rating plate (straight to the photo store); the dispatcher sees them (the photo on the appointment card) on the dispatch board's card and the tracking admin's appointment card, and the technician
// assigned to the visit sees them (the photo too) on My jobs before going.
const admin = inject('admin');
const browser = useBrowser();
const wide = { width: 1440, height: 1000 } as const;

describe('the appliance intake at booking through nginx', () => {
  it('is given in the wizard on a phone and shown to the dispatcher and the assigned technician', async () => {
    const id = randomBytes(3).toString('hex');
    const customerName = `Morgan${id} Tate`;
    const visitor = await newContext(browser(), phone);
    const { page, errors } = await open(visitor, `${urls.web}/book-appointment`);
    await page.getByRole('heading', { name: 'Select Date & Time' }).waitFor();
    await chooseDateAndFirstTime(page, 11);
    await page.getByRole('button', { name: 'Next: Service Details' }).click();
    await page.getByRole('heading', { name: 'Service Details' }).waitFor();
    await page.getByLabel(/^Service Type/).selectOption('Repair');
    await page.getByLabel(/^Appliance/).selectOption('Dishwasher');
    await page.getByLabel(/^Brand/).selectOption('Bosch');

    // The help opens from the keyboard and names the chosen appliance's places.
    const intake = page.getByRole('group', { name: 'About your appliance (optional)' });
    const help = intake.getByText(`Dishwasher: ${ratingPlateHelp.Dishwasher}`);
    expect(await help.isVisible()).toBe(false);
    await intake.getByText('Where to find the rating plate').focus();
    await page.keyboard.press('Enter');
    await help.waitFor();
    await intake.getByLabel('Model number').fill(' shx878wd5n ');
    await intake.getByLabel('Serial number').fill('fd 9012 00345');
    await intake.getByRole('radio', { name: 'Home-warranty plan' }).check();
    await intake.getByLabel('Home-warranty company (optional)').fill('American Home Shield');
    const photos = page.getByRole('region', { name: 'Photos (optional)' });
    await photos.getByLabel('What it shows').selectOption('rating-plate');
    const plate = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 60, g: 90, b: 120 } } }).jpeg().toBuffer();
    await photos.getByLabel('Photo file').setInputFiles({ name: 'plate.jpg', mimeType: 'image/jpeg', buffer: plate });
    await photos.getByRole('listitem').getByText('Added to your booking').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await noScrollSideways(page, phone.width);
    await page.getByRole('button', { name: 'Next: Contact Info' }).click();

    await page.getByRole('heading', { name: 'Contact Information' }).waitFor();
    await fillContact(page, { ...contact, customerName, email: `morgan.${id}@example.com` });
    const answer = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/appointments');
    await page.getByRole('button', { name: 'Book Appointment' }).click();
    const booked = (await (await answer).json()) as CreateAppointmentResponse;
    expect((await answer).request().postDataJSON().photos).toHaveLength(1);
    expect(booked.appointment.intake).toEqual({ modelNumber: 'SHX878WD5N', serialNumber: 'FD 9012 00345', warranty: 'home-warranty', homeWarrantyCompany: 'American Home Shield' });
    await waitForConfirmation(page);
    expect(errors).toEqual([]);
    await visitor.close();
    const day = booked.appointment.appointmentDate;

    // A technician with a sign-in, assigned to the visit.
    const technician = { name: `Quinn${id} Park`, phone: '(904) 555-0191', vehicle: 'White Transit', specialties: 'Dishwashers', email: `quinn.${id}@example.com`, password: `socket-set-${id}` };
    const office = await newContext(browser(), wide);
    const staffPage = await signIn(office, admin, '/admin-customer-management');
    await addTechnicianWithSignIn(staffPage, technician);
    const technicianId = ((await card(staffPage, technician.name).getByText(/^ID: /).textContent()) ?? '').replace('ID: ', '');
    await assignAndWaitForTracking(await staffToken(), booked.appointment.id, technicianId);

    // The dispatcher: the board's card, and the tracking admin's appointment card.
    await staffPage.goto(`${urls.backoffice}/dispatch-board`);
    await staffPage.getByRole('heading', { level: 1, name: 'Dispatch Board' }).waitFor();
    await staffPage.getByLabel('Board for').fill(day);
    const boardFacts = card(staffPage, customerName).getByLabel('Appliance intake from booking');
    await boardFacts.getByText('SHX878WD5N').waitFor();
    await boardFacts.getByText('FD 9012 00345').waitFor();
    await boardFacts.getByText('Home-warranty plan (American Home Shield)').waitFor();
    expect(await axeViolations(staffPage)).toEqual([]);

    await staffPage.goto(`${urls.backoffice}/admin-tracking`);
    await staffPage.getByRole('heading', { level: 1, name: 'Tracking Administration' }).waitFor();
    await staffPage.getByRole('tab', { name: 'Appointments' }).click();
    await staffPage.getByLabel('Appointments on').fill(day);
    const trackingFacts = card(staffPage, customerName).getByLabel('Appliance intake from booking');
    await trackingFacts.getByText('SHX878WD5N').waitFor();
    await trackingFacts.getByText('Home-warranty plan (American Home Shield)').waitFor();
    await card(staffPage, customerName).getByRole('button', { name: `Show photos of ${customerName}'s appointment` }).click();
    const shown = card(staffPage, customerName).getByRole('list', { name: 'Photos of this visit' }).getByRole('img', { name: 'Rating plate photo, taken by customer' });
    await shown.waitFor();
    await office.close();

    // The technician, on a phone, before the visit.
    const technicianPhone = await newContext(browser(), phone);
    const jobs = await signIn(technicianPhone, { email: technician.email, password: technician.password }, '/my-jobs');
    await jobs.getByRole('heading', { level: 1, name: 'My Jobs' }).waitFor();
    await jobs.getByLabel('Jobs on').fill(day);
    const jobFacts = card(jobs, customerName).getByLabel('Appliance intake from booking');
    await jobFacts.getByText('SHX878WD5N').waitFor();
    await jobFacts.getByText('FD 9012 00345').waitFor();
    await jobFacts.getByText('Home-warranty plan (American Home Shield)').waitFor();
    await card(jobs, customerName).getByRole('button', { name: 'Start driving' }).waitFor();
    await card(jobs, customerName).getByRole('button', { name: `Show photos of ${customerName}'s appointment` }).click();
    await card(jobs, customerName).getByRole('img', { name: 'Rating plate photo, taken by customer' }).waitFor();
    expect(await axeViolations(jobs)).toEqual([]);
    await noScrollSideways(jobs, phone.width);
    await technicianPhone.close();
  }, 180_000);
});
