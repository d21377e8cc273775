import { expect } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { dispatchBoardPath, dispatchBoardSchema, type DispatchBoard } from '@repo/contracts';
import { open, urls } from './portal-support.ts';
import { submitBackOfficeSignIn } from './tracking-support.ts';

/** Signs in on the back office's sign-in page and answers the page once it has landed on `landsOn`. */
export async function signIn(context: BrowserContext, credentials: { email: string; password: string }, landsOn: string): Promise<Page> {
  const { page } = await open(context, `${urls.backoffice}/admin-login`);
  await submitBackOfficeSignIn(page, credentials);
  await page.waitForURL(`${urls.backoffice}${landsOn}`);
  return page;
}

/** A card (an appointment's, a technician's) by its accessible name. */
export const card = (page: Page, name: string): Locator => page.getByRole('article', { name });

/** The toast titled `title`. */
export const toast = (page: Page, title: string): Locator =>
  page.getByRole('region', { name: /notifications/i }).getByRole('alert').filter({ hasText: title });

export type NewTechnician = { name: string; phone: string; vehicle: string; specialties: string; email: string; password: string };

/** Adds a technician on Technician Management and gives them a sign-in, as the office does; waits until the card shows it. */
export async function addTechnicianWithSignIn(office: Page, technician: NewTechnician): Promise<void> {
  await office.goto(`${urls.backoffice}/technician-management`);
  await office.getByRole('button', { name: 'Add New Technician' }).click();
  const add = office.getByRole('form', { name: 'Add New Technician' });
  await add.getByLabel('Full Name').fill(technician.name);
  await add.getByLabel('Phone').fill(technician.phone);
  await add.getByLabel('Vehicle Information').fill(technician.vehicle);
  await add.getByLabel('Specialties').fill(technician.specialties);
  await add.getByRole('button', { name: 'Add Technician' }).click();
  await toast(office, 'Technician Added').waitFor();
  const signInForm = office.getByRole('form', { name: `Give ${technician.name} a sign-in` });
  await signInForm.getByLabel('Sign-in email').fill(technician.email);
  await signInForm.getByLabel('Password', { exact: true }).fill(technician.password);
  await signInForm.getByRole('button', { name: 'Give Sign-in' }).click();
  await card(office, technician.name).getByText(`Has sign-in: ${technician.email}`).waitFor();
}

/**
 * Drags `handle` onto `target` with the mouse, and drops once dnd-kit's live region says the card is `over` it (what a
 * screen reader hears, warnings after it) and the target has stopped moving under the pointer. On a busy machine the
 * board measures its cells a moment after the drag starts, it may grow while the card is held (a visit or a technician
 * added meanwhile), and a target near the window's edge scrolls the page as the pointer nears it; so until the target
 * holds still the pointer keeps moving a pixel at a time over where the target is now, as a hand following it would.
 */
export async function drag(page: Page, handle: Locator, target: Locator, over: string, beforeDrop?: () => Promise<void>): Promise<void> {
  const from = (await handle.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2, { steps: 2 });
  const middle = async () => {
    const to = (await target.boundingBox())!;
    return { x: to.x + to.width / 2, y: to.y + Math.min(to.height / 2, 30) };
  };
  const start = await middle();
  await page.mouse.move(start.x, start.y, { steps: 12 });
  let nudge = 0;
  await expect
    .poll(async () => {
      nudge = (nudge + 1) % 4;
      const aimed = await middle();
      await page.mouse.move(aimed.x + nudge, aimed.y);
      const heard = (await page.locator('[id^="DndLiveRegion"]').textContent()) ?? '';
      // The target where the pointer was aimed, after what was heard: nothing scrolled or reflowed under the pointer.
      const still = JSON.stringify(await middle()) === JSON.stringify(aimed);
      return still && heard.includes(over) ? 'over, and still' : heard;
    }, { timeout: 30_000 })
    .toBe('over, and still');
  await beforeDrop?.();
  await page.mouse.up();
}

/** A day of the dispatch board as the staff API answers it. */
export async function boardOf(token: string, date: string): Promise<DispatchBoard> {
  const response = await fetch(`${urls.backoffice}${dispatchBoardPath}?date=${date}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return dispatchBoardSchema.parse(await response.json());
}
