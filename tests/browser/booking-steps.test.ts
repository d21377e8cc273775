import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { phoneMessages } from '@repo/contracts';
import { useBrowser } from '../support/browser.ts';
import { axeViolations, openPage, urls, waitForConfirmation, type Viewport } from './web-support.ts';

/**
 * The booking wizard as a homeowner meets it (issue 13): the date calendar and its hours, why Next is disabled, step 2's
 * missing details marked at the fields, the phone rule, and a confirmation with its own address, focus, arrival window
 * and calendar file. At 1440, 820 and 390 px, by keyboard where a person would use it, axe clean.
 */
const browser = useBrowser();
const widths: [string, Viewport][] = [
  ['1440', { width: 1440, height: 900 }],
  ['820', { width: 820, height: 1180 }],
  ['390', { width: 390, height: 844 }],
];
const phone = widths[2]![1];

const calendar = (page: Page) => page.getByRole('grid', { name: 'Choose a date' });
/** The dates that can be chosen: closed days are buttons too (focusable, heard), but aria-disabled. */
const bookableDates = (page: Page) => calendar(page).locator('button:not([aria-disabled])');

async function openBooking(viewport: Viewport) {
  const opened = await openPage(browser(), '/book-appointment', viewport);
  await calendar(opened.page).waitFor();
  return opened;
}

/**
 * Picks the tenth bookable date and its first time: a day no other test file books, so none takes the time between the
 * wizard listing it and booking it.
 */
async function chooseDateAndTime(page: Page) {
  await bookableDates(page).nth(9).click();
  const slot = page.locator('[aria-labelledby="choose-time"] button').first();
  await slot.click();
}

async function fillDetails(page: Page) {
  await page.getByLabel(/^Service Type/).selectOption('Repair');
  await page.getByLabel(/^Appliance/).selectOption('Dishwasher');
  await page.getByLabel(/^Brand/).selectOption('Bosch');
}

async function fillContact(page: Page, phoneNumber = '(904) 555-0177') {
  await page.getByLabel('Full Name').fill('Jamie Ortiz');
  await page.getByLabel('Phone Number').fill(phoneNumber);
  await page.getByLabel('Email Address').fill('jamie.ortiz@example.com');
  await page.getByLabel('Street Address').fill('14 Marine St');
  await page.getByLabel(/^City/).fill('St Augustine');
  await page.getByLabel('Zip Code').fill('32084');
}

const describedBy = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const element = document.querySelector(sel);
    return (element?.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean).map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
  }, selector);

