import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signInLinkMessages } from '@repo/contracts';
import { expectFieldError, expectPageHeading, expectToast } from '@repo/ui/testing/queries';
import { apiError, fakeApi, heldAnswer, json, networkError } from '@repo/ui/testing/api';
import { inputLabelled as input, renderAppAt as renderAt } from './support/render-app.tsx';
import { customer } from './support/fixtures.ts';

const token = 'Zm9vYmFyLXRva2VuLXdpdGgtNDMtY2hhcmFjdGVycw-';


describe('asking for a sign-in link (/email-sign-in)', () => {
  it('is a real link on the login page', async () => {
    await renderAt('/login', 'Customer Login');
    expect(screen.getByRole('link', { name: 'Email me a sign-in link' }).getAttribute('href')).toBe('/email-sign-in');
  });

  it('sends the email and shows the confirmation the server gives whatever the email; a refusal shows under the field', async () => {
    const sent = heldAnswer();
    const api = fakeApi({ 'POST /api/auth/sign-in-link': sent.answer });
    await renderAt('/email-sign-in', 'Sign In by Email');
    fireEvent.change(input('Email'), { target: { value: 'pat@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Email Me a Sign-In Link' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toHaveProperty('disabled', true);
    expect(api.sent('POST /api/auth/sign-in-link')[0]?.body).toEqual({ email: 'pat@example.com' });
    sent.release(json(202, { message: signInLinkMessages.requested }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain(signInLinkMessages.requested);
    expect(status.textContent).toContain('pat@example.com');

    const throttled = signInLinkMessages.throttled.replace('{minutes}', '15');
    fakeApi({ 'POST /api/auth/sign-in-link': () => apiError(429, 'RATE_LIMITED', throttled) });
    fireEvent.click(screen.getByRole('button', { name: 'Use another email' }));
    fireEvent.click(screen.getByRole('button', { name: 'Email Me a Sign-In Link' }));
    await expectFieldError(input('Email'), throttled);
  });
});

describe('signing in with the link (/sign-in-link)', () => {
  it('sends the link’s token when the customer presses Sign In, then opens the customer portal', async () => {
    const done = heldAnswer();
    const api = fakeApi({
      'POST /api/auth/sign-in-link/complete': done.answer,
      'GET /api/auth/session': () => json(200, { customer }),
      'GET /api/customer/appointments': () => json(200, []),
      'GET /api/customer/service-requests': () => json(200, []),
      'GET /api/auth/service-history': () => json(200, { customer: null }),
    });
    await renderAt(`/sign-in-link#token=${token}`, 'Sign In');
    // Opening the page sends nothing: a mail scanner that opens the link must not use it up.
    expect(api.requests.filter((request) => request.method === 'POST')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('button', { name: 'Signing In...' })).toHaveProperty('disabled', true);
    expect(api.sent('POST /api/auth/sign-in-link/complete')).toEqual([expect.objectContaining({ body: { token } })]);
    done.release(json(200, { token: 'session-token', message: signInLinkMessages.completed }));
    await expectPageHeading('Welcome, Pat');
    expect(window.location.pathname).toBe('/customer-portal');
    await expectToast('Signed In', signInLinkMessages.completed);
  });

  it('shows a used link with the ways on, an unreachable server in a toast, and a missing token at once', async () => {
    fakeApi({ 'POST /api/auth/sign-in-link/complete': () => networkError() });
    await renderAt(`/sign-in-link#token=${token}`, 'Sign In');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await expectToast('Not Signed In', 'An error occurred. Please check your connection and try again.');

    fakeApi({ 'POST /api/auth/sign-in-link/complete': () => apiError(400, 'VALIDATION_ERROR', signInLinkMessages.usedLink, { token: signInLinkMessages.usedLink }) });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    const problem = (await screen.findByText(signInLinkMessages.usedLink)).closest<HTMLElement>('[role="alert"]')!;
    expect(within(problem).getByText('This link cannot be used')).toBeTruthy();
    expect(within(problem).getByRole('link', { name: 'Ask for a new sign-in link' }).getAttribute('href')).toBe('/email-sign-in');
    expect(within(problem).getByRole('link', { name: 'log in with your password' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('button', { name: 'Sign In' })).toBeNull();
  });

  it('says so at once when the address has no token', async () => {
    const api = fakeApi({});
    await renderAt('/sign-in-link', 'Sign In');
    expect((await screen.findByRole('alert')).textContent).toContain(signInLinkMessages.incompleteLink);
    expect(api.requests).toHaveLength(0);
  });
});
