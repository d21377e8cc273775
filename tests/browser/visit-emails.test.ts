import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { bookableDates, trackingAllowTodayPath } from '@repo/contracts';
import { useBrowser } from '../support/browser.ts';
import { headerOf, linkIn, waitForEmail } from '../support/mail.ts';
import { axeViolations } from './web-support.ts';
import { bookByApi, newContext, open, phone, urls } from './portal-support.ts';
import { assignAndWaitForTracking, pageErrorsBesideTiles, staffCall, staffToken, submitBackOfficeSignIn, technicianWithSignIn, withoutMapTiles } from './tracking-support.ts';

// Through the real nginx, the built services on PostgreSQL and the stack's mail catcher: a technician on their phone
// sets off for a customer's visit, the customer's "<first name> is on the way" email arrives, and its track-only link
// opens the tracking page in a browser with no session; arriving brings the next email.
const browser = useBrowser();

async function signInOnPhone(context: BrowserContext, credentials: { email: string; password: string }): Promise<Page> {
  const { page } = await open(context, `${urls.backoffice}/admin-login`);
  await submitBackOfficeSignIn(page, credentials);
  await page.waitForURL(`${urls.backoffice}/my-jobs`);
  return page;
}

describe('the visit’s emails through the mail catcher', () => {
  it('a technician setting off brings the on-my-way email, whose link opens the tracking page; arriving brings the next', async () => {
    const id = randomBytes(3).toString('hex');
    const token = await staffToken();
    const { technician, credentials } = await technicianWithSignIn(token, ['Casey', 'Nguyen'], 'Blue Transit');
    const technicianFirst = technician.name.split(' ')[0]!;

    const day = bookableDates()[2]!;
    const customerEmail = `visit-${id}@example.com`;
    const customerName = `Jamie${id} Cole`;
    const booked = await bookByApi(undefined, customerName, customerEmail, 2);
    await waitForEmail(customerEmail, /^Your appointment is booked: /);
    await assignAndWaitForTracking(token, booked.appointment.id, technician.id);
    // A visit of another day: the office lets the technician start it today.
    expect(await staffCall(token, 'POST', trackingAllowTodayPath(booked.appointment.id))).toBe(200);

    const phoneContext = await newContext(browser(), phone);
    await phoneContext.grantPermissions(['geolocation'], { origin: urls.backoffice });
    await phoneContext.setGeolocation({ latitude: 29.8801, longitude: -81.2904 });
    const jobs = await signInOnPhone(phoneContext, credentials);
    await jobs.getByLabel('Jobs on').fill(day);
    const job = jobs.getByRole('article', { name: customerName });
    await job.getByRole('button', { name: 'Start driving' }).click();
    await job.getByRole('button', { name: "I've arrived" }).waitFor();

    const onMyWay = await waitForEmail(customerEmail, new RegExp(`^${technicianFirst} is on the way$`));
    expect(onMyWay.text).toContain(`Hi Jamie${id},`);
    expect(onMyWay.text).toContain(`${technicianFirst} (CN)`);
    expect(onMyWay.text).not.toContain('Nguyen');
    const link = linkIn(onMyWay, new RegExp(`/technician-tracking\\?appointment=${booked.appointment.id}#access=`));

    // Whoever opens the link, with no session, follows the technician on the way.
    const guest = await newContext(browser(), phone);
    await withoutMapTiles(guest);
    const opened = await open(guest, link);
    await opened.page.getByRole('heading', { level: 1, name: 'Your Technician is On The Way' }).waitFor();
    await opened.page.getByRole('region', { name: 'Your Technician' }).getByText(technician.name).waitFor();
    expect(new URL(opened.page.url()).hash).toBe('');
    expect(pageErrorsBesideTiles(opened.errors)).toEqual([]);

    await job.getByRole('button', { name: "I've arrived" }).click();
    await job.getByRole('button', { name: 'Start work' }).waitFor();
    const arrived = await waitForEmail(customerEmail, new RegExp(`^${technicianFirst} has arrived$`));
    expect(linkIn(arrived, /\/technician-tracking\?/)).toBe(link);

    // Its way out works signed out: the footer's link asks once, then turns technician updates off by email.
    expect(await headerOf(arrived, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const oneClick = /^<([^>]+)>$/.exec((await headerOf(arrived, 'List-Unsubscribe')) ?? '')?.[1];
    expect(oneClick).toMatch(/\/api\/notifications\/unsubscribe\?key=[\w-]{43}&topic=visit-updates$/);
    const preferences = await open(guest, linkIn(arrived, /\/message-preferences\?topic=visit-updates#key=/));
    await preferences.page.getByRole('button', { name: 'Unsubscribe' }).click();
    await preferences.page.getByRole('status').filter({ hasText: `We will send no more technician updates by email to v•••@example.com.` }).waitFor();
    const updates = preferences.page.getByRole('group', { name: 'Technician updates' });
    expect(await updates.getByRole('checkbox', { name: 'Email' }).isChecked()).toBe(false);
    expect(await axeViolations(preferences.page)).toEqual([]);
    expect(preferences.errors).toEqual([]);
    // A mail client's one-click unsubscribe (RFC 8058) through the gateway, at the address the header gave.
    const posted = await fetch(oneClick!, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(posted.status, await posted.text()).toBe(200);
    await guest.close();
    await phoneContext.close();
  }, 120_000);
});
