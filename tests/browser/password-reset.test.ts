import { describe, expect, it } from 'vitest';
import { authMessages, passwordResetMessages, sessionCookieName, signInLinkMessages } from '@repo/contracts';
import { useBrowser, waitForHydration } from '../support/browser.ts';
import { linkIn, waitForEmail } from '../support/mail.ts';
import { axeViolations } from './web-support.ts';
import { newContext, newCustomer, open, phone, sessionCookie, signedInContext, urls } from './portal-support.ts';

// A customer who forgot their password, through the real nginx, the built services on PostgreSQL, the stack's mail
// catcher and Debian's Chromium at phone width: the link on the login page, the email, the new password, and every
// session from before ended; a customer who signs in with an emailed link instead; and an owner whose password someone
// keeps guessing, told so by email with the way to a new one.
const browser = useBrowser();

const whoIsSignedIn = (cookie: string) => fetch(`${urls.portal}/api/auth/user`, { headers: { cookie: `${sessionCookieName}=${cookie}` } });

describe('password reset through nginx', () => {
  it('asks for a link on the login page, gets it by email, chooses a new password and signs in with it; the session from before is refused', async () => {
    const customer = newCustomer('Rowan');
    // Signed in on another device before the reset.
    const otherDevice = await signedInContext(browser(), customer, phone);
    const oldCookie = (await sessionCookie(otherDevice))!;
    expect((await whoIsSignedIn(oldCookie)).status).toBe(200);

    const context = await newContext(browser(), phone);
    const { page, errors } = await open(context, `${urls.portal}/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { level: 1, name: 'Forgot Password' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/forgot-password');
    // Keyboard only: the email, then Enter.
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Email').press('Enter');
    const confirmation = page.getByRole('status').filter({ hasText: passwordResetMessages.requested });
    await confirmation.waitFor();
    expect(await confirmation.textContent()).toContain(customer.email);
    expect(await axeViolations(page)).toEqual([]);

    const email = await waitForEmail(customer.email, /^Choose a new password/);
    expect(email.text).toContain(`Hi ${customer.firstName},`);
    const link = linkIn(email, /\/reset-password\?token=/);
    expect(new URL(link).origin).toBe(urls.portal);

    await page.goto(link);
    await waitForHydration(page);
    await page.getByRole('heading', { level: 1, name: 'Choose a New Password' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const newPassword = `${customer.password}-new`;
    await page.getByLabel('New Password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm New Password').fill(`${newPassword}x`);
    await page.getByLabel('Confirm New Password').press('Enter');
    await page.getByText("Passwords don't match").waitFor();
    await page.getByLabel('Confirm New Password').fill(newPassword);
    await page.getByLabel('Confirm New Password').press('Enter');

    // Every session has ended, so the page sends the customer to log in with the new password.
    await page.getByRole('heading', { level: 1, name: 'Customer Login' }).waitFor();
    await page.getByText(passwordResetMessages.completed).first().waitFor();
    const refused = await whoIsSignedIn(oldCookie);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: authMessages.sessionEnded } });

    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('heading', { level: 1, name: `Welcome, ${customer.firstName}` }).waitFor();
    expect(errors).toEqual([]);
    await otherDevice.close();
    await context.close();
  });

  it('shows a used link as such, with the way to ask for a new one', async () => {
    const customer = newCustomer('Sasha');
    const registered = await signedInContext(browser(), customer, phone);
    await registered.close();
    const context = await newContext(browser(), phone);
    const { page } = await open(context, `${urls.portal}/forgot-password`);
    await page.getByLabel('Email').fill(customer.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByRole('status').filter({ hasText: passwordResetMessages.requested }).waitFor();
    const link = linkIn(await waitForEmail(customer.email, /^Choose a new password/), /\/reset-password\?token=/);

    for (const attempt of [1, 2]) {
      await page.goto(link);
      await waitForHydration(page);
      await page.getByLabel('New Password', { exact: true }).fill(`${customer.password}-${attempt}`);
      await page.getByLabel('Confirm New Password').fill(`${customer.password}-${attempt}`);
      await page.getByRole('button', { name: 'Save New Password' }).click();
      if (attempt === 1) await page.getByRole('heading', { level: 1, name: 'Customer Login' }).waitFor();
    }
    const problem = page.getByRole('alert').filter({ hasText: passwordResetMessages.usedLink });
    await problem.waitFor();
    await problem.getByRole('link', { name: 'Ask for a new link' }).click();
    await page.getByRole('heading', { level: 1, name: 'Forgot Password' }).waitFor();
    await context.close();
  });

  it('asks for a sign-in link on the login page by keyboard, signs in with it by pressing Sign In, and a second use shows the way to a new one', async () => {
    const customer = newCustomer('Noor');
    await (await signedInContext(browser(), customer, phone)).close();
    const context = await newContext(browser(), phone);
    const { page, errors } = await open(context, `${urls.portal}/login`);
    await page.getByRole('link', { name: 'Email me a sign-in link' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign In by Email' }).waitFor();
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Email').press('Enter');
    await page.getByRole('status').filter({ hasText: signInLinkMessages.requested }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    const email = await waitForEmail(customer.email, /^Your sign-in link for /);
    expect(email.text).toContain(`Hi ${customer.firstName},`);
    const link = linkIn(email, /\/sign-in-link#token=/);
    expect(new URL(link).origin).toBe(urls.portal);

    // Opening the link signs nobody in; pressing the button does.
    await page.goto(link);
    await waitForHydration(page);
    await page.getByRole('heading', { level: 1, name: 'Sign In' }).waitFor();
    expect(await sessionCookie(context)).toBeUndefined();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Sign In' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: `Welcome, ${customer.firstName}` }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/customer-portal');
    expect((await whoIsSignedIn((await sessionCookie(context))!)).status).toBe(200);

    const again = await newContext(browser(), phone);
    const second = await open(again, link);
    await second.page.getByRole('button', { name: 'Sign In' }).click();
    const problem = second.page.getByRole('alert').filter({ hasText: signInLinkMessages.usedLink });
    await problem.waitFor();
    await problem.getByRole('link', { name: 'Ask for a new sign-in link' }).click();
    await second.page.getByRole('heading', { level: 1, name: 'Sign In by Email' }).waitFor();
    expect(errors).toEqual([]);
    await again.close();
    await context.close();
  });

  it('ten wrong passwords on the login page bring the owner an email that someone is trying to sign in, whose link asks for a new password', async () => {
    const customer = newCustomer('Imani');
    await (await signedInContext(browser(), customer, phone)).close();
    const context = await newContext(browser(), phone);
    const { page, errors } = await open(context, `${urls.portal}/login`);
    await page.getByLabel('Email').fill(customer.email);
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      await page.getByLabel('Password', { exact: true }).fill(`not-my-password-${attempt}`);
      const [answer] = await Promise.all([
        page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/login'),
        page.getByRole('button', { name: 'Login' }).click(),
      ]);
      expect(answer.status()).toBe(401);
    }

    const alert = await waitForEmail(customer.email, /^Someone is trying to sign in to your /);
    expect(alert.text).toContain(`Hi ${customer.firstName},`);
    expect(alert.text).toContain('10 in the last 15 minutes');
    expect(alert.text).toContain('Your account is protected');
    const link = linkIn(alert, /\/forgot-password$/);
    expect(new URL(link).origin).toBe(urls.portal);
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Forgot Password' }).waitFor();
    // The failed sign-ins' 401s are the console's only errors.
    expect(errors.filter((text) => !text.includes('401'))).toEqual([]);
    await context.close();
  });
});
