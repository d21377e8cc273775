import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountEmailConfirmPath, accountEmailPath, emailChangeMessages } from '@repo/contracts';
import { describedBy, expectFieldError, expectPageHeading, expectToast } from '@repo/ui/testing/queries';
import { apiError, fakeApi, heldAnswer, json } from '@repo/ui/testing/api';
import { App } from '../index.tsx';
import { customer } from './support/fixtures.ts';
import { renderAccountInfo } from './support/render-app.tsx';

const signedInAnswers = {
  'GET /api/auth/session': () => json(200, { customer }),
  'GET /api/customer/service-requests': () => json(200, []),
  'GET /api/customer/appointments': () => json(200, []),
  'GET /api/auth/service-history': () => json(200, { customer: null }),
};

describe('asking to change the email (Account Info)', () => {
  it('checks the form before sending, shows the server’s refusal under its field, and once sent says where the link went', async () => {
    const api = fakeApi(signedInAnswers);
    api.answer(`PUT ${accountEmailPath}`, (request) => {
      const { email, password } = request.body as { email: string; password: string };
      if (password !== 'kettle-harbor-42') return apiError(400, 'VALIDATION_ERROR', emailChangeMessages.wrongPassword, { password: emailChangeMessages.wrongPassword });
      return json(202, { message: emailChangeMessages.sent.replace('{email}', email) });
    });
    const account = await renderAccountInfo();
    const toggle = within(account).getByRole('button', { name: 'Change email' });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const email = within(account).getByRole('textbox', { name: 'New email' });
    const password = within(account).getByLabelText('Your password') as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(describedBy(email)).toContain('Your email changes once you open it.');

    // Checked in the page: nothing is sent without an email and the password.
    fireEvent.change(email, { target: { value: 'not-an-email' } });
    fireEvent.click(within(account).getByRole('button', { name: 'Send link' }));
    await expectFieldError(email, 'Valid email is required');
    await expectFieldError(password, emailChangeMessages.passwordRequired);
    expect(api.sent(`PUT ${accountEmailPath}`)).toEqual([]);

    fireEvent.change(email, { target: { value: 'pat.new@example.com' } });
    fireEvent.change(password, { target: { value: 'wrong-password' } });
    fireEvent.click(within(account).getByRole('button', { name: 'Send link' }));
    await expectFieldError(password, emailChangeMessages.wrongPassword);

    fireEvent.change(password, { target: { value: 'kettle-harbor-42' } });
    fireEvent.click(within(account).getByRole('button', { name: 'Send link' }));
    expect((await within(account).findByRole('status')).textContent).toBe(emailChangeMessages.sent.replace('{email}', 'pat.new@example.com'));
    await waitFor(() => expect(document.activeElement).toBe(toggle));
    expect(within(account).queryByRole('form', { name: 'Change email' })).toBeNull();
    // The account keeps its email until the link is opened.
    expect(within(account).getByText(customer.email).textContent).toBe(customer.email);
    expect(api.sent(`PUT ${accountEmailPath}`).map((request) => request.body)).toEqual([
      { email: 'pat.new@example.com', password: 'wrong-password' },
      { email: 'pat.new@example.com', password: 'kettle-harbor-42' },
    ]);
  });

  it('shows a throttle under the email field', async () => {
    const message = emailChangeMessages.throttled.replace('{minutes}', '12');
    fakeApi({ ...signedInAnswers, [`PUT ${accountEmailPath}`]: () => apiError(429, 'RATE_LIMITED', message) });
    const account = await renderAccountInfo();
    fireEvent.click(within(account).getByRole('button', { name: 'Change email' }));
    const email = within(account).getByRole('textbox', { name: 'New email' });
    fireEvent.change(email, { target: { value: 'pat.new@example.com' } });
    fireEvent.change(within(account).getByLabelText('Your password'), { target: { value: 'kettle-harbor-42' } });
    fireEvent.click(within(account).getByRole('button', { name: 'Send link' }));
    await expectFieldError(email, message);
  });
});

const token = 'Zm9vYmFyLXRva2VuLXdpdGgtNDMtY2hhcmFjdGVycw-';

async function renderConfirmation(path = `/confirm-email-change#token=${token}`) {
  window.history.replaceState(null, '', path);
  render(<App />);
  await expectPageHeading('Confirm Your New Email');
}
const passwordField = () => screen.getByLabelText('Password') as HTMLInputElement;
function confirmWith(password: string) {
  fireEvent.change(passwordField(), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Confirm New Email' }));
}

describe('confirming the new email (/confirm-email-change#token=…)', () => {
  it('sends the token with the password only when asked, then lands signed in on the portal with the new email', async () => {
    const confirmed = heldAnswer();
    const moved = { ...customer, email: 'pat.new@example.com' };
    const api = fakeApi({ ...signedInAnswers, 'GET /api/auth/session': () => json(200, { customer: moved }), [`POST ${accountEmailConfirmPath}`]: confirmed.answer });
    await renderConfirmation();
    expect(api.sent(`POST ${accountEmailConfirmPath}`)).toHaveLength(0);
    expect(passwordField().getAttribute('autocomplete')).toBe('current-password');
    confirmWith('kettle-harbor-42');
    expect(await screen.findByRole('button', { name: 'Changing Email...' })).toHaveProperty('disabled', true);
    expect(api.sent(`POST ${accountEmailConfirmPath}`)[0]?.body).toEqual({ token, password: 'kettle-harbor-42' });

    const message = emailChangeMessages.completed.replace('{email}', moved.email);
    confirmed.release(json(200, { token: 'session-token', message }));
    await expectPageHeading('Welcome, Pat');
    expect(window.location.pathname).toBe('/customer-portal');
    expect(window.location.hash).toBe('');
    await expectToast('Email Changed', message);
  });

  it('shows a wrong password under the field and keeps the form', async () => {
    fakeApi({ [`POST ${accountEmailConfirmPath}`]: () => apiError(400, 'VALIDATION_ERROR', emailChangeMessages.wrongPassword, { password: emailChangeMessages.wrongPassword }) });
    await renderConfirmation();
    confirmWith('not-it');
    await expectFieldError(passwordField(), emailChangeMessages.wrongPassword);
    expect(screen.queryByRole('alert', { name: 'This link cannot be used' })).toBeNull();
  });

  it.each([
    ['used', 400, emailChangeMessages.usedLink],
    ['expired', 400, emailChangeMessages.expiredLink],
    ['taken', 409, emailChangeMessages.emailTaken],
  ])('says why a %s link cannot be used, with the way to the account', async (_kind, status, message) => {
    fakeApi({ [`POST ${accountEmailConfirmPath}`]: () => apiError(status, status === 409 ? 'CONFLICT' : 'VALIDATION_ERROR', message, { token: message }) });
    await renderConfirmation();
    confirmWith('kettle-harbor-42');
    const alert = within(await screen.findByRole('alert'));
    expect(alert.getByText(message).textContent).toBe(message);
    expect(alert.getByRole('link', { name: 'Go to your account' }).getAttribute('href')).toBe('/customer-portal');
  });

  it('says a link without its token is not complete', async () => {
    fakeApi({});
    await renderConfirmation('/confirm-email-change');
    const alert = within(await screen.findByRole('alert'));
    expect(alert.getByText(emailChangeMessages.incompleteLink).textContent).toBe(emailChangeMessages.incompleteLink);
  });
});
