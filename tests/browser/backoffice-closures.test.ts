import { randomBytes } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { bookableDates, closureDay, closureMessage, closureMessages, closurePath } from '@repo/contracts';
import { useBrowser } from '../support/browser.ts';
import { newContext, phone, urls } from './portal-support.ts';
import { noScrollSideways, staffToken } from './tracking-support.ts';
import { signIn, toast } from './backoffice-support.ts';

// Closures through the real nginx and the built services on PostgreSQL: the office closes a day on the Closures page,
// the public booking wizard's calendar shows it closed and booking it is refused; once the closure is removed the
// day's times are back. The day is the second-to-last bookable one, which no other browser file books on.
const admin = inject('admin');
const browser = useBrowser();
const wide = { width: 1440, height: 1000 } as const;
const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** How the wizard's calendar writes `date` ("Dec 12", over the weekday). */
const dateLabel = (date: string) => {
  const [, month, day] = date.split('-').map(Number) as [number, number, number];
  return `${monthNames[month - 1]} ${day}`;
};

/** The wizard's calendar button for `date`, while it can be chosen (a closed day's is aria-disabled). */
const dateButton = (page: Page, date: string) =>
  page.getByRole('grid', { name: 'Choose a date' }).locator('button:not([aria-disabled])').filter({ hasText: new RegExp(`^${dateLabel(date)}\\D`) });

async function openWizardOn(page: Page, date: string): Promise<void> {
  await page.goto(`${urls.web}/book-appointment`);
  await dateButton(page, date).click();
}

const bookOn = (appointmentDate: string, timeSlot: string) =>
  fetch(`${urls.web}/api/appointments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: urls.web },
    body: JSON.stringify({
      customerName: 'Quinn Closure', email: 'quinn.closure@example.com', phone: '(904) 555-0161', address: '3 Aviles St', city: 'St Augustine', state: 'FL',
      zipCode: '32084', serviceType: 'Repair', appliance: 'Dryer', brand: 'Whirlpool', description: 'No heat', appointmentDate, timeSlot,
    }),
  });

/** The office closes `day` on the Closures page, sees the wizard refuse it, and removes the closure again. */
async function closeAndReopen(context: BrowserContext, day: string, reason: string): Promise<void> {
  const office = await signIn(context, admin, '/admin-customer-management');
  await office.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Closures' }).click();
  await office.getByRole('heading', { level: 1, name: 'Closures' }).waitFor();

  const visitor = await context.newPage();
  await openWizardOn(visitor, day);
  await visitor.locator('[aria-labelledby="choose-time"] button').first().waitFor();

  const form = office.getByRole('form', { name: 'Add a closure' });
  await form.getByLabel('Date').fill(day);
  await form.getByLabel('Reason').fill(reason);
  await form.getByRole('button', { name: 'Add Closure' }).click();
  await toast(office, 'Closure added').waitFor();
  const row = office.getByRole('table', { name: 'Upcoming closures' }).getByRole('row').filter({ hasText: reason });
  await expect.poll(() => row.count()).toBe(1);
  expect(await row.getByRole('cell').nth(0).textContent()).toBe('Closed all day');

  // The wizard's calendar shows the day closed, with the reason, and disabled; booking it anyway is refused.
  const closed = closureMessage(closureMessages.customerClosedDay, { date: day, reason });
  await visitor.goto(`${urls.web}/book-appointment`);
  const closedDay = visitor.getByRole('grid', { name: 'Choose a date' }).getByRole('gridcell').filter({ hasText: `Closed (${reason})` });
  await closedDay.waitFor();
  expect(await closedDay.textContent()).toMatch(new RegExp(`^${dateLabel(day)}\\D`));
  expect(await closedDay.getByRole('button').getAttribute('aria-disabled')).toBe('true');
  expect(await dateButton(visitor, day).count()).toBe(0);
  const refused = await bookOn(day, '10:00-11:00');
  expect(refused.status).toBe(409);
  expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(closed);

  // The page at a phone's width: nothing scrolls sideways.
  const phoneContext = await newContext(browser(), phone);
  const small = await signIn(phoneContext, admin, '/admin-customer-management');
  await small.goto(`${urls.backoffice}/closures`);
  // On a phone the list is cards, one per closure.
  await small.getByRole('list', { name: 'Upcoming closures' }).getByRole('listitem').filter({ hasText: reason }).waitFor();
  await small.getByRole('button', { name: `Remove the closure on ${closureDay(day)}` }).waitFor();
  await noScrollSideways(small, phone.width);
  await phoneContext.close();

  await office.getByRole('button', { name: `Remove the closure on ${closureDay(day)}` }).click();
  await toast(office, 'Closure removed').waitFor();
  await expect.poll(() => row.count()).toBe(0);
  await openWizardOn(visitor, day);
  await visitor.locator('[aria-labelledby="choose-time"] button').first().waitFor();
}

describe('closures through nginx', () => {
  it('staff close a day: the wizard stops offering it and booking it is refused; removed, its times are back', async () => {
    const day = bookableDates().at(-2)!;
    const reason = `Staff training ${randomBytes(2).toString('hex')}`;
    const context = await newContext(browser(), wide);
    try {
      await closeAndReopen(context, day, reason);
    } finally {
      // A failure part-way must not leave the day closed for the other files.
      await fetch(`${urls.backoffice}${closurePath(day)}`, { method: 'DELETE', headers: { authorization: `Bearer ${await staffToken()}`, origin: urls.backoffice } });
      await context.close();
    }
  });
});
