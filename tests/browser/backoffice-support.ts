import type { BrowserContext, Locator, Page } from 'playwright-core';
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
