import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authMessages, passwordResetMessages } from '@repo/contracts';
import { expectFieldError, expectPageHeading, expectToast } from '@repo/ui/testing/queries';
import { apiError, fakeApi, heldAnswer, json, networkError } from '@repo/ui/testing/api';
import { inputLabelled as input, renderAppAt as renderAt } from './support/render-app.tsx';

const token = 'Zm9vYmFyLXRva2VuLXdpdGgtNDMtY2hhcmFjdGVycw-';

const fill = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('forgot password', () => {
  it('is a real link on the login page', async () => {
    await renderAt('/login', 'Customer Login');
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot-password');
  });

  it('checks the email in the browser, then sends it and shows the confirmation the server gives whatever the email', async () => {
    const sent = heldAnswer();
    const api = fakeApi({ 'POST /api/auth/password-reset': sent.answer });
    await renderAt('/forgot-password', 'Forgot Password');
    expect(input('Email').getAttribute('autocomplete')).toBe('email');
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await expectFieldError(input('Email'), 'Valid email is required');
    await waitFor(() => expect(document.activeElement).toBe(input('Email')));
    expect(api.requests).toHaveLength(0);

    fill('Email', 'pat@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toHaveProperty('disabled', true);
    expect(api.sent('POST /api/auth/password-reset')[0]?.body).toEqual({ email: 'pat@example.com' });
    sent.release(json(202, { message: passwordResetMessages.requested }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain(passwordResetMessages.requested);
    expect(status.textContent).toContain('pat@example.com');
    expect(screen.getByRole('link', { name: 'Back to login' }).getAttribute('href')).toBe('/login');

    fireEvent.click(screen.getByRole('button', { name: 'Use another email' }));
    expect(input('Email').value).toBe('pat@example.com');
  });

  it('shows a refusal (too many requests) under the field, and an unreachable server in a toast', async () => {
    const throttled = passwordResetMessages.throttled.replace('{minutes}', '15');
    fakeApi({ 'POST /api/auth/password-reset': () => apiError(429, 'RATE_LIMITED', throttled) });
    await renderAt('/forgot-password', 'Forgot Password');
    fill('Email', 'pat@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await expectFieldError(input('Email'), throttled);

    fakeApi({ 'POST /api/auth/password-reset': () => networkError() });
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await expectToast('Reset Link Not Sent', 'An error occurred. Please check your connection and try again.');
  });
});

describe('choosing a new password (/reset-password)', () => {
  it('checks the passwords by the registration rules, sends them with the link’s token and sends the customer to log in', async () => {
    const done = heldAnswer();
    const api = fakeApi({ 'POST /api/auth/password-reset/complete': done.answer, 'GET /api/auth/session': () => json(200, { customer: null }) });
    await renderAt(`/reset-password?token=${token}`, 'Choose a New Password');
    expect(input('New Password').getAttribute('autocomplete')).toBe('new-password');
    expect(input('Confirm New Password').getAttribute('autocomplete')).toBe('new-password');

    fill('New Password', '12345');
    fireEvent.click(screen.getByRole('button', { name: 'Save New Password' }));
    await expectFieldError(input('New Password'), 'Password must be at least 6 characters');
    fill('New Password', 'harbor-lantern-58');
    fill('Confirm New Password', 'harbor-lantern-59');
    fireEvent.click(screen.getByRole('button', { name: 'Save New Password' }));
    await expectFieldError(input('Confirm New Password'), "Passwords don't match");
    expect(api.requests.filter((request) => request.method === 'POST')).toHaveLength(0);

    fill('Confirm New Password', 'harbor-lantern-58');
    fireEvent.click(screen.getByRole('button', { name: 'Save New Password' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toHaveProperty('disabled', true);
    expect(api.sent('POST /api/auth/password-reset/complete')[0]?.body).toEqual({ token, password: 'harbor-lantern-58', confirmPassword: 'harbor-lantern-58' });
    done.release(json(200, { message: passwordResetMessages.completed }));
    await expectPageHeading('Customer Login');
    expect(window.location.pathname).toBe('/login');
    await expectToast('Password Changed', passwordResetMessages.completed);
  });

  it('shows a used, expired or unknown link with the way to ask for a new one, and a common password under its field', async () => {
    fakeApi({ 'POST /api/auth/password-reset/complete': () => apiError(400, 'VALIDATION_ERROR', authMessages.commonPassword, { password: authMessages.commonPassword }) });
    await renderAt(`/reset-password?token=${token}`, 'Choose a New Password');
    fill('New Password', 'password123');
    fill('Confirm New Password', 'password123');
    fireEvent.click(screen.getByRole('button', { name: 'Save New Password' }));
    await expectFieldError(input('New Password'), authMessages.commonPassword);

    fakeApi({
      'POST /api/auth/password-reset/complete': () =>
        apiError(400, 'VALIDATION_ERROR', passwordResetMessages.expiredLink, { token: passwordResetMessages.expiredLink }),
    });
    fill('New Password', 'harbor-lantern-58');
    fill('Confirm New Password', 'harbor-lantern-58');
    fireEvent.click(screen.getByRole('button', { name: 'Save New Password' }));
    const problem = await screen.findByRole('alert');
    expect(problem.textContent).toContain(passwordResetMessages.expiredLink);
    expect(within(problem).getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.queryByLabelText('New Password')).toBeNull();
  });

  it('says so at once when the address has no token', async () => {
    const api = fakeApi({});
    await renderAt('/reset-password', 'Choose a New Password');
    const problem = await screen.findByRole('alert');
    expect(problem.textContent).toContain(passwordResetMessages.incompleteLink);
    expect(within(problem).getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/forgot-password');
    expect(api.requests).toHaveLength(0);
  });
});
