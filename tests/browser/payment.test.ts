import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { contentSecurityPolicy } from '@repo/gateway/policy';
import { collectPageErrors, useBrowser, viewports, waitForHydration } from '../support/browser.ts';

const urls = inject('urls');
const browser = useBrowser();

async function openPayment(viewport: { width: number; height: number } = viewports.desktop): Promise<{ page: Page; errors: string[] }> {
  const page = await browser().newPage({ viewport });
  // Every CSP violation is a console error here, and the page runs under the public site's own policy (Stripe's).
  const errors = await collectPageErrors(page);
  const response = await page.goto(`${urls.web}/payment`);
  expect(response?.headers()['content-security-policy']).toBe(contentSecurityPolicy('web', { objectStore: inject('objectStore').url }));
  await page.getByRole('heading', { level: 1, name: 'Service Payment' }).waitFor();
  // The heading is in the prerendered HTML; the form is enabled once React can handle what is typed.
  await waitForHydration(page);
  await page.waitForFunction(() => document.querySelector('form[aria-label="Payment details"] button[type="submit"]:enabled') !== null);
  return { page, errors };
}

/** Step A to step C with the demo provider. */
async function startPayment(page: Page, amount: string, description: string) {
  await page.getByLabel('Amount (USD)').fill(amount);
  await page.getByLabel('Description').fill(description);
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await page.getByRole('heading', { name: 'Complete Payment' }).waitFor();
  await page.getByText('Demo mode — no card is charged').waitFor();
}

describe('payment with the demo provider through the gateway', () => {
  it('is declined with a clear message, then pays and shows the real amount on the success page', async () => {
    const { page, errors } = await openPayment();
    expect(await page.getByLabel('Amount (USD)').inputValue()).toBe('150.00');
    await startPayment(page, '189.50', 'Dryer repair, invoice 1042');
    expect(await page.getByTestId('payment-amount').textContent()).toBe('$189.50');

    const card = page.getByLabel('Card number');
    await card.fill('4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Pay $189.50' }).click();
    await page.getByRole('region', { name: 'Notifications (F8)' }).getByText('Payment Failed').waitFor();
    // The provider's message shows in the toast and beside the card form.
    expect(await page.getByText(/Your card was declined/).count()).toBe(2);
    expect(await page.getByRole('button', { name: 'Pay $189.50' }).isEnabled()).toBe(true);
    expect(new URL(page.url()).pathname).toMatch(/^\/payment\/?$/);

    await card.fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay $189.50' }).click();
    await page.waitForURL(/\/payment-success\?payment_intent=demo_pi_\w+$/);
    await page.getByText('Thank you for your payment!').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Payment Successful' }).waitFor();
    expect(await page.getByTestId('paid-amount').textContent()).toBe('$189.50');
    await page.getByText('Dryer repair, invoice 1042').waitFor();
    await page.getByText(/Print this page or keep this address for your records/).waitFor();
    await page.getByRole('button', { name: 'Print Receipt' }).waitFor();
    expect(await page.getByRole('link', { name: /Call Us/ }).getAttribute('href')).toBe('tel:+19048021998');
    expect(errors).toEqual([]);

    // Opened afresh at the return address Stripe's redirect uses (the prerendered page, then the server's record),
    // the confirmation shows the same payment.
    const paymentIntentId = new URL(page.url()).searchParams.get('payment_intent');
    await page.goto(`${urls.web}/payment-success?payment_intent=${paymentIntentId}`);
    await page.getByRole('heading', { level: 1, name: 'Payment Successful' }).waitFor();
    expect(await page.getByTestId('paid-amount').textContent()).toBe('$189.50');
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.waitForURL(`${urls.web}/`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('works by keyboard on a phone, without sideways scrolling', async () => {
    const { page, errors } = await openPayment(viewports.mobile);
    await page.getByLabel('Amount (USD)').focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('75.25');
    await page.keyboard.press('Enter');
    await page.getByText('Demo mode — no card is charged').waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Complete Payment');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('cardNumber');
    await page.keyboard.type('4242424242424242');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/payment-success\?payment_intent=/);
    expect(await page.getByTestId('paid-amount').textContent()).toBe('$75.25');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports.mobile.width);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('prerenders the form disabled, so nothing typed or clicked before the page is interactive is lost', async () => {
    const html = await (await fetch(`${urls.web}/payment`)).text();
    const form = html.match(/<form[^>]*aria-label="Payment details"[\s\S]*?<\/form>/)?.[0] ?? '';
    expect(form).toMatch(/<button[^>]*type="submit"[^>]*disabled=""/);
    expect(form.match(/<input[^>]*disabled=""/g)).toHaveLength(4);
  });

  it('shows an unknown payment honestly instead of a made-up amount', async () => {
    const page = await browser().newPage({ viewport: viewports.desktop });
    await page.goto(`${urls.web}/payment-success?payment_intent=demo_pi_000000000000000000000000`);
    await page.getByRole('heading', { level: 1, name: 'No Payment Found' }).waitFor();
    expect(await page.locator('main').innerText()).not.toContain('$150');
    await page.close();
  });
});
