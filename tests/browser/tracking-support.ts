import { randomBytes } from 'node:crypto';
import { expect, inject } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { businessDate, deliveriesPath, technicianAccountsPath, type DeliveryStatus, type Technician } from '@repo/contracts';
import { createDatabase } from '@repo/service-kit/db';
import { urls } from './portal-support.ts';

/**
 * What the tracking and back-office browser tests share: staff calls through the gateway, the back office's sign-in
 * form, and the map's tiles.
 */
const admin = inject('admin');

/** Fills and sends the back office's sign-in form, on a page that shows it. */
export async function submitBackOfficeSignIn(page: Page, credentials: { email: string; password: string }): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Back Office Sign In' }).waitFor();
  await page.getByLabel('Email').fill(credentials.email);
  await page.getByLabel('Password', { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

export async function staffToken(): Promise<string> {
  const response = await fetch(`${urls.backoffice}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: urls.backoffice },
    body: JSON.stringify(admin),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** A staff POST with the bearer token that must make something (201); answers what it made. */
export async function staffPost<T>(token: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${urls.backoffice}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, origin: urls.backoffice, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as T;
}

/** A staff call with the bearer token; answers the status. */
export async function staffCall(token: string, method: 'GET' | 'PUT' | 'POST', path: string, body?: unknown): Promise<number> {
  const response = await fetch(`${urls.backoffice}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, origin: urls.backoffice, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await response.arrayBuffer();
  return response.status;
}

/**
 * Waits until booking has heard of `technicianId`: tracking lists the technician and owes booking no message (it tells
 * booking of a technician in the transaction that saves one, through its outbox). Booking refuses to assign a
 * technician it has not heard of, so a dispatcher's dropdown may offer one a moment too early after a fresh start.
 */
export async function trackingToldBooking(token: string, technicianId: string): Promise<void> {
  const owed = async () => {
    if ((await staffCall(token, 'GET', `/api/technicians/${encodeURIComponent(technicianId)}`)) !== 200) return 'not in tracking yet';
    const response = await fetch(`${urls.backoffice}${deliveriesPath('tracking')}`, { headers: { authorization: `Bearer ${token}` } });
    const status = (await response.json()) as DeliveryStatus;
    return status.routes.filter((route) => route.to === 'booking').reduce((sum, route) => sum + route.pending, 0);
  };
  await expect.poll(owed, { timeout: 30_000, interval: 250 }).toBe(0);
}

/**
 * A new technician named `first` (with a random tag, so names never meet across tests) and `last`, with a sign-in of
 * their own, whom booking has heard of and can assign.
 */
export async function technicianWithSignIn(
  token: string,
  [first, last]: [string, string],
  vehicleInfo = 'White Transit',
): Promise<{ technician: Technician; credentials: { email: string; password: string } }> {
  const id = randomBytes(3).toString('hex');
  const technician = await staffPost<Technician>(token, '/api/technicians', { name: `${first}${id} ${last}`, phone: '(904) 555-0190', vehicleInfo });
  const credentials = { email: `${first.toLowerCase()}.${id}@example.com`, password: `sign-in-${id}-ok` };
  await staffPost(token, technicianAccountsPath, { technicianId: technician.id, name: technician.name, ...credentials });
  await trackingToldBooking(token, technician.id);
  return { technician, credentials };
}

/**
 * Staff assign `technicianId` (retried while booking does not know the seeded technician yet: tracking tells it
 * through a durable effect after a fresh start), and wait until tracking has the record (booking tells it likewise).
 */
export async function assignAndWaitForTracking(token: string, appointmentId: number, technicianId: string): Promise<void> {
  await expect
    .poll(() => staffCall(token, 'PUT', `/api/appointments/${appointmentId}/assign`, { technicianId }), { timeout: 30_000, interval: 250 })
    .toBe(200);
  await expect.poll(() => staffCall(token, 'GET', `/api/tracking/${appointmentId}`), { timeout: 30_000, interval: 250 }).toBe(200);
}

const tileHost = /\.tile\.openstreetmap\.org\//;

/**
 * The map's tile requests fail, as on a machine without internet, whether or not this one has it: the page must show
 * its grid fallback. The browser logs each failed tile as a console error, which `pageErrorsBesideTiles` leaves out.
 */
export async function withoutMapTiles(context: BrowserContext): Promise<void> {
  await context.route(tileHost, (route) => route.abort('internetdisconnected'));
}

export const pageErrorsBesideTiles = (errors: readonly string[]) => errors.filter((error) => !tileHost.test(error));

export const noScrollSideways = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

/**
 * Moves a dispatched visit's arrival window (tracking's copy of the appointment) to end an hour ago, standing in for the
 * hours a missed arrival takes: what tracking then tells staff is what it would tell them that evening.
 */
export async function moveWindowIntoPast(appointmentId: number): Promise<void> {
  type Snapshots = { appointment_snapshots: { appointment_id: number; starts_at: Date; ends_at: Date; scheduled_date: string } };
  const database = await createDatabase<Snapshots>({ url: inject('trackingDatabaseUrl'), poolSize: 1 });
  try {
    const hour = 60 * 60 * 1000;
    const startsAt = new Date(Date.now() - 3 * hour);
    const moved = await database.db
      .updateTable('appointment_snapshots')
      .set({ starts_at: startsAt, ends_at: new Date(Date.now() - hour), scheduled_date: businessDate(startsAt) })
      .where('appointment_id', '=', appointmentId)
      .executeTakeFirst();
    expect(Number(moved.numUpdatedRows)).toBe(1);
  } finally {
    await database.close();
  }
}
