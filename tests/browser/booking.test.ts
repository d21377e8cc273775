import { readFile } from 'node:fs/promises';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { slotTakenMessage, smsConsentWording } from '@repo/contracts';
import { collectPageErrors, useBrowser, viewports } from '../support/browser.ts';
import { staffToken } from './tracking-support.ts';
import { chooseDateAndFirstTime, contact, fillContact, waitForConfirmation } from './web-support.ts';

const urls = inject('urls');
const browser = useBrowser();

async function fillDetails(page: Page) {
  await page.getByLabel(/^Service Type/).selectOption('Repair');
  await page.getByLabel(/^Appliance/).selectOption('Refrigerator');
  await page.getByLabel(/^Brand/).selectOption('Sub-Zero');
  await page.getByLabel('Description (optional)').fill('Freezer is warm');
}

describe('booking wizard through nginx', () => {
  it('books an appointment end to end', async () => {
    const page = await browser().newPage({ viewport: viewports.mobile });
    const errors = await collectPageErrors(page);
    await page.goto(`${urls.web}/book-appointment`);
    await page.getByRole('heading', { name: 'Select Date & Time' }).waitFor();
    const next = page.getByRole('button', { name: 'Next: Service Details' });
    expect(await next.isDisabled()).toBe(true);
    await chooseDateAndFirstTime(page, 5);
    expect(await next.isDisabled()).toBe(false);
    await next.click();

    await page.getByRole('button', { name: 'Next: Contact Info' }).click();
    await page.getByText('Please fill in all service details before continuing.').waitFor();
    await fillDetails(page);
    await page.getByRole('button', { name: 'Next: Contact Info' }).click();

    await page.getByRole('heading', { name: 'Contact Information' }).waitFor();
    expect(await page.getByLabel(/^State/).inputValue()).toBe('FL');
    expect(await page.getByLabel('Zip Code').getAttribute('placeholder')).toBe('e.g. 32084');
    await page.getByRole('button', { name: 'Book Appointment' }).click();
    await page.getByText('Customer name is required').waitFor();
    await page.getByText('Valid email is required').waitFor();
    await fillContact(page);
    await page.getByText('Refrigerator', { exact: false }).first().waitFor();
    // The SMS consent starts unticked and ticks from the keyboard; the booking carries it.
    const consent = page.getByRole('checkbox', { name: smsConsentWording });
    expect(await consent.isChecked()).toBe(false);
    await consent.focus();
    await page.keyboard.press('Space');
    expect(await consent.isChecked()).toBe(true);
    const bookingRequest = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/appointments');
    await page.getByRole('button', { name: 'Book Appointment' }).click();
    expect((await bookingRequest).postDataJSON()).toMatchObject({ smsConsent: true });

    await waitForConfirmation(page);
    await page.getByText('Appointment Booked!').waitFor();
    expect(await page.getByTestId('confirmation-code').textContent()).toMatch(/^SA-[A-Z2-9]{6}$/);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Add to calendar' }).click()]);
    expect(await readFile((await download.path())!, 'utf8')).toContain('DTSTART;TZID=America/New_York:');
    expect(await page.getByRole('link', { name: /Leave a Review/ }).getAttribute('target')).toBe('_blank');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports.mobile.width);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('sends the visitor back for another time when the slot is taken mid-way, keeping what they typed', async () => {
    const page = await browser().newPage({ viewport: viewports.desktop });
    await page.goto(`${urls.web}/book-appointment`);
    await page.getByRole('heading', { name: 'Select Date & Time' }).waitFor();

    // Learn which date and slot the page will offer first, then fill that slot from elsewhere while the visitor types.
    const slotsRequest = page.waitForResponse((response) => response.url().includes('/api/appointments/available-slots'));
    await page.locator('[aria-labelledby="choose-date"] button').nth(3).click();
    const offered = (await (await slotsRequest).json()) as { date: string; availableSlots: string[] };
    const slot = offered.availableSlots[0]!;
    await page.locator('[aria-labelledby="choose-time"] button').first().click();
    await page.getByRole('button', { name: 'Next: Service Details' }).click();
    await fillDetails(page);
    await page.getByRole('button', { name: 'Next: Contact Info' }).click();
    await fillContact(page);

    // Booked from elsewhere until it is full (another test file may book the same time meanwhile: full is what counts).
    const answers: number[] = [];
    for (let i = 0; !answers.includes(409); i += 1) {
      const response = await fetch(`${urls.web}/api/appointments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...contact, email: `other${i}@example.com`, serviceType: 'Repair', appliance: 'Washer', brand: 'LG', appointmentDate: offered.date, timeSlot: slot }),
      });
      answers.push(response.status);
      // The slot takes a few visits at once (BOOKING_SLOT_CAPACITY); ten answers without a refusal is a slot that never fills.
      expect(answers.length, `answers so far: ${answers.join(', ')}`).toBeLessThanOrEqual(10);
    }
    expect(answers.every((status) => status === 201 || status === 409)).toBe(true);

    await page.getByRole('button', { name: 'Book Appointment' }).click();
    await page.getByText('Booking Failed').waitFor();
    await page.getByRole('alert', { name: 'Please choose another time' }).filter({ hasText: slotTakenMessage }).waitFor();
    await page.getByRole('heading', { name: 'Select Date & Time' }).waitFor();
    const freshSlots = page.locator('[aria-labelledby="choose-time"] button');
    await freshSlots.first().waitFor();
    const [h] = slot.split(':').map(Number) as [number];
    const takenLabel = `${((h + 11) % 12) + 1}:00`;
    expect(await freshSlots.first().textContent()).not.toMatch(new RegExp(`^${takenLabel} `));
    expect(await page.getByRole('button', { name: 'Next: Service Details' }).isDisabled()).toBe(true);

    await freshSlots.first().click();
    await page.getByRole('button', { name: 'Next: Service Details' }).click();
    expect(await page.getByLabel(/^Appliance/).inputValue()).toBe('Refrigerator');
    await page.getByRole('button', { name: 'Next: Contact Info' }).click();
    expect(await page.getByLabel('Full Name').inputValue()).toBe(contact.customerName);
    await page.getByRole('button', { name: 'Book Appointment' }).click();
    await page.getByRole('heading', { name: 'Appointment Confirmed!' }).waitFor();
    await page.close();
  });

  it('books once when Book Appointment is tapped twice on a phone slowed 6×, even a tap landing after the answer', { timeout: 180_000 }, async () => {
    const context = await browser().newContext({ viewport: viewports.mobile, hasTouch: true });
    const page = await context.newPage();
    const errors = await collectPageErrors(page);
    await page.goto(`${urls.web}/book-appointment`);
    await page.getByRole('heading', { name: 'Select Date & Time' }).waitFor();
    await chooseDateAndFirstTime(page, 5);
    await page.getByRole('button', { name: 'Next: Service Details' }).click();
    await fillDetails(page);
    await page.getByRole('button', { name: 'Next: Contact Info' }).click();
    await fillContact(page);
    const email = `double-tap-${Date.now()}@example.com`;
    await page.getByLabel('Email Address').fill(email);

    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    const button = page.getByRole('button', { name: 'Book Appointment' });
    await button.scrollIntoViewIfNeeded();
    const box = (await button.boundingBox())!;
    const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    // Two taps where the button is, without waiting for it to be enabled: the first, then another as soon as the
    // booking's answer is back (the moment the duplicate used to be made), then a third for good measure.
    const answered = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/appointments');
    await page.touchscreen.tap(at.x, at.y);
    const booked = (await (await answered).json()) as { appointment: { appointmentDate: string } };
    await page.touchscreen.tap(at.x, at.y);
    await page.touchscreen.tap(at.x, at.y);
    await page.getByRole('heading', { name: 'Appointment Confirmed!' }).waitFor({ timeout: 60_000 });

    // Every booking of that day, as staff see them: one is this visitor's.
    const token = await staffToken();
    const day = booked.appointment.appointmentDate;
    const list = await fetch(`${urls.backoffice}/api/appointments?date=${day}&pageSize=200`, { headers: { authorization: `Bearer ${token}`, origin: urls.backoffice } });
    const appointments = (await list.json()) as { email: string }[];
    expect(appointments.filter((appointment) => appointment.email === email), `appointments for ${email} on ${day}`).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
