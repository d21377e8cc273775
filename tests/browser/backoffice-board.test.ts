import { randomBytes } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { bookableDates, formatSlot } from '@repo/contracts';
import { useBrowser } from '../support/browser.ts';
import { newContext, phone, urls } from './portal-support.ts';
import { noScrollSideways, staffToken, trackingToldBooking } from './tracking-support.ts';
import { axeViolations } from './web-support.ts';
import { boardOf, card, drag, signIn } from './backoffice-support.ts';

// The dispatch board through the real nginx and the built services on PostgreSQL: a dispatcher drags a card to a
// technician with the mouse (it stays there after a reload), moves one to the next arrival window by keyboard (a
// reschedule), and drags one onto a full window: warned before the drop, refused after it, the card back in its place.
const admin = inject('admin');
const browser = useBrowser();
// Tall enough that the Unassigned lane and Sara's lane are both on screen while a card is dragged between them.
const wide = { width: 1440, height: 1400 } as const;

async function book(customerName: string, appointmentDate: string, timeSlot: string): Promise<void> {
  const response = await fetch(`${urls.web}/api/appointments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: urls.web },
    body: JSON.stringify({
      customerName, email: `${customerName.split(' ')[0]!.toLowerCase()}@example.com`, phone: '(904) 555-0134', address: '48 Charlotte St', city: 'St Augustine', state: 'FL',
      zipCode: '32084', serviceType: 'Repair', appliance: 'Washer', brand: 'LG', description: 'Drum will not spin', appointmentDate, timeSlot,
    }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
}

const cell = (page: Page, lane: string, timeSlot: string) => page.getByRole('group', { name: `${lane}, ${formatSlot(timeSlot)}`, exact: true });

describe('the dispatch board through nginx', () => {
  it('assigns by mouse (kept after a reload), reschedules by keyboard, warns of then refuses a full window, picks nothing up while saving, and fits a phone', async () => {
    const id = randomBytes(3).toString('hex');
    const [first, second, third] = [`Avery${id} Stone`, `Blake${id} Stone`, `Casey${id} Stone`];
    const token = await staffToken();
    await trackingToldBooking(token, 'tech_sara');
    const day = bookableDates()[6]!;
    // Three empty windows: `full` gets two visits (the default capacity), `from` one, and the window after it stays free.
    const { windows } = await boardOf(token, day);
    const free = windows.filter((window) => window.booked === 0).map((window) => window.timeSlot);
    const fromIndex = windows.findIndex((window, index) => window.booked === 0 && windows[index + 1]?.booked === 0);
    expect(fromIndex).toBeGreaterThanOrEqual(0);
    const from = windows[fromIndex]!.timeSlot;
    const next = windows[fromIndex + 1]!.timeSlot;
    const full = free.find((slot) => slot !== from && slot !== next)!;
    expect(windows.find((window) => window.timeSlot === full)!.capacity).toBe(2);
    await book(first, day, full);
    await book(second, day, full);
    await book(third, day, from);

    const context = await newContext(browser(), wide);
    const page = await signIn(context, admin, '/admin-customer-management');
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Dispatch Board' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dispatch Board' }).waitFor();
    await page.getByLabel('Board for').fill(day);
    const avery = cell(page, 'Unassigned', full).getByRole('article', { name: first });
    await avery.getByText('LG Washer').waitFor();
    await avery.getByText('Drum will not spin').waitFor();
    await avery.locator('[data-status="scheduled"]').getByText('Scheduled').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // The mouse: Avery's visit to Sara's lane, same window: assigned, and still there after a reload.
    await drag(page, avery.getByRole('button', { name: `Drag ${first}'s visit` }), cell(page, 'Sara Martinez', full), `${first}'s visit is over Sara Martinez, ${formatSlot(full)}.`);
    await page.getByRole('status').filter({ hasText: `${first}'s visit moved to Sara Martinez, ${formatSlot(full)}.` }).waitFor().catch(async (error: Error) => {
      // What the dispatcher would have seen instead: the outcome line, the board's alerts and what a screen reader last heard.
      const shown = await page.locator('[role="status"], [role="alert"], [id^="DndLiveRegion"]').allInnerTexts();
      throw new Error(`${error.message}\nshown: ${JSON.stringify(shown)}`);
    });
    await cell(page, 'Sara Martinez', full).getByRole('article', { name: first }).waitFor();
    await page.reload();
    await page.getByLabel('Board for').fill(day);
    await cell(page, 'Sara Martinez', full).getByRole('article', { name: first }).waitFor();
    expect((await boardOf(token, day)).appointments.find((a) => a.customerName === first)).toMatchObject({ technicianId: 'tech_sara', timeSlot: full });

    // The keyboard: Casey's visit one window later (a reschedule), with what a screen reader hears.
    const casey = cell(page, 'Unassigned', from).getByRole('article', { name: third });
    await casey.getByRole('button', { name: `Drag ${third}'s visit` }).focus();
    // dnd-kit's live region: what a screen reader says as the card moves.
    const heard = () => page.locator('[id^="DndLiveRegion"]').textContent();
    await page.keyboard.press('Space');
    await expect.poll(heard).toBe(`Picked up ${third}'s visit, in Unassigned, ${formatSlot(from)}.`);
    await page.keyboard.press('ArrowRight');
    await expect.poll(heard).toBe(`${third}'s visit is over Unassigned, ${formatSlot(next)}.`);
    await page.keyboard.press('Space');
    await page.getByRole('status').filter({ hasText: `${third}'s visit moved to Unassigned, ${formatSlot(next)}.` }).waitFor();
    await cell(page, 'Unassigned', next).getByRole('article', { name: third }).waitFor();
    expect((await boardOf(token, day)).appointments.find((a) => a.customerName === third)).toMatchObject({ timeSlot: next, technicianId: null });

    // A full window: the target warns while the card is over it; booking refuses the drop and the card goes back.
    const target = cell(page, 'Unassigned', full);
    await drag(page, cell(page, 'Unassigned', next).getByRole('button', { name: `Drag ${third}'s visit` }), target, `${third}'s visit is over Unassigned, ${formatSlot(full)}.`, () =>
      target.getByText(`The ${formatSlot(full)} window is full (2 of 2 booked).`).waitFor(),
    );
    await page.getByRole('alert').filter({ hasText: `${third}'s visit was not moved to Unassigned, ${formatSlot(full)}: The ${formatSlot(full)} window is full` }).waitFor();
    await cell(page, 'Unassigned', next).getByRole('article', { name: third }).waitFor();
    expect(await card(page, third).count()).toBe(1);

    // While a move is being saved no other card is picked up: its handle says it is unavailable, and Space does nothing.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/appointments/*/reschedule', async (route) => {
      await held;
      await route.continue();
    });
    await cell(page, 'Unassigned', next).getByRole('button', { name: `Drag ${third}'s visit` }).focus();
    await page.keyboard.press('Space');
    await expect.poll(heard).toBe(`Picked up ${third}'s visit, in Unassigned, ${formatSlot(next)}.`);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(heard).toBe(`${third}'s visit is over Unassigned, ${formatSlot(from)}.`);
    await page.keyboard.press('Space');
    const averyHandle = cell(page, 'Sara Martinez', full).getByRole('button', { name: `Drag ${first}'s visit` });
    await expect.poll(() => averyHandle.getAttribute('aria-disabled')).toBe('true');
    const beforeRefusedPickUp = await heard();
    await averyHandle.focus();
    await page.keyboard.press('Space');
    // Two frames: a pick-up would have been announced by then.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await heard()).toBe(beforeRefusedPickUp);
    release();
    await page.getByRole('status').filter({ hasText: `${third}'s visit moved to Unassigned, ${formatSlot(from)}.` }).waitFor();
    await expect.poll(() => averyHandle.getAttribute('aria-disabled')).toBeNull();
    await page.unroute('**/api/appointments/*/reschedule');
    await cell(page, 'Sara Martinez', full).getByRole('article', { name: first }).waitFor();

    // A phone: the board scrolls sideways inside its frame, the page does not.
    await page.setViewportSize(phone);
    await cell(page, 'Unassigned', from).getByRole('article', { name: third }).getByRole('button', { name: `Move to…: ${third}` }).scrollIntoViewIfNeeded();
    await noScrollSideways(page, phone.width);
    await context.close();
  }, 120_000);
});
