import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registrationMessages } from '@repo/contracts';
import { describedBy, expectFieldError, expectPageHeading, expectToast } from '@repo/ui/testing/queries';
import { apiError, fakeApi, heldAnswer, json, networkError } from '@repo/ui/testing/api';
import { App } from '../index.tsx';
import { customer } from './support/fixtures.ts';

const token = 'Zm9vYmFyLXRva2VuLXdpdGgtNDMtY2hhcmFjdGVycw-';
const password = 'kettle-harbor-42';

async function renderAt(path: string) {
  window.history.replaceState(null, '', path);
  render(<App />);
  await expectPageHeading('Confirm Your Email');
}

const confirmButton = () => screen.getByRole('button', { name: 'Confirm and Create Account' });
const passwordField = () => screen.getByLabelText('Password') as HTMLInputElement;

/** Types the password chosen at registration (unless another is given) and presses the button. */
function confirmWith(typed = password) {
  fireEvent.change(passwordField(), { target: { value: typed } });
  fireEvent.click(confirmButton());
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('confirming the email (/confirm-email#token=…)', () => {
  it('sends the fragment’s token with the password only when asked, then lands signed in on the customer portal', async () => {
    const confirmed = heldAnswer();
    const api = fakeApi({
      'POST /api/auth/confirm-email': confirmed.answer,
      'GET /api/auth/session': () => json(200, { customer }),
      'GET /api/customer/appointments': () => json(200, []),
      'GET /api/customer/service-requests': () => json(200, []),
      'GET /api/auth/service-history': () => json(200, { customer: null }),
    });
    await renderAt(`/confirm-email#token=${token}`);
    // Opening the link creates nothing: a mail scanner that opens it must not use it up.
    expect(api.sent('POST /api/auth/confirm-email')).toHaveLength(0);
    expect(passwordField().getAttribute('autocomplete')).toBe('current-password');
    expect(describedBy(passwordField())).toContain('The password you chose when you registered');
    confirmWith();
    expect(await screen.findByRole('button', { name: 'Creating Account...' })).toHaveProperty('disabled', true);
    expect(api.sent('POST /api/auth/confirm-email')[0]?.body).toEqual({ token, password });

    confirmed.release(json(200, { token: 'session-token', message: registrationMessages.completed }));
    await expectPageHeading('Welcome, Pat');
    // The form that had the focus is gone: the focus moves to the heading of the page landed on, not to <body>.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Welcome, Pat' })));
    expect(window.location.pathname).toBe('/customer-portal');
    expect(window.location.hash).toBe('');
    await expectToast('Account Created', registrationMessages.completed);
  });

  it.each([
    ['used', registrationMessages.usedLink],
    ['expired', registrationMessages.expiredLink],
    ['unknown', registrationMessages.unknownLink],
  ])('shows why a %s link cannot be used, with the way to register again or log in', async (_kind, message) => {
    fakeApi({ 'POST /api/auth/confirm-email': () => apiError(400, 'VALIDATION_ERROR', message, { token: message }) });
    await renderAt(`/confirm-email#token=${token}`);
    confirmWith();
    const alert = within(await screen.findByRole('alert'));
    expect(alert.getByText(message)).toBeTruthy();
    if (message === registrationMessages.usedLink) expect(alert.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    else expect(alert.getByRole('link', { name: 'Register again' }).getAttribute('href')).toBe('/register');
    expect(window.location.pathname).toBe('/confirm-email');
  });

  it('says so when the email got an account meanwhile, with the ways to log in or reset the password', async () => {
    fakeApi({ 'POST /api/auth/confirm-email': () => apiError(409, 'CONFLICT', registrationMessages.emailTaken, { token: registrationMessages.emailTaken }) });
    await renderAt(`/confirm-email#token=${token}`);
    confirmWith();
    const alert = within(await screen.findByRole('alert'));
    expect(alert.getByText(registrationMessages.emailTaken)).toBeTruthy();
    expect(alert.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(alert.getByRole('link', { name: 'reset your password' }).getAttribute('href')).toBe('/forgot-password');
  });

  it('shows a password other than the one chosen at registration under the field, focused, and keeps the link for another try', async () => {
    const api = fakeApi({
      'POST /api/auth/confirm-email': () => apiError(400, 'VALIDATION_ERROR', registrationMessages.wrongPassword, { password: registrationMessages.wrongPassword }),
    });
    await renderAt(`/confirm-email#token=${token}`);
    confirmWith('not-what-i-chose');
    await expectFieldError(passwordField(), registrationMessages.wrongPassword);
    await waitFor(() => expect(document.activeElement).toBe(passwordField()));
    expect(screen.queryByText('This link cannot be used')).toBeNull();
    expect(confirmButton()).toHaveProperty('disabled', false);
    expect(api.sent('POST /api/auth/confirm-email')[0]?.body).toEqual({ token, password: 'not-what-i-chose' });
  });

  it('asks for the password before sending anything', async () => {
    const api = fakeApi({});
    await renderAt(`/confirm-email#token=${token}`);
    fireEvent.click(confirmButton());
    await expectFieldError(passwordField(), registrationMessages.passwordRequired);
    await waitFor(() => expect(document.activeElement).toBe(passwordField()));
    expect(api.requests).toHaveLength(0);
  });

  it('says a link without its token is not complete, and sends nothing', async () => {
    const api = fakeApi({});
    await renderAt('/confirm-email');
    const alert = within(await screen.findByRole('alert'));
    expect(alert.getByText(registrationMessages.incompleteLink)).toBeTruthy();
    expect(alert.getByRole('link', { name: 'Register again' }).getAttribute('href')).toBe('/register');
    expect(api.requests).toHaveLength(0);
  });

  it('keeps the button for another try when the server cannot be reached', async () => {
    fakeApi({ 'POST /api/auth/confirm-email': networkError });
    await renderAt(`/confirm-email#token=${token}`);
    confirmWith();
    await expectToast('Account Not Created', 'An error occurred. Please check your connection and try again.');
    expect(confirmButton()).toHaveProperty('disabled', false);
  });
});
