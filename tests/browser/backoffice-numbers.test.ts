import { readFile } from 'node:fs/promises';
import { describe, expect, inject, it } from 'vitest';
import { addDays } from '@repo/contracts';
import { useBrowser } from '../support/browser.ts';
import { newContext, phone, urls } from './portal-support.ts';
import { signIn } from './backoffice-support.ts';

// The owner's Numbers page through the real nginx and the built services on PostgreSQL. The demo data's past visit
// (the demo customer's Sub-Zero refrigerator, completed 40 days before the seed, no return visit since) is the one
// thing dated that day, whatever other browser files book meanwhile: its figures are exact.
const admin = inject('admin');
const browser = useBrowser();
const wide = { width: 1440, height: 1000 } as const;

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const dayLabel = (date: string) => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return `${monthNames[month - 1]} ${day}, ${year}`;
};

describe('Numbers (the owner)', () => {
  it('opens from the navigation, shows the demo visit of 40 days ago, and downloads the same figures as CSV, by keyboard', async () => {
    const context = await newContext(browser(), wide);
    const page = await signIn(context, admin, '/admin-customer-management');
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Numbers' }).click();
    await page.getByRole('heading', { level: 1, name: 'Numbers' }).waitFor();
    // This month by week is the default: its table comes from both services.
    await page.getByRole('table', { name: /^Figures by week, / }).waitFor();

    const day = addDays(inject('seededOn'), -40);
    await page.getByLabel('Period').selectOption('custom');
    await page.getByLabel('From').fill(day);
    await page.getByLabel('To').fill(day);
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL(`${urls.backoffice}/numbers?range=custom&from=${day}&to=${day}&by=week`);

    const table = page.getByRole('table', { name: `Figures by week, ${dayLabel(day)}` });
    const row = table.getByRole('row').nth(1);
    await expect.poll(() => row.getByRole('rowheader').textContent()).toBe(dayLabel(day));
    expect(await row.getByRole('cell').allTextContents()).toEqual(['0', '1', '0', '0', '100%', '1', '$0.00', '$0.00', '$0.00', '0', '$0.00', '$0.00']);
    await page.getByText('No technician completed a visit in this range.').waitFor();
    await page.getByText(/First-visit completion rate: of the visits completed in the period/).waitFor();

    const download = page.getByRole('button', { name: 'Download CSV' });
    await download.focus();
    const [file] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(file.suggestedFilename()).toBe(`numbers-${day}-to-${day}-by-week.csv`);
    expect(await readFile((await file.path())!, 'utf8')).toBe(
      'Period,From (date),To (date),Booked (visits),Completed (visits),Cancelled (visits),No-shows (visits),First-visit completion (%),' +
        'Completed on the first visit (visits),Payments received (USD),Refunds (USD),Revenue (USD),Open invoices (count),Open balance (USD),Of which overdue (USD)\r\n' +
        `"${dayLabel(day)}",${day},${day},0,1,0,0,100,1,0.00,0.00,0.00,0,0.00,0.00\r\n`,
    );
    await context.close();
  });

  it('fits a phone: the figures become cards and nothing scrolls sideways', async () => {
    const context = await newContext(browser(), phone);
    const page = await signIn(context, admin, '/admin-customer-management');
    const day = addDays(inject('seededOn'), -40);
    await page.goto(`${urls.backoffice}/numbers?range=custom&from=${day}&to=${day}&by=month`);
    const card = page.getByRole('list', { name: `Figures by month, ${dayLabel(day)}` }).getByRole('listitem');
    await expect.poll(() => card.textContent()).toContain('Completed (visits)1');
    await page.getByRole('button', { name: 'Download CSV' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await context.close();
  });
});
