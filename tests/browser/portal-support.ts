import { randomBytes } from 'node:crypto';
import { expect, inject } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { bookableDates, confirmEmailPath, sessionCookieName, type AvailableSlotsResponse, type CreateAppointmentResponse } from '@repo/contracts';
import { waitForHydration } from '../support/browser.ts';
import { forgetEmailProof } from '../support/prove-contact.ts';
import { confirmationToken } from '../support/registration.ts';

export const urls = inject('urls');

/** A phone-sized viewport as the issue names it (390 px wide). */
export const phone = { width: 390, height: 844 } as const;

/**
 * The origins the apps link each other with are fixed when they are built (readAppOrigins' defaults), while this stack
 * serves them on free ports. A cross-app link is followed by opening its path, query and fragment on the stack.
 */
export const builtOrigins = { web: 'http://localhost:8080', portal: 'http://localhost:8081' } as const;

export function onStack(href: string | null, app: keyof typeof builtOrigins): string {
  const url = new URL(href ?? '');
  expect(url.origin).toBe(builtOrigins[app]);
  return `${urls[app]}${url.pathname}${url.search}${url.hash}`;
}

export type NewCustomer = { firstName: string; lastName: string; email: string; phone: string; address: string; password: string };

/** A customer no other test uses: an email of its own and a password that is not among the common ones. */
export function newCustomer(firstName: string): NewCustomer {
  const id = randomBytes(5).toString('hex');
  return {
    firstName,
    lastName: 'Okafor',
    email: `${firstName.toLowerCase()}.${id}@example.com`,
    phone: '(904) 555-0134',
    address: '48 Charlotte St',
    password: `tabby-lighthouse-${id}`,
  };
}

/**
 * Page errors and console errors a person would meet as a broken page. None is excused: asking who is signed in
 * (GET /api/auth/session) answers a visitor with 200, so not being signed in logs nothing.
 */
export function collectUnexpectedErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
  });
  return errors;
}

export type Opened = { page: Page; errors: string[] };

/** Opens `url` in a new page of `context` and waits until React handles its controls. */
export async function open(context: BrowserContext, url: string): Promise<Opened> {
  const page = await context.newPage();
  const errors = collectUnexpectedErrors(page);
  await page.goto(url);
  await waitForHydration(page);
  return { page, errors };
}

/** A fresh context: no cookies, nothing stored. CSP is bypassed only so axe-core can be injected. */
export function newContext(browser: Browser, viewport: { width: number; height: number }): Promise<BrowserContext> {
  return browser.newContext({ viewport, bypassCSP: true });
}

export async function sessionCookie(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies(urls.portal)).find((cookie) => cookie.name === sessionCookieName)?.value;
}

/** POSTs JSON as a page of the portal would (its origin, unless `headers` names another). */
export async function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', origin: urls.portal, ...headers }, body: JSON.stringify(body) });
}

/** The session cookie's value an answer sets. */
function sessionSetBy(answer: Response): string {
  const cookie = answer.headers.getSetCookie().find((line) => line.startsWith(`${sessionCookieName}=`));
  expect(cookie).toBeDefined();
  return decodeURIComponent(cookie!.slice(sessionCookieName.length + 1).split(';')[0]!);
}

/**
 * Registers through the API as the portal's form does, posts the emailed confirmation link's token (from the stack's
 * mail catcher) with the password as the confirmation page does, and gives a browser context the session cookie that
 * signed in. `unprovenEmail`: the account is then made one from before registration asked for proof (its email a
 * claim only), signed in afresh.
 */
export async function signedInContext(
  browser: Browser,
  customer: NewCustomer,
  viewport: { width: number; height: number },
  { unprovenEmail = false }: { unprovenEmail?: boolean } = {},
): Promise<BrowserContext> {
  const { password, ...details } = customer;
  const registered = await postJson(`${urls.portal}/api/auth/register`, { ...details, password, confirmPassword: password });
  expect(registered.status).toBe(202);
  const confirmed = await postJson(`${urls.portal}${confirmEmailPath}`, { token: await confirmationToken(customer.email), password });
  expect(confirmed.status).toBe(200);
  let session = sessionSetBy(confirmed);
  if (unprovenEmail) {
    await forgetEmailProof(customer.email);
    const login = await postJson(`${urls.portal}/api/auth/login`, { email: customer.email, password });
    expect(login.status).toBe(200);
    session = sessionSetBy(login);
  }
  const context = await newContext(browser, viewport);
  // Cookies belong to the host, not the port: the portal's and the public site's pages both send it.
  await context.addCookies([{ name: sessionCookieName, value: session, url: urls.portal, httpOnly: true, sameSite: 'Lax' }]);
  return context;
}

/**
 * Books the first free slot of the `dayIndex`-th bookable day through the public site's API, with `context`'s cookie, at
 * `street` in St Augustine 32084.
 */
export async function bookByApi(context: BrowserContext | undefined, customerName: string, email: string, dayIndex = 4, street = '48 Charlotte St'): Promise<CreateAppointmentResponse> {
  const date = bookableDates()[dayIndex]!;
  const slots = (await (await fetch(`${urls.web}/api/appointments/available-slots?date=${date}`)).json()) as AvailableSlotsResponse;
  const cookie = context ? await sessionCookie(context) : undefined;
  const response = await postJson(
    `${urls.web}/api/appointments`,
    {
      customerName, email, phone: '(904) 555-0134', address: street, city: 'St Augustine', state: 'FL', zipCode: '32084',
      serviceType: 'Maintenance', appliance: 'Dishwasher', brand: 'Bosch', appointmentDate: date, timeSlot: slots.availableSlots[0],
    },
    { origin: urls.web, ...(cookie ? { cookie: `${sessionCookieName}=${cookie}` } : {}) },
  );
  expect(response.status).toBe(201);
  return (await response.json()) as CreateAppointmentResponse;
}

/** Presses Tab (at most `limit` times) until the field labelled `label` has focus; fails when it never gets it. */
export async function tabTo(page: Page, label: string, limit = 4): Promise<void> {
  const field = page.getByLabel(label, { exact: true });
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press('Tab');
    if (await field.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${limit} presses of Tab did not reach the field "${label}".`);
}
