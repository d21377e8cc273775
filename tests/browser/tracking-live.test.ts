import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { useBrowser } from '../support/browser.ts';
import { bookByApi, newCustomer, open, phone, signedInContext, urls } from './portal-support.ts';
import { assignAndWaitForTracking, noScrollSideways, pageErrorsBesideTiles, staffCall, staffToken, withoutMapTiles } from './tracking-support.ts';
import { axeViolations } from './web-support.ts';

// Through the real nginx, /ws and the built services on PostgreSQL: the customer's tracking page follows the visit
// live. A staff location update reaches the open page without a reload (well before its own 30 s refresh), the map
// draws both places on its grid fallback (no map tiles here), and when the tracking service stops the page says
// Reconnecting... and the Connection Issue toast, then catches up once the service is back.
const browser = useBrowser();
const control = inject('control');
const technicianId = 'tech_mike';
const desktop = { width: 1440, height: 900 } as const;

async function tracking(service: 'stop' | 'start'): Promise<void> {
  const response = await fetch(`${control}/services/tracking/${service}`, { method: 'POST' });
  expect(response.ok).toBe(true);
}

// Whatever happens in the test, later test files get a running tracking service.
afterAll(async () => {
  await fetch(`${control}/services/tracking/start`, { method: 'POST' });
});

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** A fact of the Live Location Tracking card ("Distance" → "3.1 km"). */
const fact = (page: Page, term: string): Locator =>
  region(page, 'Live Location Tracking').locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');

const liveIndicator = (page: Page, label: string) => region(page, 'Live Location Tracking').getByRole('status').filter({ hasText: label });

/**
 * While tracking is down the browser logs the failed socket and the failed refreshes (502 from the gateway) as
 * console errors: those are the outage the page reports, not faults of the page.
 */
const outageNoise = /WebSocket connection to .* failed|status of 50[234]/;

describe('live customer tracking through nginx', () => {
  it('shows Connected, moves with a staff location update without a reload, draws the map on its fallback, and recovers from a tracking restart', async () => {
    const customer = newCustomer('Lena');
    const context = await signedInContext(browser(), customer, desktop);
    await withoutMapTiles(context);
    const booked = await bookByApi(context, `${customer.firstName} ${customer.lastName}`, customer.email, 8);
    const id = booked.appointment.id;
    const staff = await staffToken();
    await assignAndWaitForTracking(staff, id, technicianId);
    expect(await staffCall(staff, 'PUT', `/api/tracking/${id}/status`, { status: 'en-route' })).toBe(200);

    const { page, errors } = await open(context, `${urls.portal}/technician-tracking?appointment=${id}`);
    await page.getByRole('heading', { level: 1, name: 'Your Technician is On The Way' }).waitFor();
    await liveIndicator(page, 'Connected').waitFor();
    // A marker set on the window: a reload would lose it.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

    // The map: drawn with the customer's place, on a grid because no tiles load, saying so.
    const map = region(page, 'Live Location Tracking').getByRole('region', { name: 'Live map of your technician and your address' });
    await map.waitFor();
    await map.getByRole('button', { name: 'Your address' }).waitFor();
    await region(page, 'Live Location Tracking').getByText('Map tiles unavailable — positions are still live').waitFor();

    // Staff move the technician: the page shows the new position and a distance without a reload.
    expect(await staffCall(staff, 'PUT', `/api/technicians/${technicianId}/location`, { lat: 29.8846, lng: -81.3009, address: '3 Anastasia Blvd, St Augustine, FL' })).toBe(200);
    await expect.poll(() => fact(page, 'Technician location').textContent(), { timeout: 15_000 }).toBe('3 Anastasia Blvd, St Augustine, FL');
    // "about" while the home is placed at its ZIP's centre (no street geocoder here), plain once a technician has
    // arrived at that address in an earlier test: which one depends on the order the files run in.
    await expect.poll(() => fact(page, 'Distance').textContent(), { timeout: 15_000 }).toMatch(/^(about )?\d+\.\d km$/);
    const firstDistance = await fact(page, 'Distance').textContent();
    await map.getByRole('button', { name: 'Your technician' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

    // The map does not keep the keyboard: from the map, Tab goes through its controls and markers and on to Refresh.
    await map.focus();
    let presses = 0;
    while (!(await page.getByRole('button', { name: 'Refresh' }).evaluate((button) => button === document.activeElement)) && presses < 10) {
      await page.keyboard.press('Tab');
      presses += 1;
    }
    expect(presses).toBeLessThan(10);

    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize(phone);
    await map.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await noScrollSideways(page, phone.width);
    await page.setViewportSize(desktop);

    // Tracking stops: Reconnecting... and the Connection Issue toast.
    await tracking('stop');
    await liveIndicator(page, 'Reconnecting...').waitFor({ timeout: 15_000 });
    await page.getByText('Real-time updates are temporarily unavailable. Data will still refresh automatically.').waitFor();

    // Back: Connected again, and a move made after the restart reaches the page.
    await tracking('start');
    await liveIndicator(page, 'Connected').waitFor({ timeout: 45_000 });
    expect(await staffCall(staff, 'PUT', `/api/technicians/${technicianId}/location`, { lat: 29.8935, lng: -81.3112, address: '10 Bridge St, St Augustine, FL' })).toBe(200);
    await expect.poll(() => fact(page, 'Technician location').textContent(), { timeout: 15_000 }).toBe('10 Bridge St, St Augustine, FL');
    await expect.poll(() => fact(page, 'Distance').textContent(), { timeout: 15_000 }).not.toBe(firstDistance);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

    expect(pageErrorsBesideTiles(errors).filter((error) => !outageNoise.test(error))).toEqual([]);
    await context.close();
  }, 180_000);
});
