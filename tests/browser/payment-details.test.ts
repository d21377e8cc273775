import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { demoDeclineMessage, demoTestCards, paymentMessages, type PaymentListResponse } from '@repo/contracts';
import { useBrowser } from '../support/browser.ts';
import { staffToken } from './tracking-support.ts';
import { axeViolations, openPage, urls, type Viewport } from './web-support.ts';

/**
 * The payment page as a payer meets it (issue 13): a refused amount is explained with what will be paid, the optional
 * receipt email and reference reach the staff ledger, and a declined card's message stays beside the card form.
 * At 1440, 820 and 390 px, axe clean.
 */
const browser = useBrowser();
const widths: [string, Viewport][] = [
  ['1440', { width: 1440, height: 900 }],
  ['820', { width: 820, height: 1180 }],
  ['390', { width: 390, height: 844 }],
];

async function openPayment(viewport: Viewport) {
  const opened = await openPage(browser(), '/payment', viewport);
  await opened.page.waitForFunction(() => document.querySelector('form[aria-label="Payment details"] button[type="submit"]:enabled') !== null);
  return opened;
}

const amountField = (page: Page) => page.getByLabel('Amount (USD)');
const amountDescription = (page: Page) =>
  amountField(page).evaluate((input) =>
    (input.getAttribute('aria-describedby') ?? '').split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' '),
  );

describe('payment details and a declined card (issue 13)', () => {
  it.each(widths)('explains a refused amount next to the field and shows what will be paid, at %s px', async (_width, viewport) => {
    const { page, context, errors } = await openPayment(viewport);
    for (const [typed, reason] of [
      ['', 'The amount is empty or not a number, so it was not used.'],
      ['0', '0 is not an amount above $0, so it was not used.'],
      ['-5', '-5 is not an amount above $0, so it was not used.'],
    ] as const) {
      await amountField(page).fill(typed);
      const message = page.getByText(reason);
      await message.waitFor();
      expect(await amountField(page).getAttribute('aria-invalid')).toBe('true');
      expect(await amountDescription(page)).toContain('You will still pay $150.00 unless you enter another amount.');
      expect(await amountDescription(page)).toContain('You will pay $150.00.');
      // The message sits next to the field: right below it, not somewhere else on the page.
      const field = (await amountField(page).boundingBox())!;
      const note = (await message.boundingBox())!;
      expect(note.y - (field.y + field.height)).toBeLessThan(60);
      expect(note.y).toBeGreaterThan(field.y);
    }
    expect(await axeViolations(page)).toEqual([]);
    // Leaving the field shows the amount that stays, the explanation with it.
    await page.getByLabel('Description').focus();
    expect(await amountField(page).inputValue()).toBe('150.00');
    expect(await page.getByText('-5 is not an amount above $0, so it was not used.').isVisible()).toBe(true);
    await amountField(page).fill('42.10');
    await expect.poll(() => amountField(page).getAttribute('aria-invalid')).toBe('false');
    expect(await amountDescription(page)).toBe('You will pay $42.10. The amount is on your invoice or estimate.');
    // Nothing of the page's own content reaches past the screen's edge (the site header is checked by its own tests).
    expect(await page.evaluate(() => Math.max(...Array.from(document.querySelectorAll('main *')).map((element) => element.getBoundingClientRect().right)))).toBeLessThanOrEqual(viewport.width);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('checks the optional receipt email and reference, and staff find the payment by its reference in the ledger (390 px, keyboard)', async () => {
    const { page, context, errors } = await openPayment(widths[2]![1]);
    const reference = `INV-${Date.now().toString().slice(-6)}`;
    await page.getByLabel('Email for your receipt (optional)').fill('casey@');
    await page.getByLabel('Invoice or appointment number (optional)').fill('<1042>');
    await page.getByRole('button', { name: 'Proceed to Payment' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText(paymentMessages.payerEmail).waitFor();
    await page.getByText(paymentMessages.reference).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('payerEmail');
    expect(await axeViolations(page)).toEqual([]);

    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('casey@example.com');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(reference);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Complete Payment' }).waitFor();
    expect(await page.getByTestId('payment-reference').textContent()).toBe(`Reference: ${reference}`);
    await page.getByText('Receipt to casey@example.com').waitFor();

    const token = await staffToken();
    const response = await fetch(`${urls.backoffice}/api/payments?reference=${reference.toLowerCase()}`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    const ledger = (await response.json()) as PaymentListResponse;
    expect(ledger.items).toHaveLength(1);
    expect(ledger.items[0]).toMatchObject({ reference, payerEmail: 'casey@example.com', amount: 150, status: 'pending', provider: 'demo' });

    // Paid, the confirmation shows the payer's own reference (not the payment's id as one) and says the receipt is sent.
    await page.getByLabel('Card number').fill(demoTestCards.succeeds);
    await page.getByRole('button', { name: 'Pay $150.00' }).click();
    await page.waitForURL(/\/payment-success\?payment_intent=demo_pi_\w+$/);
    await page.getByRole('heading', { level: 1, name: 'Payment Successful' }).waitFor();
    expect(await page.getByTestId('paid-reference').textContent()).toBe(`Your reference: ${reference}`);
    await page.getByText('A receipt is on its way to the email you gave.', { exact: false }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([widths[0]!, widths[2]!])("keeps a declined card's message beside the card form until the next attempt, at %s px", async (_width, viewport) => {
    const { page, context, errors } = await openPayment(viewport);
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    const form = page.getByRole('form', { name: 'Demo card payment' });
    await form.waitFor();
    await page.getByLabel('Card number').fill(demoTestCards.declined);
    await page.getByRole('button', { name: 'Pay $150.00' }).click();
    const notice = form.getByRole('alert').filter({ hasText: demoDeclineMessage });
    await notice.waitFor();
    // The toast goes after 5 s; the notice beside the form stays (waiting for the toast to go, not for a time).
    const toast = page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('alert');
    await toast.filter({ hasText: 'Payment Failed' }).waitFor();
    expect(await toast.getByRole('button', { name: 'Close notification' }).count()).toBe(1);
    await toast.waitFor({ state: 'detached', timeout: 15_000 });
    expect(await notice.isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel('Card number').fill(demoTestCards.succeeds);
    await page.getByRole('button', { name: 'Pay $150.00' }).click();
    await page.waitForURL(/\/payment-success\?payment_intent=demo_pi_\w+$/);
    expect(errors).toEqual([]);
    await context.close();
  });
});
