import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { currentSessionPath, emailChangeMessages, historyImportExample, registrationCheckEmail, registrationMessages, sessionCookieName, type Appointment } from '@repo/contracts';
import { useBrowser, viewports, waitForHydration } from '../support/browser.ts';
import { emailsTo, linkIn, waitForEmail } from '../support/mail.ts';
import { confirmationLink, confirmationSubject } from '../support/registration.ts';
import { axeViolations, waitForConfirmation } from './web-support.ts';
import {
  bookByApi,
  builtOrigins,
  newContext,
  newCustomer,
  onStack,
  open,
  phone,
  sessionCookie,
  signedInContext,
  tabTo,
  urls,
  type NewCustomer,
} from './portal-support.ts';

// The customer's whole path through the real nginx, the four built services on PostgreSQL and Debian's Chromium:
// an account, the portal, booking on the public site while signed in, the appointment's own page, history import,
// logout; a visitor's manage link; keyboard-only sign-up and sign-in; axe at desktop and phone widths.
const browser = useBrowser();

const contactRest = { city: 'St Augustine', zipCode: '32084' };
/** What Load Example pastes (under the signed-in customer's name): one service request and one appointment with a cost. */
const example = { request: historyImportExample.historyData.serviceRequests[0]!, appointment: historyImportExample.historyData.appointments[0]! };

/**
 * Through the wizard on the public site: the eleventh bookable day's first free time (a day no other file books), a
 * Sub-Zero refrigerator repair.
 */
async function bookOnPublicSite(page: Page): Promise<void> {
  await page.getByRole('heading', { name: 'Select Date & Time' }).waitFor();
  await page.locator('[aria-labelledby="choose-date"] button').nth(10).click();
  await page.locator('[aria-labelledby="choose-time"] button').first().click();
  await page.getByRole('button', { name: 'Next: Service Details' }).click();
  await page.getByLabel(/^Service Type/).selectOption('Repair');
  await page.getByLabel(/^Appliance/).selectOption('Refrigerator');
  await page.getByLabel(/^Brand/).selectOption('Sub-Zero');
  await page.getByRole('button', { name: 'Next: Contact Info' }).click();
  await page.getByRole('heading', { name: 'Contact Information' }).waitFor();
}

