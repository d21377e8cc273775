import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, inject, it } from 'vitest';
import { dataExportFiles, deletionRetentionRule, erasedCustomerName, type Photo, type PhotoUploadResponse, type StaffAppointment } from '@repo/contracts';
import { useBrowser } from '../support/browser.ts';
import { bookByApi, newContext, newCustomer, postJson, signedInContext, urls } from './portal-support.ts';
import { signIn } from './backoffice-support.ts';
import { staffToken } from './tracking-support.ts';

// The owner's data through the real nginx and the built services on PostgreSQL: the full export as one zip of each
// service's CSV, and a customer's deletion request carried out by every service through the durable effects.
const admin = inject('admin');
const browser = useBrowser();
const wide = { width: 1280, height: 900 } as const;

const asOffice = (token: string, init: RequestInit = {}) => ({ ...init, headers: { authorization: `Bearer ${token}`, origin: urls.backoffice, ...(init.headers ?? {}) } });

/** A small photo the office takes of the visit, uploaded as the back office does, once booking has checked it. */
async function takePhoto(token: string, appointmentId: number): Promise<void> {
  const file = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 200, g: 120, b: 40 } } }).jpeg().toBuffer();
  const announced = await fetch(
    `${urls.backoffice}/api/appointments/${appointmentId}/photos`,
    asOffice(token, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ kind: 'problem', contentType: 'image/jpeg', contentLength: file.length }) }),
  );
  expect(announced.status).toBe(201);
  const { photo, upload } = (await announced.json()) as PhotoUploadResponse;
  expect((await fetch(new URL(upload.url, urls.backoffice), { method: upload.method, headers: upload.headers, body: new Uint8Array(file) })).status).toBe(200);
  const arrived = await fetch(`${urls.backoffice}/api/appointments/${appointmentId}/photos/${photo.id}/uploaded`, asOffice(token, { method: 'POST' }));
  expect(arrived.status, await arrived.text()).toBe(200);
  await expect.poll(async () => ((await photosOf(token, appointmentId)).map((photo) => photo.state)), { timeout: 20_000 }).toEqual(['ready']);
}
const photosOf = async (token: string, appointmentId: number) => (await (await fetch(`${urls.backoffice}/api/appointments/${appointmentId}/photos`, asOffice(token))).json()) as Photo[];

describe("the owner's data", () => {
  it("downloads every service's data as one archive, then erases a customer in every service, keeping what the law asks", async () => {
    const customer = newCustomer('Erin');
    const name = `${customer.firstName} ${customer.lastName}`;
    const customerContext = await signedInContext(browser(), customer, wide);
    const appointment = (await bookByApi(customerContext, name, customer.email, 6)).appointment;
    const token = await staffToken();
    await takePhoto(token, appointment.id);

    // The full export: one zip, a CSV per table, each with the customer in it.
    const office = await signIn(await newContext(browser(), wide), admin, '/admin-customer-management');
    await office.goto(`${urls.backoffice}/numbers`);
    const [download] = await Promise.all([office.waitForEvent('download'), office.getByRole('button', { name: 'Download all data (zip)' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^business-data-\d{4}-\d{2}-\d{2}\.zip$/);
    await office.getByText(`Downloaded ${download.suggestedFilename()}.`).waitFor();
    const files = unzipSync(new Uint8Array(await readFile((await download.path())!)));
    expect(Object.keys(files).sort()).toEqual(dataExportFiles.map((file) => file.file).sort());
    const csv = (file: string) => strFromU8(files[file]!);
    expect(csv('customers.csv').split('\r\n').find((line) => line.includes(customer.email))).toMatch(new RegExp(`^\\d+,Erin,Okafor,${customer.email.replace('.', '\\.')},\\(904\\) 555-0134,`));
    expect(csv('appointments.csv')).toContain(`,${name},${customer.email},`);
    expect(csv('messages.csv')).toContain(customer.email);
    expect(csv('payments.csv').split('\r\n')[0]).toMatch(/^id,provider,payment_intent_id,amount_cents,/);
    expect(csv('invoices.csv').split('\r\n')[0]).toMatch(/^id,number,appointment_id,customer_name,/);

    // The deletion request: the rule of what is kept, then each service's report.
    await office.goto(`${urls.backoffice}/admin-customer-management?tab=portal`);
    await office.getByLabel('Search portal customers').fill(customer.email);
    await office.getByRole('button', { name: `Delete data… of ${name}` }).click();
    const dialog = office.getByRole('dialog', { name: `Delete ${name}'s data?` });
    await dialog.getByText(deletionRetentionRule).waitFor();
    await dialog.getByRole('textbox', { name: 'How the customer asked' }).fill('Email of today');
    await dialog.getByRole('button', { name: "Delete customer's data" }).click();
    const progress = office.getByRole('dialog', { name: `Deletion of ${name}` });
    await progress.getByText('Done: every service has erased the customer.').waitFor({ timeout: 30_000 });
    expect(await progress.getByRole('list', { name: 'Progress by service' }).getByRole('listitem').allTextContents()).toEqual([
      expect.stringMatching(/^DoneAccounts · .*Account, sign-in sessions/),
      expect.stringMatching(/^DoneBooking · .*1 appointment\(s\) anonymised.*1 photo\(s\) deleted/),
      expect.stringMatching(/^DoneTracking · /),
      expect.stringMatching(/^DonePayments · .*Kept for 7 years/),
      expect.stringMatching(/^DoneNotifications · .*message\(s\) erased from the delivery log/),
    ]);
    await progress.getByText(deletionRetentionRule).waitFor();

    // The customer can no longer sign in; staff see the visit without their name or photos.
    expect((await postJson(`${urls.portal}/api/auth/login`, { email: customer.email, password: customer.password })).status).toBe(401);
    const list = (await (await fetch(`${urls.backoffice}/api/appointments?date=${appointment.appointmentDate}&pageSize=200`, asOffice(token))).json()) as StaffAppointment[];
    const visit = list.find((item) => item.id === appointment.id)!;
    expect({ name: visit.customerName, email: visit.email }).toEqual({ name: erasedCustomerName, email: '' });
    expect(await photosOf(token, appointment.id)).toEqual([]);
    await customerContext.close();
    await office.context().close();
  });
});
