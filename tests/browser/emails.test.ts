import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { bookableDates, findAppointmentMessages, type CreateAppointmentResponse } from '@repo/contracts';
import { collectPageErrors, useBrowser, viewports, waitForHydration } from '../support/browser.ts';
import { linkIn, waitForEmail } from '../support/mail.ts';

const urls = inject('urls');
const browser = useBrowser();

/** Books through the gateway as the wizard does, for a fresh address, on the fourth bookable day. */
async function bookFor(email: string, slotIndex = 0): Promise<CreateAppointmentResponse> {
  const date = bookableDates()[3]!;
  const slots = (await (await fetch(`${urls.web}/api/appointments/available-slots?date=${date}`)).json()) as { availableSlots: string[] };
  const answer = await fetch(`${urls.web}/api/appointments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: urls.web, 'idempotency-key': randomUUID() },
    body: JSON.stringify({
      customerName: 'Morgan Hale', email, phone: '(904) 555-0123', address: '21 Charlotte St', city: 'St Augustine', state: 'FL', zipCode: '32084',
      serviceType: 'Repair', appliance: 'Dishwasher', brand: 'Bosch', appointmentDate: date, timeSlot: slots.availableSlots[slotIndex],
    }),
  });
  if (answer.status !== 201) throw new Error(`booking answered ${answer.status}: ${await answer.text()}`);
  return (await answer.json()) as CreateAppointmentResponse;
}

describe('emails through the mail catcher', () => {
  it('the confirmation email arrives, its link opens the appointment page, and a reschedule there brings the notice', async () => {
    const email = `emails-${randomUUID().slice(0, 8)}@example.com`;
    const booked = await bookFor(email);
    const confirmation = await waitForEmail(email, /^Your appointment is booked: /);
    expect(confirmation.attachments.map((attachment) => attachment.filename)).toEqual([`appointment-${booked.confirmationCode}.ics`]);

    const page = await browser().newPage({ viewport: viewports.mobile });
    const errors = await collectPageErrors(page);
    await page.goto(linkIn(confirmation, /\/appointments\/\d+#access=/));
    await page.getByRole('heading', { level: 1, name: 'Bosch Dishwasher – Repair' }).waitFor();
    await page.getByText(booked.confirmationCode, { exact: true }).waitFor();

    const newDate = page.getByLabel('New date');
    await newDate.selectOption({ index: 6 });
    await page.getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Move appointment' }).click();
    await page.getByText('Your appointment has been moved.').waitFor();
    const notice = await waitForEmail(email, /^Your appointment has a new time: /);
    expect(linkIn(notice, /\/appointments\/\d+#access=/)).toContain(`/appointments/${booked.appointment.id}#access=`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('"find my appointment" on the public site emails the links of the upcoming appointments, and a link opens its page', async () => {
    const email = `find-${randomUUID().slice(0, 8)}@example.com`;
    const booked = await bookFor(email, 1);
    await waitForEmail(email, /^Your appointment is booked: /);

    const context = await browser().newContext({ viewport: viewports.mobile });
    const page = await context.newPage();
    const errors = await collectPageErrors(page);
    await page.goto(`${urls.web}/`);
    await waitForHydration(page);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Find My Appointment' }).click();
    await page.getByRole('heading', { level: 1, name: 'Find My Appointment' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/find-appointment');
    await waitForHydration(page);
    const field = page.getByLabel('Email you booked with');
    // Sent empty: the message is beside the field, which gets the focus.
    await page.getByRole('button', { name: 'Email My Appointment Links' }).click();
    await page.getByText('Enter the email you booked with', { exact: true }).waitFor();
    await expect.poll(() => field.evaluate((input) => input === document.activeElement)).toBe(true);
    await field.fill(email.toUpperCase());
    await field.press('Enter');
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await page.getByText(findAppointmentMessages.sent.replace('{email}', email.toUpperCase())).waitFor();

    const found = await waitForEmail(email, /^Your upcoming appointment: /);
    await page.goto(linkIn(found, new RegExp(`/appointments/${booked.appointment.id}#access=`)));
    await page.getByRole('heading', { level: 1, name: 'Bosch Dishwasher – Repair' }).waitFor();
    await page.getByText(booked.confirmationCode, { exact: true }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the portal sign-in leads a visitor without an account to "find my appointment"', async () => {
    const page = await browser().newPage({ viewport: viewports.desktop });
    await page.goto(`${urls.portal}/login`);
    // The portal is built with the public site's production origin; the path is what this stack can check.
    const href = await page.getByRole('link', { name: 'Find your appointment' }).getAttribute('href');
    expect(new URL(href ?? '').pathname).toBe('/find-appointment');
    await page.close();
  });
});
