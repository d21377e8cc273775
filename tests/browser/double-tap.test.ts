import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { findAppointmentPath, passwordResetPath, type AppName } from '@repo/contracts';
import { collectPageErrors, useBrowser, viewports, waitForHydration } from '../support/browser.ts';

const urls = inject('urls');
const browser = useBrowser();

/**
 * The forms that email something, tapped twice on a phone slowed 6×, as a hurried thumb does: each sends its request
 * once, so one email goes out (a second registration would even end the first email's link). Booking's own double tap
 * is in booking.test.ts.
 */
const forms: { name: string; app: AppName; path: string; call: string; button: string; fill: (page: Page, email: string) => Promise<void>; done: (page: Page) => Promise<unknown> }[] = [
  {
    name: 'Find My Appointment',
    app: 'web',
    path: '/find-appointment',
    call: findAppointmentPath,
    button: 'Email My Appointment Links',
    fill: (page, email) => page.getByLabel('Email you booked with').fill(email),
    done: (page) => page.getByRole('button', { name: 'Use another email' }).waitFor({ timeout: 60_000 }),
  },
  {
    name: 'Forgot Password',
    app: 'portal',
    path: '/forgot-password',
    call: passwordResetPath,
    button: 'Send Reset Link',
    fill: (page, email) => page.getByLabel('Email').fill(email),
    done: (page) => page.getByRole('status').filter({ hasText: 'Check your email' }).waitFor({ timeout: 60_000 }),
  },
  {
    name: 'Create Account',
    app: 'portal',
    path: '/register',
    call: '/api/auth/register',
    button: 'Create Account',
    fill: async (page, email) => {
      await page.getByLabel('First Name').fill('Quinn');
      await page.getByLabel('Last Name').fill('Tapper');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Phone').fill('(904) 555-0163');
      await page.getByLabel('Password', { exact: true }).fill('harbor-kettle-lantern-93');
      await page.getByLabel('Confirm Password').fill('harbor-kettle-lantern-93');
    },
    done: (page) => page.getByRole('status').filter({ hasText: 'Check your email' }).waitFor({ timeout: 60_000 }),
  },
];

describe('a form tapped twice sends once', () => {
  it.each(forms)('$name, on a phone slowed 6×', { timeout: 180_000 }, async ({ app, path, call, button, fill, done }) => {
    const context = await browser().newContext({ viewport: viewports.mobile, hasTouch: true });
    const page = await context.newPage();
    const errors = await collectPageErrors(page);
    await page.goto(`${urls[app]}${path}`);
    await waitForHydration(page);
    await fill(page, `double-tap-${app}-${Date.now()}@example.com`);
    let sent = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === call) sent += 1;
    });

    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    const submit = page.getByRole('button', { name: button, exact: true });
    await submit.scrollIntoViewIfNeeded();
    const box = (await submit.boundingBox())!;
    const thumb = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    // Two taps where the button is, the second at once, without waiting for anything the first started.
    await page.touchscreen.tap(thumb.x, thumb.y);
    await page.touchscreen.tap(thumb.x, thumb.y);
    // When what a person would see never comes, say what the page showed instead and how often the form was sent.
    await done(page).catch(async (error: Error) => {
      const shown = await page.locator('body').innerText({ timeout: 5_000 }).catch(() => '(unreadable)');
      throw new Error(`${error.message}\nPOST ${call} sent ${sent} times; page errors: ${JSON.stringify(errors)}; the page shows:\n${shown.slice(0, 1500)}`);
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    // The answer replaced the form without pulling a link under the finger: a third hurried tap would stay on the page.
    const linkUnderThumb = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('a[href]')?.getAttribute('href') ?? null, thumb);
    expect(linkUnderThumb, 'a link under the finger that tapped submit').toBeNull();
    await page.waitForLoadState('networkidle');
    expect(sent, `POST ${call}`).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