describe('booking wizard: dates, steps and confirmation (issue 13)', () => {
  it.each(widths)('lays dates out in weekday columns with Sundays closed, explains the hours and why Next waits, at %s px', async (_width, viewport) => {
    const { page, context, errors } = await openBooking(viewport);
    const headers = await calendar(page).getByRole('columnheader').allTextContents();
    expect(headers).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    // Every date sits under its weekday's heading: same column, whatever the width.
    const misplaced = await page.evaluate(() => {
      const table = document.querySelector('table.booking-calendar')!;
      const heads = Array.from(table.querySelectorAll('th')).map((th) => th.getBoundingClientRect());
      const problems: string[] = [];
      for (const row of Array.from(table.querySelectorAll('tbody tr'))) {
        Array.from(row.children).forEach((cell, column) => {
          const button = cell.querySelector('.choice-button');
          if (!button) return;
          const box = button.getBoundingClientRect();
          const head = heads[column]!;
          const centre = box.left + box.width / 2;
          if (centre < head.left || centre > head.right) problems.push(`${button.textContent} not under column ${column}`);
          const weekday = button.querySelector('.calendar-weekday')?.textContent ?? '';
          if (!weekday.startsWith(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][column]!)) problems.push(`${weekday} in column ${column}`);
        });
      }
      return problems;
    });
    expect(misplaced).toEqual([]);
    // Sundays are there, marked Closed, reached by the arrow keys but disabled: nothing happens when pressed.
    const sundays = await calendar(page).locator('tbody tr td:first-child').evaluateAll((cells) =>
      cells.filter((cell) => cell.textContent !== '').map((cell) => ({ text: cell.textContent, disabled: cell.querySelector('button')?.getAttribute('aria-disabled') })),
    );
    expect(sundays.length).toBeGreaterThanOrEqual(2);
    for (const sunday of sundays) expect(sunday).toEqual({ text: expect.stringMatching(/Sunday\s*Closed$/), disabled: 'true' });
    expect(await bookableDates(page).count()).toBe(14);

    const hours = page.locator('#booking-hours');
    expect(await hours.isVisible()).toBe(true);
    expect(await hours.textContent()).toContain('Monday to Saturday, 8:00 AM to 5:00 PM');
    expect(await hours.textContent()).toContain('every day, 7:00 AM to 8:00 PM');

    const next = page.getByRole('button', { name: 'Next: Service Details' });
    expect(await next.isDisabled()).toBe(true);
    expect(await page.getByText('Choose a date and a time to continue.').isVisible()).toBe(true);
    expect(await describedBy(page, 'button[aria-describedby="next-blocked-reason"]')).toBe('Choose a date and a time to continue.');
    await bookableDates(page).nth(2).click();
    await page.getByText('Choose a time to continue.').waitFor();

    // Nothing of the page's own content reaches past the screen's edge (the site header is checked by its own tests).
    expect(await page.evaluate(() => Math.max(...Array.from(document.querySelectorAll('main *')).map((element) => element.getBoundingClientRect().right)))).toBeLessThanOrEqual(viewport.width);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('marks the empty service details at the fields by keyboard, and the toast goes when the step is left (390 px)', async () => {
    const { page, context, errors } = await openBooking(phone);
    // Keyboard: Tab from the phone number above the calendar reaches its one tab stop, the first bookable date; Down
    // is the same weekday a week on (never a Sunday), Enter chooses it; then its first time, then Next.
    await page.locator('#booking-hours a[href^="tel:"]').focus();
    await page.keyboard.press('Tab');
    const focusedDate = () => page.evaluate(() => document.activeElement?.querySelector('.calendar-date')?.textContent);
    const firstDate = await bookableDates(page).first().locator('.calendar-date').textContent();
    expect(await focusedDate()).toBe(firstDate);
    await page.keyboard.press('ArrowDown');
    const weekOn = await focusedDate();
    expect(weekOn).not.toBe(firstDate);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-pressed'))).toBe('false');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-pressed'))).toBe('true');
    expect(await focusedDate()).toBe(weekOn);
    const slot = page.locator('[aria-labelledby="choose-time"] button').first();
    await slot.waitFor();
    await slot.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Next: Service Details' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Service Details' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Service Details');

    await page.getByRole('button', { name: 'Next: Contact Info' }).focus();
    await page.keyboard.press('Enter');
    const toast = page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('alert');
    await toast.filter({ hasText: 'Please fill in all service details before continuing.' }).waitFor();
    for (const [label, message] of [
      [/^Service Type/, 'Service type is required'],
      [/^Appliance/, 'Appliance is required'],
      [/^Brand/, 'Brand is required'],
    ] as const) {
      const field = page.getByLabel(label);
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      const id = (await field.getAttribute('aria-describedby')) ?? '';
      expect(await page.locator(`[id="${id.split(' ')[0]}"]`).textContent()).toBe(message);
      expect(await page.getByText(message).isVisible()).toBe(true);
    }
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('serviceType');
    // The toast's close button has a name a screen reader can say.
    expect(await toast.getByRole('button', { name: 'Close notification' }).count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('heading', { name: 'Select Date & Time' }).waitFor();
    await toast.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('refuses a phone number of "12" under the field, with a placeholder-looking zip example (820 px)', async () => {
    const { page, context, errors } = await openBooking(widths[1]![1]);
    await chooseDateAndTime(page);
    await page.getByRole('button', { name: 'Next: Service Details' }).click();
    await fillDetails(page);
    await page.getByRole('button', { name: 'Next: Contact Info' }).click();
    await page.getByRole('heading', { name: 'Contact Information' }).waitFor();

    const zip = page.getByLabel('Zip Code');
    expect(await zip.getAttribute('placeholder')).toBe('e.g. 32084');
    expect(await zip.inputValue()).toBe('');
    const colours = await zip.evaluate((input) => ({ value: getComputedStyle(input).color, placeholder: getComputedStyle(input, '::placeholder').color }));
    expect(colours.placeholder).not.toBe(colours.value);

    await page.getByRole('button', { name: 'Book Appointment' }).click();
    await page.getByText(phoneMessages.required).waitFor();
    await fillContact(page, '12');
    await page.getByRole('button', { name: 'Book Appointment' }).click();
    await page.getByText(phoneMessages.invalid).waitFor();
    expect(await page.getByLabel('Phone Number').getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('phone');
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([widths[0]!, widths[2]!])('books, then the confirmation has its own address, focus, the arrival window and a calendar file, at %s px', async (_width, viewport) => {
    const { page, context, errors } = await openBooking(viewport);
    await chooseDateAndTime(page);
    await page.getByRole('button', { name: 'Next: Service Details' }).click();
    await fillDetails(page);
    await page.getByRole('button', { name: 'Next: Contact Info' }).click();
    await fillContact(page, '+1 904 555 0177');
    await page.getByRole('button', { name: 'Book Appointment' }).click();

    await waitForConfirmation(page);
    await page.waitForURL(/\/book-appointment\?confirmed=\d+$/);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('confirmation-heading');
    await page.getByText('We have received your request and are holding this arrival window for you:').waitFor();
    expect(await page.getByTestId('arrival-window').textContent()).toMatch(/^\w+day, \w+ \d{1,2}, \d{4}, between \d{1,2}:00 [AP]M and \d{1,2}:00 [AP]M \(Eastern time\)$/);
    await page.getByText('We will call you within 24 hours to confirm your appointment and go over the details.').waitFor();
    const code = await page.getByTestId('confirmation-code').textContent();
    expect(await axeViolations(page)).toEqual([]);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Add to calendar' }).click()]);
    const file = await readFile((await download.path())!, 'utf8');
    expect(file).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(file).toContain('TZID:America/New_York');
    expect(file).toContain(code!);

    // A refresh shows the same confirmation again, read from the server with the token this tab kept.
    await page.reload();
    await page.getByRole('heading', { name: 'Appointment Confirmed!' }).waitFor();
    expect(await page.getByTestId('confirmation-code').textContent()).toBe(code);
    expect(await page.getByTestId('arrival-window').textContent()).toContain('(Eastern time)');
    const manage = await page.getByRole('link', { name: 'Manage your appointment' }).getAttribute('href');
    expect(manage).toMatch(/\/appointments\/\d+#access=/);

    // Another tab (no token kept) is told how to reach the appointment instead.
    const other = await browser().newPage({ viewport });
    await other.goto(page.url());
    await other.getByRole('heading', { name: 'We cannot show this confirmation' }).waitFor();
    await other.close();
    expect(new URL(page.url()).origin).toBe(urls.web);
    expect(errors).toEqual([]);
    await context.close();
  });
});
