import { readFile } from 'node:fs/promises';
import { describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { useBrowser } from '../support/browser.ts';
import { newContext, newCustomer, open, phone, signedInContext, urls } from './portal-support.ts';
import { card, signIn, toast } from './backoffice-support.ts';
import { noScrollSideways } from './tracking-support.ts';
import { axeViolations } from './web-support.ts';
import { linkIn, waitForEmail } from '../support/mail.ts';

// From visit to paid through the real nginx and the built services on PostgreSQL, with the demo provider: staff make an
// invoice from the price book for the demo customer's visit today and send it; the customer's email carries the
// invoice's link, which opens it on a 390 px phone with no sign-in; they pay exactly the balance with the demo test
// card; the invoice shows paid and its PDF downloads with the lines and totals in its text; signed in to the portal,
// the same customer sees it paid with its receipt; staff refund part of it and the invoice and the ledger show it;
// another customer opening the invoice's address is told it is not found.
const admin = inject('admin');
const browser = useBrowser();
const wide = { width: 1280, height: 900 } as const;

/** The text of a PDF file, as pdf.js reads it. */
async function pdfText(file: string): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({ data: new Uint8Array(await readFile(file)), isEvalSupported: false, verbosity: pdfjs.VerbosityLevel.ERRORS }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return pages.join('\n').replace(/\s+/g, ' ');
}

async function signInToPortal(context: BrowserContext, credentials: { email: string; password: string }): Promise<Page> {
  const { page } = await open(context, `${urls.portal}/login`);
  await page.getByLabel('Email').fill(credentials.email);
  await page.getByLabel('Password', { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${urls.portal}/customer-portal`);
  return page;
}

describe('invoices from visit to paid through nginx', () => {
  it('staff invoice the demo visit, the customer pays the balance from the emailed link, staff refund part; others see nothing', async () => {
    // Staff: from the demo customer's visit on Tracking (of the day the demo data was made: today, unless this run
    // crossed midnight) to a sent invoice.
    const office = await signIn(await newContext(browser(), wide), admin, '/admin-customer-management');
    await office.goto(`${urls.backoffice}/admin-tracking`);
    await office.getByRole('tab', { name: 'Appointments' }).click();
    await office.getByLabel('Appointments on').fill(inject('seededOn'));
    const visit = card(office, 'Dana Whitfield');
    await visit.getByRole('link', { name: "Invoices: create or view, for Dana Whitfield's appointment" }).click();
    await office.getByRole('heading', { level: 1, name: 'Invoices' }).waitFor();
    await office.getByRole('button', { name: 'Create Invoice' }).click();
    await office.waitForURL(/\/invoices\/\d+$/);
    const invoiceId = Number(new URL(office.url()).pathname.split('/').at(-1));
    const heading = office.getByRole('heading', { level: 1, name: /^Invoice INV-\d+$/ });
    await heading.waitFor();
    const number = (await heading.textContent())!.replace('Invoice ', '');

    const item = office.getByLabel('Price book item');
    await expect.poll(() => item.locator('option').count()).toBeGreaterThan(2);
    await item.selectOption({ label: 'Diagnostic visit ($89.00)' });
    await office.getByRole('button', { name: 'Add Item' }).click();
    await item.selectOption({ label: 'Whirlpool refrigerator door gasket (W10830162) ($118.50)' });
    await office.getByRole('button', { name: 'Add Item' }).click();
    await office.getByRole('button', { name: 'Save Lines' }).click();
    await toast(office, 'Lines saved').waitFor();
    // $89.00 + $118.50, the gasket taxed 6% + 0.5%: $7.70.
    const totals = office.getByRole('table', { name: 'Totals' });
    await totals.getByText('$215.20').first().waitFor();
    await totals.getByText('$7.70').waitFor();
    await office.getByRole('button', { name: 'Send Invoice' }).click();
    await toast(office, 'Invoice sent').waitFor();
    expect(await axeViolations(office)).toEqual([]);

    // The customer's email: the invoice's link opens it on a phone with no account and no sign-in, and pays exactly
    // the balance with the demo test card.
    const email = await waitForEmail('demo@example.com', new RegExp(`^Invoice ${number} from St Augustine Appliance Repair: \\$215\\.20$`));
    expect(email.text).toContain('View and pay your invoice');
    const link = linkIn(email, new RegExp(`/invoices/${invoiceId}#access=`));
    const guest = await newContext(browser(), phone);
    const { page: payer } = await open(guest, link);
    await payer.getByRole('heading', { level: 1, name: `Invoice ${number}` }).waitFor();
    // The key leaves the address bar at once, so a copied address or a screenshot does not hand it on.
    expect(new URL(payer.url()).hash).toBe('');
    await payer.getByRole('table', { name: 'Invoice lines' }).getByText('Whirlpool refrigerator door gasket (W10830162)').waitFor();
    await noScrollSideways(payer, phone.width);
    expect(await axeViolations(payer)).toEqual([]);
    await payer.getByRole('button', { name: 'Pay balance $215.20' }).click();
    await payer.getByText('Demo mode — no card is charged').waitFor();
    await payer.getByLabel('Card number').fill('4242 4242 4242 4242');
    await payer.getByRole('button', { name: 'Pay $215.20' }).click();
    await payer.getByText('Paid in full').waitFor();
    expect(await axeViolations(payer)).toEqual([]);
    const [download] = await Promise.all([payer.waitForEvent('download'), payer.getByRole('button', { name: 'Download PDF' }).click()]);
    expect(download.suggestedFilename()).toBe(`${number}.pdf`);
    const text = await pdfText((await download.path())!);
    for (const expected of [`Invoice ${number}`, 'St Augustine Appliance Repair', '(904) 802-1998', 'Dana Whitfield', 'Diagnostic visit', '$118.50', '$7.70', '$215.20', 'Status: Paid', 'Balance due $0.00']) {
      expect(text).toContain(expected);
    }
    // The key went with the PDF's request, not into any address: the link's page reloads from this tab's keeping.
    await payer.reload();
    await payer.getByText('Paid in full').waitFor();

    // The same customer signed in to the portal sees the invoice paid, with its receipt.
    const customerContext = await newContext(browser(), phone);
    const portal = await signInToPortal(customerContext, { email: 'demo@example.com', password: 'demo-customer' });
    await portal.getByRole('region', { name: 'Quick Actions' }).getByRole('link', { name: 'My Invoices' }).click();
    await portal.getByRole('heading', { level: 1, name: 'Invoices' }).waitFor();
    await portal.getByRole('link', { name: `Invoice ${number}` }).click();
    await portal.getByRole('heading', { level: 1, name: `Invoice ${number}` }).waitFor();
    await portal.getByText('Paid in full').waitFor();
    const [receipt] = await Promise.all([portal.waitForEvent('download'), portal.getByRole('link', { name: 'Download receipt' }).click()]);
    expect(receipt.suggestedFilename()).toBe(`receipt-${number}.pdf`);
    // My Appliances: the visit's appliance lists the visit with its paid invoice.
    await portal.goto(`${urls.portal}/customer-portal`);
    await portal.getByRole('region', { name: 'Quick Actions' }).getByRole('link', { name: 'My Appliances' }).click();
    await portal.getByRole('heading', { level: 1, name: 'My Appliances' }).waitFor();
    const appliance = portal.getByRole('article').filter({ has: portal.getByRole('link', { name: `Invoice ${number}` }) });
    await appliance.getByRole('listitem').filter({ hasText: `Invoice ${number}` }).getByText('Paid', { exact: true }).waitFor();
    await noScrollSideways(portal, phone.width);
    expect(await axeViolations(portal)).toEqual([]);

    // Staff refund $50.00 of it: the invoice and the ledger show it.
    await office.reload();
    await office.getByRole('heading', { level: 1, name: `Invoice ${number}` }).waitFor();
    await office.getByLabel('Amount ($)').fill('50');
    await office.getByLabel('Reason').fill('Goodwill: second trip');
    await office.getByRole('button', { name: 'Refund', exact: true }).click();
    await toast(office, 'Refund given').waitFor();
    await office.getByText(/Refund \$50\.00 \(succeeded\)/).waitFor();
    await office.getByRole('table', { name: 'Totals' }).getByText('$50.00').waitFor();
    expect(await axeViolations(office)).toEqual([]);
    await office.getByRole('link', { name: 'In the ledger' }).click();
    await office.getByRole('heading', { level: 1, name: 'Payments' }).waitFor();
    const ledgerRow = office.getByRole('table', { name: 'Payments' }).getByRole('row').filter({ hasText: `Invoice ${number}` });
    await ledgerRow.getByRole('cell', { name: number, exact: true }).waitFor();
    await ledgerRow.getByRole('cell', { name: '$215.20', exact: true }).waitFor();
    await ledgerRow.getByRole('cell', { name: '$50.00', exact: true }).waitFor();

    // Another customer, signed in, finds nothing at the invoice's address, and the API answers them 404.
    const stranger = await signedInContext(browser(), newCustomer('Noor'), phone);
    const { page: elsewhere } = await open(stranger, `${urls.portal}/invoices/${invoiceId}`);
    await elsewhere.getByRole('heading', { level: 1, name: 'Invoice not found' }).waitFor();
    expect((await elsewhere.request.get(`${urls.portal}/api/payments/invoices/${invoiceId}/pdf`)).status()).toBe(404);
  });
});
