import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatSlot } from '@repo/contracts';
import { addFleet, boardOf, fleetSize } from '../../scripts/board-fleet.ts';
import { useBrowser } from '../support/browser.ts';
import { newContext, phone, urls } from './portal-support.ts';
import { noScrollSideways, staffToken, trackingToldBooking, withoutMapTiles } from './tracking-support.ts';
import { axeViolations } from './web-support.ts';
import { drag, signIn } from './backoffice-support.ts';

// The dispatch board at a fleet's size through the real nginx and the built services on PostgreSQL: 20 technicians
// and 200 visits in one week. The week and the day show every lane and card, a card dragged to another technician's
// lane is assigned to them on the server, and the day's Map view draws and lists the fleet.
const admin = inject('admin');
const browser = useBrowser();
const wide = { width: 1440, height: 1400 } as const;
const tablet = { width: 820, height: 1180 } as const;

const cell = (page: Page, lane: string, timeSlot: string) => page.getByRole('group', { name: `${lane}, ${formatSlot(timeSlot)}`, exact: true });

describe('the dispatch board at a fleet’s size', () => {
  it('shows 20 technicians’ lanes and 200 cards over the week, assigns a dragged card on the server, and maps the day', async () => {
    const token = await staffToken();
    const fleet = await addFleet(urls.backoffice, token, inject('bookingDatabaseUrl'));
    const cards = new RegExp(`^Fleet${fleet.id} Customer`);
    const wednesday = fleet.week[2]!;

    const context = await newContext(browser(), wide);
    await withoutMapTiles(context);
    const page = await signIn(context, admin, '/admin-customer-management');
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Dispatch Board' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dispatch Board' }).waitFor();
    await page.getByLabel('Board for').fill(wednesday);

    // The week: a row per technician, every visit of the week in its technician's row.
    await page.getByText('Week', { exact: true }).click();
    const week = page.getByRole('table', { name: /^Week of / });
    for (const technician of fleet.technicians) await week.getByRole('rowheader', { name: technician.name, exact: true }).waitFor();
    await expect.poll(() => week.getByRole('listitem').filter({ hasText: `Fleet${fleet.id} Customer` }).count()).toBe(fleetSize.visits);

    // Wednesday from the week: a lane per technician and that day's cards.
    await week.getByRole('button', { name: /^Open / }).nth(2).click();
    for (const technician of fleet.technicians) await page.getByRole('region', { name: technician.name, exact: true }).waitFor();
    await expect.poll(() => page.getByRole('article', { name: cards }).count()).toBe(fleet.visitsPerDay[2]);

    // A card of the first technician dragged to the second's lane, same window: assigned to them, on the server too.
    await trackingToldBooking(token, fleet.technicians[1]!.id);
    const [from, to] = fleet.technicians as [(typeof fleet.technicians)[0], (typeof fleet.technicians)[0]];
    const moving = (await boardOf(urls.backoffice, token, wednesday)).appointments.find((appointment) => appointment.technicianId === from.id)!;
    const handle = cell(page, from.name, moving.timeSlot).getByRole('article', { name: moving.customerName }).getByRole('button', { name: `Drag ${moving.customerName}'s visit` });
    await handle.scrollIntoViewIfNeeded();
    // The keyboard first, on a card under a short lane (Unassigned): picked up where it is, one lane down with Arrow
    // Down, put back with Escape; picked up again, it is heard as picked up, not as back in its place.
    const heard = () => page.locator('[id^="DndLiveRegion"]').textContent();
    const pickedUp = `Picked up ${moving.customerName}'s visit, in ${from.name}, ${formatSlot(moving.timeSlot)}.`;
    await handle.focus();
    await page.keyboard.press('Space');
    await expect.poll(heard).toBe(pickedUp);
    await page.keyboard.press('ArrowDown');
    await expect.poll(heard).toBe(`${moving.customerName}'s visit is over ${to.name}, ${formatSlot(moving.timeSlot)}.`);
    await page.keyboard.press('Escape');
    await expect.poll(heard).toBe(`Moving ${moving.customerName}'s visit was cancelled; it stays where it was.`);
    await handle.focus();
    await page.keyboard.press('Space');
    await expect.poll(heard).toBe(pickedUp);
    await page.keyboard.press('Escape');
    await expect.poll(heard).toBe(`Moving ${moving.customerName}'s visit was cancelled; it stays where it was.`);
    await drag(page, handle, cell(page, to.name, moving.timeSlot), `${moving.customerName}'s visit is over ${to.name}, ${formatSlot(moving.timeSlot)}.`);
    await page.getByRole('status').filter({ hasText: `${moving.customerName}'s visit moved to ${to.name}, ${formatSlot(moving.timeSlot)}.` }).waitFor();
    await cell(page, to.name, moving.timeSlot).getByRole('article', { name: moving.customerName }).waitFor();
    await expect
      .poll(async () => (await boardOf(urls.backoffice, token, wednesday)).appointments.find((appointment) => appointment.id === moving.id)?.technicianId)
      .toBe(to.id);

    // The Map view of the day: every technician placed, their key and name in the list, and the visit just assigned on
    // the second technician's route once tracking has its record (booking tells it through its outbox).
    // Its code cannot be fetched (the connection dropped): the list of stops still shows; once the connection is back,
    // Try again loads the map.
    let offline = true;
    await context.route(/\/assets\/day-map-canvas-[^/]*\.js$/, (route) => (offline ? route.abort('internetdisconnected') : route.continue()));
    await page.getByText('Map', { exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'The map could not be loaded. The stops are listed beside it.' }).waitFor();
    await page.getByRole('heading', { name: 'Technicians and their stops' }).waitFor();
    offline = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    const map = page.getByRole('region', { name: /^Map of .*technicians and their visits$/ });
    await map.waitFor();
    await page.getByText('Map tiles unavailable — positions and routes are still drawn').waitFor();
    for (const technician of fleet.technicians) {
      await map.locator(`.leaflet-marker-icon[title*=": ${technician.name} now. Seen "]`).waitFor();
    }
    const toEntry = page.getByRole('region', { name: new RegExp(`^[A-Z]+: ${to.name}$`) });
    await toEntry.getByRole('listitem').filter({ hasText: moving.customerName }).waitFor({ timeout: 30_000 });
    await map.locator(`.leaflet-marker-icon[title*="of ${to.name}, "][title*="${moving.customerName}"]`).waitFor();
    // Each marker is a tab stop.
    expect(await map.locator('.leaflet-marker-icon:not([tabindex="0"])').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    // A tablet and a phone: the list goes under the map and the page does not scroll sideways.
    for (const size of [tablet, phone]) {
      await page.setViewportSize(size);
      await toEntry.scrollIntoViewIfNeeded();
      await noScrollSideways(page, size.width);
      const [mapBox, listBox] = [await map.boundingBox(), await toEntry.boundingBox()];
      expect(listBox!.y).toBeGreaterThan(mapBox!.y + mapBox!.height);
    }
    await context.close();
  });
});
