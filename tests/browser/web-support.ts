import { createRequire } from 'node:module';
import { expect, inject } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { collectPageErrors, viewports, waitForHydration } from '../support/browser.ts';

export const urls = inject('urls');
export { viewports, waitForHydration };
export type Viewport = { width: number; height: number };

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export type OpenPage = { page: Page; context: BrowserContext; errors: string[] };

/**
 * A fresh context per page, so session storage and permissions start empty. CSP is bypassed only so axe-core can be
 * injected; pages that do not inject it behave the same either way.
 */
export async function openPage(
  browser: Browser,
  path: string,
  viewport: Viewport = viewports.desktop,
  options: { userAgent?: string; initScript?: string } = {},
): Promise<OpenPage> {
  const context = await browser.newContext({ viewport, bypassCSP: true, ...(options.userAgent ? { userAgent: options.userAgent } : {}) });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: urls.web });
  const page = await context.newPage();
  if (options.initScript) await page.addInitScript(options.initScript);
  const errors = await collectPageErrors(page);
  await page.goto(`${urls.web}${path}`);
  await waitForHydration(page);
  return { page, context, errors };
}

export async function headerHeight(page: Page): Promise<number> {
  return page.evaluate(() => document.querySelector('header')?.getBoundingClientRect().height ?? 0);
}

/** Waits until the section's top sits 20 px below the sticky header, as section scrolling promises. */
export async function expectSectionBelowHeader(page: Page, id: string): Promise<void> {
  const expected = (await headerHeight(page)) + 20;
  await expect
    .poll(() => page.evaluate((sectionId) => document.getElementById(sectionId)?.getBoundingClientRect().top ?? -1, id), { timeout: 5000 })
    .toBeCloseTo(expected, 0);
}

export type AxeViolation = { id: string; impact: string; help: string; nodes: { target: string[]; html?: string; failureSummary?: string }[] };

/**
 * axe's violations on the page; `rules` turns rules on or off (target-size, WCAG 2.2's, is off by default). Each node
 * comes with its HTML and axe's summary, so a failing comparison says which element and why.
 */
export async function axeViolations(page: Page, rules: Record<string, { enabled: boolean }> = {}): Promise<AxeViolation[]> {
  await page.addScriptTag({ path: axePath });
  return page.evaluate(async (rules) => {
    type Run = (context: Document, options: { rules: Record<string, { enabled: boolean }> }) => Promise<{ violations: AxeViolation[] }>;
    const axe = (window as unknown as { axe: { run: Run } }).axe;
    const result = await axe.run(document, { rules });
    return result.violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: nodes.map(({ target, html, failureSummary }) => ({ target, html, failureSummary })) }));
  }, rules);
}

type OpenMode = 'null' | 'throw' | 'window';

/**
 * An init script replacing window.open, so mail links can be checked without a mail client: it records what was
 * opened and answers as `mode` says (no window, an exception, or a window). Plain text, as transpiled test code can
 * carry helpers the page does not have.
 */
export function stubWindowOpen(mode: OpenMode): string {
  return `
    window.__opened = [];
    window.open = function (url, target) {
      window.__opened.push([String(url), String(target)]);
      if (${JSON.stringify(mode)} === 'throw') throw new Error('no mail handler');
      return ${JSON.stringify(mode)} === 'null' ? null : window;
    };`;
}

export async function openedUrls(page: Page): Promise<[string, string][]> {
  return page.evaluate(() => (window as unknown as { __opened: [string, string][] }).__opened);
}

/** Collects alert() texts and accepts them. */
export function collectDialogs(page: Page): string[] {
  const messages: string[] = [];
  page.on('dialog', (dialog) => {
    messages.push(dialog.message());
    // The page may have closed the dialog itself (it navigated or closed) before the accept arrives: nothing to accept.
    dialog.accept().catch((error: Error) => {
      if (!/No dialog is showing|closed/i.test(error.message)) messages.push(`could not accept: ${error.message}`);
    });
  });
  return messages;
}

/**
 * Waits for the wizard's confirmation after Book Appointment; if the booking is refused instead, fails at once with
 * what the page told the visitor (so a red run says why, rather than timing out on the missing heading).
 */
export async function waitForConfirmation(page: Page): Promise<void> {
  const heading = page.getByRole('heading', { name: 'Appointment Confirmed!' });
  const refusal = page.getByText('Booking Failed');
  await heading.or(refusal).first().waitFor();
  if (await heading.isVisible()) return;
  const told = await page.getByRole('alert').allInnerTexts();
  throw new Error(`The booking was refused: ${told.join(' | ')}`);
}

/** A visitor's contact details for the booking wizard's step 3. */
export const contact = { customerName: 'Robin Alvarez', phone: '(904) 555-0177', email: 'robin@example.com', address: '9 Bridge St', city: 'St Augustine', zipCode: '32084' };

/**
 * Picks the `dayIndex`-th bookable date (not the first: today's slots are cut by the notice period) and its first time.
 * Each test file that books through the wizard has a day of its own, so no other file's booking takes the time between
 * the wizard listing it and booking it.
 */
export async function chooseDateAndFirstTime(page: Page, dayIndex: number): Promise<{ date: string; slot: string }> {
  const dateButton = page.locator('[aria-labelledby="choose-date"] button').nth(dayIndex);
  await dateButton.click();
  await page.getByText('Loading available times...').or(page.locator('[aria-labelledby="choose-time"] button').first()).first().waitFor();
  const slotButton = page.locator('[aria-labelledby="choose-time"] button').first();
  await slotButton.waitFor();
  const label = (await dateButton.textContent()) ?? '';
  const slot = (await slotButton.textContent()) ?? '';
  await slotButton.click();
  return { date: label, slot };
}

/** Fills the booking wizard's contact step with `contact`, or with `details` when given. */
export async function fillContact(page: Page, details: typeof contact = contact) {
  await page.getByLabel('Full Name').fill(details.customerName);
  await page.getByLabel('Phone Number').fill(details.phone);
  await page.getByLabel('Email Address').fill(details.email);
  await page.getByLabel('Street Address').fill(details.address);
  await page.getByLabel(/^City/).fill(details.city);
  await page.getByLabel('Zip Code').fill(details.zipCode);
}