async function finishBooking(page: Page): Promise<{ confirmationCode: string; manageHref: string; appointmentId: number }> {
  await page.getByLabel(/^City/).fill(contactRest.city);
  await page.getByLabel('Zip Code').fill(contactRest.zipCode);
  await page.getByRole('button', { name: 'Book Appointment' }).click();
  await waitForConfirmation(page);
  const confirmationCode = (await page.getByTestId('confirmation-code').textContent()) ?? '';
  const manageHref = onStack(await page.getByRole('link', { name: 'Manage your appointment' }).getAttribute('href'), 'portal');
  const manage = new URL(manageHref);
  expect(manage.pathname).toMatch(/^\/appointments\/\d+$/);
  expect(manage.hash).toMatch(/^#access=.+/);
  return { confirmationCode, manageHref, appointmentId: Number(manage.pathname.split('/').pop()) };
}

async function customerAppointments(cookie: string): Promise<{ status: number; appointments: Appointment[] }> {
  const response = await fetch(`${urls.portal}/api/customer/appointments`, { headers: { cookie: `${sessionCookieName}=${cookie}` } });
  return { status: response.status, appointments: response.ok ? ((await response.json()) as Appointment[]) : [] };
}

async function register(page: Page, customer: NewCustomer): Promise<void> {
  await page.getByLabel('First Name').fill(customer.firstName);
  await page.getByLabel('Last Name').fill(customer.lastName);
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Phone').fill(customer.phone);
  await page.getByLabel('Address (optional)').fill(customer.address);
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.getByLabel('Confirm Password').fill(customer.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

/** Opens the confirmation link emailed to the customer (from the mail catcher) at its page, hydrated. */
async function openConfirmationLink(page: Page, customer: NewCustomer): Promise<void> {
  await page.goto(await confirmationLink(customer.email));
  await waitForHydration(page);
  await page.getByRole('heading', { level: 1, name: 'Confirm Your Email' }).waitFor();
}

/** Opens the confirmation link and confirms with the password chosen at registration: signed in, on the portal. */
async function confirmByEmail(page: Page, customer: NewCustomer): Promise<void> {
  await openConfirmationLink(page, customer);
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.getByRole('button', { name: 'Confirm and Create Account' }).click();
  await page.getByText('Account Created').waitFor();
  await page.waitForURL(`${urls.portal}/customer-portal`);
}

describe('customer portal through nginx', () => {
  it('registers, logs in, books on the public site signed in, reschedules, imports history and logs out for good', async () => {
    const customer = newCustomer('Amara');
    const context = await newContext(browser(), viewports.desktop);
    const { page, errors } = await open(context, `${urls.portal}/register`);

    // Register: the page says to check the email, whose link creates the account and signs in.
    await page.getByRole('heading', { level: 1, name: 'Create Account' }).waitFor();
    await register(page, customer);
    await page.getByRole('status').filter({ hasText: registrationCheckEmail(customer.email) }).waitFor();
    await confirmByEmail(page, customer);

    // The portal greets them by first name, with empty histories and the links that start one.
    await page.getByRole('heading', { level: 1, name: `Welcome, ${customer.firstName}` }).waitFor();
    await page.getByText('You have no service requests yet.').waitFor();
    expect(await page.getByRole('link', { name: 'Request Service' }).isVisible()).toBe(true);
    await page.getByRole('tab', { name: 'Appointments' }).click();
    await page.getByText('You have no appointments yet.').waitFor();
    expect(new URL((await page.getByRole('link', { name: 'Book Appointment' }).getAttribute('href')) ?? '').pathname).toBe('/book-appointment');

    // Book on the public site: the session cookie goes with it and the wizard fills in the contact details.
    const web = await open(context, `${urls.web}/book-appointment`);
    await bookOnPublicSite(web.page);
    await web.page.getByText(`Signed in as ${customer.firstName} ${customer.lastName} (${customer.email})`).waitFor();
    await expect.poll(() => web.page.getByLabel('Full Name').inputValue()).toBe(`${customer.firstName} ${customer.lastName}`);
    expect(await web.page.getByLabel('Email Address').inputValue()).toBe(customer.email);
    expect(await web.page.getByLabel('Phone Number').inputValue()).toBe(customer.phone);
    expect(await web.page.getByLabel('Street Address').inputValue()).toBe(customer.address);
    expect(await web.page.getByLabel(/^City/).inputValue()).toBe('');
    const booked = await finishBooking(web.page);
    await web.page.getByText('It is also in your customer portal.').waitFor();
    expect(web.errors).toEqual([]);
    await web.page.close();

    // It appears in the portal's Appointments tab, and its card opens its own page.
    await page.reload();
    await page.getByRole('tab', { name: 'Appointments' }).click();
    const card = page.getByRole('article', { name: 'Sub-Zero Refrigerator' });
    await card.waitFor();
    await card.getByRole('link', { name: `View appointment #${booked.appointmentId}` }).click();
    await page.waitForURL(`${urls.portal}/appointments/${booked.appointmentId}`);
    await page.getByRole('heading', { level: 1, name: 'Sub-Zero Refrigerator – Repair' }).waitFor();
    await page.getByText(booked.confirmationCode, { exact: true }).waitFor();

    // Reschedule to a free time on another day; the server holds the new slot.
    const cookie = (await sessionCookie(context))!;
    const before = (await customerAppointments(cookie)).appointments.find((appointment) => appointment.id === booked.appointmentId)!;
    const newDate = page.getByLabel('New date');
    await newDate.selectOption({ index: 6 });
    const chosenDate = await newDate.inputValue();
    expect(chosenDate).not.toBe(before.appointmentDate);
    const time = page.getByRole('radio').first();
    const chosenSlot = (await time.getAttribute('value')) ?? '';
    await time.check();
    await page.getByRole('button', { name: 'Move appointment' }).click();
    await page.getByText('Appointment Rescheduled').waitFor();
    await page.getByText('Your appointment has been moved.').waitFor();
    await expect
      .poll(async () => (await customerAppointments(cookie)).appointments.find((appointment) => appointment.id === booked.appointmentId))
      .toMatchObject({ appointmentDate: chosenDate, timeSlot: chosenSlot, status: 'scheduled' });

    // Import the example history: the counts are shown and the imported request appears.
    await page.getByRole('link', { name: 'Back to your portal' }).click();
    await page.getByRole('heading', { level: 1, name: `Welcome, ${customer.firstName}` }).waitFor();
    await page.getByRole('tab', { name: 'Import History' }).click();
    await page.getByRole('tab', { name: 'JSON Import' }).click();
    await page.getByRole('button', { name: 'Load Example' }).click();
    expect(await page.getByLabel('History data (JSON)').inputValue()).toContain('"serviceRequests"');
    await page.getByRole('button', { name: 'Import History' }).click();
    await page.getByRole('status').filter({ hasText: 'Imported 1 service request and 1 appointment.' }).waitFor();
    await page.getByRole('tab', { name: 'Service Requests' }).click();
    await page
      .getByRole('article', { name: `${example.request.brand} ${example.request.applianceType}` })
      .filter({ hasText: example.request.problemDescription })
      .waitFor();
    await page.getByRole('tab', { name: 'Appointments' }).click();
    await expect.poll(() => page.getByRole('article').count()).toBe(2);

    // The imported appointment has a cost: Pay balance opens the payment page filled in with it.
    const cost = example.appointment.totalCost;
    const withCost = page.getByRole('article').filter({ hasText: `Cost: $${cost}` });
    await withCost.getByRole('link', { name: /^View appointment #/ }).click();
    const payBalance = page.getByRole('link', { name: `Pay balance ($${cost})` });
    await payBalance.waitFor();
    const payment = await open(context, onStack(await payBalance.getAttribute('href'), 'web'));
    await expect.poll(() => payment.page.getByLabel('Amount (USD)').inputValue()).toBe(cost);
    expect(await payment.page.getByLabel('Description').inputValue()).toMatch(new RegExp(`^${example.appointment.serviceType} ${example.appointment.appliance} #\\d+$`));
    expect(payment.errors).toEqual([]);
    await payment.page.close();

    // Sign out: the server ends the session, then the public home loads (built for its own origin: answered here).
    await page.goto(`${urls.portal}/customer-portal`);
    await page.getByRole('heading', { level: 1, name: `Welcome, ${customer.firstName}` }).waitFor();
    await page.route(`${builtOrigins.web}/**`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Home</title>' }));
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${builtOrigins.web}/`);
    expect(await sessionCookie(context)).toBeUndefined();

    await page.goto(`${urls.portal}/customer-portal`);
    await page.getByText('Please log in to see your service requests and appointments.').waitFor();
    expect(await page.getByRole('link', { name: 'Log in to your account' }).getAttribute('href')).toBe('/login');

    // The cookie copied before logout is refused everywhere, as a cookie and as a bearer token; asking who is signed
    // in takes the ended cookie for a visitor and refuses the bearer token.
    const asCookie = { cookie: `${sessionCookieName}=${cookie}` };
    const asBearer = { authorization: `Bearer ${decodeURIComponent(cookie)}` };
    for (const headers of [asCookie, asBearer]) {
      expect((await fetch(`${urls.portal}/api/auth/user`, { headers })).status).toBe(401);
      await expect.poll(async () => (await fetch(`${urls.web}/api/customer/appointments`, { headers })).status).toBe(401);
    }
    const sessionByCookie = await fetch(`${urls.portal}${currentSessionPath}`, { headers: asCookie });
    expect([sessionByCookie.status, await sessionByCookie.json()]).toEqual([200, { customer: null }]);
    expect((await fetch(`${urls.portal}${currentSessionPath}`, { headers: asBearer })).status).toBe(401);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it("lets a visitor who booked without an account open the appointment's page through the confirmation's manage link, and finds it in the portal once registered with that email", async () => {
    const visitor = newCustomer('Robin');
    const context = await newContext(browser(), phone);
    const { page, errors } = await open(context, `${urls.web}/book-appointment`);
    await bookOnPublicSite(page);
    await page.getByLabel('Full Name').fill('Robin Alvarez');
    await page.getByLabel('Phone Number').fill('(904) 555-0177');
    await page.getByLabel('Email Address').fill(visitor.email);
    await page.getByLabel('Street Address').fill('9 Bridge St');
    expect(await page.getByText(/^Signed in as/).count()).toBe(0);
    const booked = await finishBooking(page);
    await page.getByText('The link works until the day after your appointment').waitFor();
    expect(await page.getByText('It is also in your customer portal.').count()).toBe(0);

    await page.goto(booked.manageHref);
    await page.getByRole('heading', { level: 1, name: 'Sub-Zero Refrigerator – Repair' }).waitFor();
    await page.getByText(booked.confirmationCode, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Move appointment' }).waitFor();
    // The token does not stay in the address bar, and a link holder is not offered a portal they have no account for.
    await expect.poll(() => new URL(page.url()).hash).toBe('');
    expect(await page.getByRole('link', { name: 'Back to your portal' }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    expect(errors).toEqual([]);
    await context.close();

    // Registered afterwards with the same email, proven by the emailed link: the visit is in the portal. Accounts tells
    // booking as the session begins (an effect, delivered within moments), so a page opened sooner shows it on reload.
    const registered = await signedInContext(browser(), visitor, phone);
    const portal = await open(registered, `${urls.portal}/customer-portal`);
    const visit = portal.page.getByRole('article', { name: 'Sub-Zero Refrigerator' }).getByRole('link', { name: `View appointment #${booked.appointmentId}` });
    await expect
      .poll(async () => {
        await portal.page.goto(`${urls.portal}/customer-portal`);
        await portal.page.getByRole('tab', { name: 'Appointments' }).click();
        await portal.page.getByText('You have no appointments yet.').or(visit).waitFor();
        return visit.count();
      })
      .toBe(1);
    expect(portal.errors).toEqual([]);
    await registered.close();
  });

  it('registers and logs in with the keyboard alone (Tab and Enter), landing with the focus on the greeting', async () => {
    const customer = newCustomer('Keisha');
    const context = await newContext(browser(), viewports.desktop);
    const { page, errors } = await open(context, `${urls.portal}/register`);
    await page.getByRole('heading', { level: 1, name: 'Create Account' }).waitFor();
    const fields: [string, string][] = [
      ['First Name', customer.firstName],
      ['Last Name', customer.lastName],
      ['Email', customer.email],
      ['Phone', customer.phone],
      ['Address (optional)', customer.address],
      ['Password', customer.password],
      ['Confirm Password', customer.password],
    ];
    // From the top of the page (past the skip link and header), then field after field in the order they are shown.
    for (const [index, [label, text]] of fields.entries()) {
      await tabTo(page, label, index === 0 ? 12 : 3);
      await page.keyboard.type(text);
    }
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: registrationCheckEmail(customer.email) }).waitFor();

    // The emailed link's page: Tab to the password, type it, Tab to the button, Enter, and the portal greets them.
    await openConfirmationLink(page, customer);
    await tabTo(page, 'Password', 20);
    await page.keyboard.type(customer.password);
    const confirm = page.getByRole('button', { name: 'Confirm and Create Account' });
    const focused = () => confirm.evaluate((element) => element === document.activeElement);
    for (let presses = 0; presses < 20 && !(await focused()); presses += 1) await page.keyboard.press('Tab');
    expect(await focused()).toBe(true);
    await page.keyboard.press('Enter');
    // Landed signed in, the focus is on the greeting (not left on <body>), and the next Tab is the page's Sign out.
    const greetingFocused = (on: Page) =>
      on.getByRole('heading', { level: 1, name: `Welcome, ${customer.firstName}` }).evaluate((element) => element === document.activeElement);
    await expect.poll(() => greetingFocused(page)).toBe(true);
    await page.keyboard.press('Tab');
    expect(await page.getByRole('button', { name: 'Sign out' }).evaluate((element) => element === document.activeElement)).toBe(true);

    // Elsewhere, the password chosen at registration signs in with the keyboard too.
    const elsewhere = await newContext(browser(), viewports.desktop);
    const login = await open(elsewhere, `${urls.portal}/login`);
    await login.page.getByRole('heading', { level: 1, name: 'Customer Login' }).waitFor();
    await tabTo(login.page, 'Email', 12);
    await login.page.keyboard.type(customer.email);
    await tabTo(login.page, 'Password', 3);
    await login.page.keyboard.type(customer.password);
    await login.page.keyboard.press('Enter');
    await expect.poll(() => greetingFocused(login.page)).toBe(true);
    expect(errors).toEqual([]);
    expect(login.errors).toEqual([]);
    await elsewhere.close();
    await context.close();
  });

  it('confirms only with the password chosen at registration: another is shown next to the field, then the right one signs in (390 px)', async () => {
    const customer = newCustomer('Ines');
    const context = await newContext(browser(), phone);
    const { page, errors } = await open(context, `${urls.portal}/register`);
    await page.getByRole('heading', { level: 1, name: 'Create Account' }).waitFor();
    await register(page, customer);
    await page.getByRole('status').filter({ hasText: registrationCheckEmail(customer.email) }).waitFor();

    // Whoever opens the link (the inbox's owner, when a stranger registered their email) cannot create the account
    // without the registration's password.
    await openConfirmationLink(page, customer);
    const password = page.getByLabel('Password', { exact: true });
    await password.fill(`not-${customer.password}`);
    await page.getByRole('button', { name: 'Confirm and Create Account' }).click();
    await expect.poll(() => password.getAttribute('aria-invalid')).toBe('true');
    const description = await password.evaluate((field) =>
      (field.getAttribute('aria-describedby') ?? '').split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' '),
    );
    expect(description).toContain(registrationMessages.wrongPassword);
    expect(await password.evaluate((field) => field === document.activeElement)).toBe(true);
    expect(await page.getByText('This link cannot be used').count()).toBe(0);
    expect(await sessionCookie(context)).toBeUndefined();
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    // The browser reports the refused confirmation (400) on the console; nothing else may fail.
    const refused = errors.findIndex((error) => /status of 400 \(Bad Request\)/.test(error));
    expect(refused).toBeGreaterThanOrEqual(0);
    errors.splice(refused, 1);

    // The same link with the password chosen at registration creates the account and signs in.
    await password.fill(customer.password);
    await page.getByRole('button', { name: 'Confirm and Create Account' }).click();
    await page.getByRole('heading', { level: 1, name: `Welcome, ${customer.firstName}` }).waitFor();
    expect(await sessionCookie(context)).toBeDefined();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('puts the history first on a phone (390 px), above the account cards, its appointments soonest first', async () => {
    const customer = newCustomer('Paloma');
    const context = await signedInContext(browser(), customer, phone);
    const name = `${customer.firstName} ${customer.lastName}`;
    const later = await bookByApi(context, name, customer.email, 8);
    const sooner = await bookByApi(context, name, customer.email, 3);
    const { page, errors } = await open(context, `${urls.portal}/customer-portal`);
    await page.getByRole('heading', { level: 1, name: `Welcome, ${customer.firstName}` }).waitFor();
    const top = (element: ReturnType<Page['getByRole']>) => element.evaluate((node) => node.getBoundingClientRect().top + window.scrollY);
    const history = page.getByRole('tablist', { name: 'Your history' });
    const account = page.getByRole('region', { name: 'Account Info' });
    await account.waitFor();
    // The history's tabs start on the first screen; the account cards follow below it.
    expect(await top(history)).toBeLessThan(phone.height);
    expect(await top(history)).toBeLessThan(await top(account));
    await history.getByRole('tab', { name: 'Appointments' }).click();
    const cards = page.getByRole('tabpanel').getByRole('article');
    await cards.nth(1).waitFor();
    expect(await cards.getByText(/^Appointment #\d+$/).allTextContents()).toEqual([
      `Appointment #${sooner.appointment.id}`,
      `Appointment #${later.appointment.id}`,
    ]);
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('answers a registration with an email that has an account as any other, and emails its owner instead of a link', async () => {
    const owner = newCustomer('Noor');
    await (await signedInContext(browser(), owner, viewports.desktop)).close();
    const someone = { ...newCustomer('Mallory'), email: owner.email };
    const context = await newContext(browser(), viewports.desktop);
    const { page, errors } = await open(context, `${urls.portal}/register`);
    await page.getByRole('heading', { level: 1, name: 'Create Account' }).waitFor();
    await register(page, someone);
    // The same words a new email gets.
    await page.getByRole('status').filter({ hasText: registrationCheckEmail(owner.email) }).waitFor();

    const attempt = await waitForEmail(owner.email, /^Someone tried to create/);
    expect(attempt.text).toContain(`Hi ${owner.firstName},`);
    expect(new URL(linkIn(attempt, /\/login$/)).pathname).toBe('/login');
    expect(new URL(linkIn(attempt, /\/forgot-password$/)).pathname).toBe('/forgot-password');
    // No second confirmation link: only the owner's own registration's.
    expect((await emailsTo(owner.email)).filter((email) => confirmationSubject.test(email.subject))).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('moves an account to a new email with the keyboard: the link at the new address and the password make it the sign-in, and every other device is signed out (390 px)', async () => {
    const customer = newCustomer('Noor');
    const moved = `moved.${customer.email}`;
    const context = await signedInContext(browser(), customer, viewports.desktop);
    const { page, errors } = await open(context, `${urls.portal}/customer-portal`);
    const accountInfo = page.getByRole('region', { name: 'Account Info' });
    await accountInfo.getByText(customer.email, { exact: true }).waitFor();
    await accountInfo.getByRole('button', { name: 'Change email' }).focus();
    await page.keyboard.press('Enter');
    const newEmail = accountInfo.getByRole('textbox', { name: 'New email' });
    await expect.poll(() => newEmail.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type(moved);
    await page.keyboard.press('Tab');
    await page.keyboard.type(`not-${customer.password}`);
    await page.keyboard.press('Enter');
    // A wrong password is shown next to its field; nothing is sent to the new address.
    const password = accountInfo.getByLabel('Your password');
    await expect.poll(() => password.getAttribute('aria-invalid')).toBe('true');
    await accountInfo.getByText(emailChangeMessages.wrongPassword).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await password.fill(customer.password);
    await page.keyboard.press('Enter');
    await accountInfo.getByRole('status').filter({ hasText: emailChangeMessages.sent.replace('{email}', moved) }).waitFor();
    // Until the link is opened the account keeps its email.
    await accountInfo.getByText(customer.email, { exact: true }).waitFor();
    const refused = errors.findIndex((error) => /status of 400 \(Bad Request\)/.test(error));
    expect(refused).toBeGreaterThanOrEqual(0);
    errors.splice(refused, 1);

    // The link arrives at the new address; opened on a phone that is not signed in, the password confirms it.
    const proof = await waitForEmail(moved, /^Confirm your new email/);
    const phoneContext = await newContext(browser(), phone);
    const onPhone = await open(phoneContext, linkIn(proof, /\/confirm-email-change#token=/));
    await waitForHydration(onPhone.page);
    await onPhone.page.getByRole('heading', { level: 1, name: 'Confirm Your New Email' }).waitFor();
    await onPhone.page.getByLabel('Password', { exact: true }).fill(customer.password);
    await onPhone.page.getByRole('button', { name: 'Confirm New Email' }).click();
    await onPhone.page.getByRole('heading', { level: 1, name: `Welcome, ${customer.firstName}` }).waitFor();
    await onPhone.page.getByRole('region', { name: 'Account Info' }).getByText(moved, { exact: true }).waitFor();
    expect(await onPhone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    expect(onPhone.errors).toEqual([]);

    // The old address is told, and the desktop's session has ended: the portal asks it to log in again.
    const notice = await waitForEmail(customer.email, /email was changed/i);
    expect(notice.text).not.toContain(moved);
    await page.reload();
    await page.getByText('Please log in to see your service requests and appointments.').waitFor();
    const ended = (await sessionCookie(context)) ?? '';
    await expect.poll(async () => (await customerAppointments(ended)).status).toBe(401);
    await phoneContext.close();
    await context.close();
    expect(errors.filter((error) => !/status of 401/.test(error))).toEqual([]);
  });

  it.each([
    ['desktop', viewports.desktop],
    ['390 px', phone],
  ])('has no axe violations on /register, /login, /confirm-email, /customer-portal and the appointment page at %s', async (_name, viewport) => {
    const found: Record<string, unknown[]> = {};
    const noScrollSideways = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

    const visitor = await newContext(browser(), viewport);
    for (const [path, heading] of [['/register', 'Create Account'], ['/login', 'Customer Login'], ['/confirm-email', 'Confirm Your Email']] as const) {
      const { page } = await open(visitor, `${urls.portal}${path}`);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      found[path] = await axeViolations(page);
      await noScrollSideways(page);
      await page.close();
    }
    await visitor.close();

    const customer = newCustomer('Lucia');
    const context: BrowserContext = await signedInContext(browser(), customer, viewport);
    const booked = await bookByApi(context, `${customer.firstName} ${customer.lastName}`, customer.email);
    expect(booked.appointment.customerId).not.toBeNull();
    const { page } = await open(context, `${urls.portal}/customer-portal`);
    await page.getByRole('heading', { level: 1, name: `Welcome, ${customer.firstName}` }).waitFor();
    await page.getByText('You have no service requests yet.').waitFor();
    found['/customer-portal'] = await axeViolations(page);
    await noScrollSideways(page);
    await page.getByRole('tab', { name: 'Appointments' }).click();
    await page.getByRole('article', { name: 'Bosch Dishwasher' }).waitFor();
    found['/customer-portal, Appointments'] = await axeViolations(page);

    await page.goto(`${urls.portal}/appointments/${booked.appointment.id}`);
    await waitForHydration(page);
    await page.getByRole('heading', { level: 1, name: 'Bosch Dishwasher – Maintenance' }).waitFor();
    await page.getByRole('button', { name: 'Move appointment' }).waitFor();
    found['/appointments/:id'] = await axeViolations(page);
    await noScrollSideways(page);
    await context.close();

    expect(found).toEqual({ '/register': [], '/login': [], '/confirm-email': [], '/customer-portal': [], '/customer-portal, Appointments': [], '/appointments/:id': [] });
  }, 120_000);
});
