import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appNames, type AppName } from '@repo/contracts';
import { contentSecurityPolicy, permissionsPolicy } from '@repo/gateway/policy';
import { collectPageErrors, useBrowser, viewports } from '../support/browser.ts';

const urls = inject('urls');
const browser = useBrowser();

async function open(url: string, viewport: { width: number; height: number } = viewports.desktop): Promise<{ page: Page; errors: string[] }> {
  const page = await browser().newPage({ viewport });
  const errors = await collectPageErrors(page);
  await page.goto(url);
  return { page, errors };
}

describe('public site through nginx', () => {
  it('loads the home page with its main heading, hydrated and without errors', async () => {
    const { page, errors } = await open(`${urls.web}/`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain('Appliance Repair');
    await expect.poll(() => page.title()).toMatch(/Appliance Repair/);
    expect(await page.getByRole('link', { name: /802-1998/ }).first().getAttribute('href')).toBe('tel:+19048021998');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows Page Not Found for an unknown path', async () => {
    const { page } = await open(`${urls.web}/no-such-page`);
    await page.getByRole('heading', { name: /Page Not Found/ }).waitFor();
    await page.close();
  });

  it('does not scroll sideways on a phone', async () => {
    const { page } = await open(`${urls.web}/`, viewports.mobile);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports.mobile.width);
    await page.close();
  });

  it('sends the old /login path to the portal', async () => {
    const { page } = await open(`${urls.web}/login`);
    await page.getByRole('heading', { name: 'Customer Login' }).waitFor();
    expect(new URL(page.url()).origin).toBe(new URL(urls.portal).origin);
    await page.close();
  });
});

describe('portal through nginx', () => {
  it('shows field messages for bad input, then signs the demo customer in', async () => {
    const { page, errors } = await open(`${urls.portal}/login`);
    await page.getByRole('heading', { name: 'Customer Login' }).waitFor();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('123');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Valid email is required').waitFor();
    await page.getByText('Password must be at least 6 characters').waitFor();

    await page.getByLabel('Email').fill('demo@example.com');
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText(/Invalid email or password/).first().waitFor();

    await page.getByLabel('Password', { exact: true }).fill('demo-customer');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Login Successful').waitFor();
    await page.waitForURL(/\/customer-portal$/);
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'session')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(errors.filter((text) => !text.includes('401'))).toEqual([]);
    await page.close();
  });

  it('shows Page Not Found for an unknown path', async () => {
    const { page } = await open(`${urls.portal}/nowhere`);
    await page.getByRole('heading', { name: /Page Not Found/ }).waitFor();
    await page.close();
  });
});

describe('back office through nginx', () => {
  it('keeps Customer Management behind sign-in and shows no credentials', async () => {
    const { page } = await open(`${urls.backoffice}/admin-customer-management`);
    await page.waitForURL(/\/admin-login$/);
    await page.getByRole('heading', { name: 'Back Office Sign In' }).waitFor();
    await page.getByText('Authentication Required').waitFor();
    const text = await page.locator('body').innerText();
    expect(text).not.toMatch(/owner@example\.com|browser-test-admin-password/);
    await page.close();
  });

  it('signs the administrator in, with no console error or CSP violation (zod never probes for eval)', async () => {
    const admin = inject('admin');
    const { page, errors } = await open(`${urls.backoffice}/admin-login`);
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/\/admin-customer-management$/);
    await page.getByRole('heading', { name: 'Customer Management' }).waitFor();
    // zod's schemas are built when the contracts load, before the sign-in form shows: a probe would be reported by now.
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows Page Not Found for an unknown path', async () => {
    const { page } = await open(`${urls.backoffice}/missing`);
    await page.getByRole('heading', { name: /Page Not Found/ }).waitFor();
    await page.close();
  });
});

describe('security headers through nginx', () => {
  const headersOf = async (app: AppName, path: string) => (await fetch(`${urls[app]}${path}`)).headers;
  const directive = (csp: string | null, name: string) => new RegExp(`(?:^|; )${name} ([^;]*)`).exec(csp ?? '')?.[1];

  it.each(appNames)("sends the %s host's own policies on its pages, files and API answers", async (app) => {
    for (const path of ['/', '/robots.txt', '/api/auth/session', '/api/no-such-route']) {
      const headers = await headersOf(app, path);
      expect(headers.get('content-security-policy'), path).toBe(contentSecurityPolicy(app, { objectStore: inject('objectStore').url }));
      expect(headers.get('permissions-policy'), path).toBe(permissionsPolicy(app));
      expect(headers.get('cross-origin-opener-policy'), path).toBe(app === 'backoffice' ? 'same-origin' : 'same-origin-allow-popups');
      expect(headers.get('x-permitted-cross-domain-policies'), path).toBe('none');
    }
    // The app's own files may be embedded by its own origin only.
    expect((await headersOf(app, '/')).get('cross-origin-resource-policy')).toBe('same-origin');
    expect((await headersOf(app, '/no-such-page')).get('cross-origin-resource-policy')).toBe('same-origin');
  });

  it('lets Stripe in on the public site and the portal (invoices), the work-order frame on the public site only, and geolocation on the back office only', async () => {
    const web = await headersOf('web', '/payment');
    expect(directive(web.get('content-security-policy'), 'script-src')).toContain('https://js.stripe.com');
    expect(directive(web.get('content-security-policy'), 'connect-src')).toContain('https://api.stripe.com');
    expect(directive(web.get('content-security-policy'), 'frame-src')).toContain('https://*.servicefusion.com');
    expect(web.get('permissions-policy')).toContain('payment=(self "https://js.stripe.com")');
    expect(web.get('permissions-policy')).toContain('geolocation=()');
    const portal = await headersOf('portal', '/login');
    const backoffice = await headersOf('backoffice', '/admin-login');
    expect(directive(portal.get('content-security-policy'), 'script-src')).toContain('https://js.stripe.com');
    expect(portal.get('content-security-policy')).not.toMatch(/servicefusion/);
    expect(portal.get('permissions-policy')).toContain('payment=(self "https://js.stripe.com")');
    expect(backoffice.get('content-security-policy')).not.toMatch(/stripe|servicefusion/);
    expect(backoffice.get('permissions-policy')).toContain('payment=()');
    expect(portal.get('permissions-policy')).toContain('geolocation=()');
    expect(backoffice.get('permissions-policy')).toContain('geolocation=(self)');
  });
});
