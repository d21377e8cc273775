import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectFieldError, expectPageHeading, expectToast } from '@repo/ui/testing/queries';
import { App } from '../index.tsx';
import { fakeApi, heldAnswer, json, networkError } from '@repo/ui/testing/api';
import { customer } from './support/fixtures.ts';

async function renderLogin() {
  window.history.replaceState(null, '', '/login');
  render(<App />);
  await expectPageHeading('Customer Login');
  return {
    email: screen.getByLabelText('Email') as HTMLInputElement,
    password: screen.getByLabelText('Password') as HTMLInputElement,
    submit: screen.getByRole('button', { name: 'Login' }),
  };
}

function fill(field: HTMLInputElement, value: string) {
  fireEvent.change(field, { target: { value } });
}

describe('customer login form', () => {
  it('shows the schema messages under the fields for empty input and sends nothing', async () => {
    const api = fakeApi();
    const { email, password, submit } = await renderLogin();
    fireEvent.click(submit);
    await expectFieldError(email, 'Valid email is required');
    await expectFieldError(password, 'Password must be at least 6 characters');
    expect(password.getAttribute('autocomplete')).toBe('current-password');
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(api.requests).toHaveLength(0);
  });

  it('shows the messages for a malformed email and a short password, and clears one when its field changes', async () => {
    const { email, password, submit } = await renderLogin();
    fill(email, 'not-an-email');
    fill(password, '12345');
    fireEvent.click(submit);
    await expectFieldError(email, 'Valid email is required');
    await expectFieldError(password, 'Password must be at least 6 characters');
    fill(email, 'pat@example.com');
    expect(screen.queryByText('Valid email is required')).toBeNull();
    expect(email.getAttribute('aria-invalid')).toBe('false');
    await expectFieldError(password, 'Password must be at least 6 characters');
  });

  it('posts the credentials, keeps no token in browser storage, greets and opens the portal, which asks who is signed in', async () => {
    const login = heldAnswer();
    const api = fakeApi({
      'POST /api/auth/login': login.answer,
      'GET /api/auth/session': () => json(200, { customer }),
      'GET /api/customer/service-requests': () => json(200, []),
      'GET /api/customer/appointments': () => json(200, []),
    });
    const { email, password, submit } = await renderLogin();
    fill(email, 'pat@example.com');
    fill(password, 'secret-pass');
    fireEvent.click(submit);

    expect(await screen.findByRole('button', { name: 'Logging in...' })).toHaveProperty('disabled', true);
    expect(email.disabled).toBe(true);
    const [sent] = api.sent('POST /api/auth/login');
    expect(sent?.body).toEqual({ email: 'pat@example.com', password: 'secret-pass' });
    expect(sent?.headers.get('authorization')).toBeNull();

    login.release(json(200, { token: 'customer-token', message: 'Login successful' }));
    await expectPageHeading('Welcome, Pat');
    // The form that had the focus is gone: the focus moves to the heading of the page landed on, not to <body>.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Welcome, Pat' })));
    expect(window.location.pathname).toBe('/customer-portal');
    await expectToast('Login Successful', 'Welcome back! Redirecting to your portal...');
    expect(window.localStorage.length).toBe(0);
    expect(window.sessionStorage.length).toBe(0);
    expect(api.sent('GET /api/auth/session')).toHaveLength(1);
    expect(api.sent('GET /api/auth/session')[0]?.headers.get('authorization')).toBeNull();
  });

  it('forgets the visitor answer the portal had before the login, so the portal greets the customer after it', async () => {
    const api = fakeApi({
      'GET /api/auth/session': () => json(200, { customer: null }),
      'POST /api/auth/login': () => {
        api.answer('GET /api/auth/session', () => json(200, { customer }));
        return json(200, { token: 'customer-token', message: 'Login successful' });
      },
      'GET /api/customer/service-requests': () => json(200, []),
      'GET /api/customer/appointments': () => json(200, []),
    });
    window.history.replaceState(null, '', '/customer-portal');
    render(<App />);
    fireEvent.click(await screen.findByRole('link', { name: 'Log in to your account' }));
    await expectPageHeading('Customer Login');
    fill(screen.getByLabelText('Email') as HTMLInputElement, 'pat@example.com');
    fill(screen.getByLabelText('Password') as HTMLInputElement, 'secret-pass');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await expectPageHeading('Welcome, Pat');
    expect(api.sent('GET /api/auth/session')).toHaveLength(2);
  });

  it.each([
    ['the server message', json(401, { error: { code: 'UNAUTHORIZED', message: 'Invalid email or password' } }), 'Invalid email or password'],
    ['the default message when the server gives none', new Response('', { status: 500 }), 'Login failed. Please check your credentials.'],
    ['the default message when the answer has no token', json(200, { message: 'ok' }), 'Login failed. Please check your credentials.'],
  ])('on a refusal shows %s and stays on the login page', async (_case, response, message) => {
    fakeApi({ 'POST /api/auth/login': () => response });
    const { email, password, submit } = await renderLogin();
    fill(email, 'pat@example.com');
    fill(password, 'secret-pass');
    fireEvent.click(submit);
    await expectToast('Login Failed', message);
    expect(window.location.pathname).toBe('/login');
    expect(window.localStorage.length).toBe(0);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Login' })).toHaveProperty('disabled', false));
  });

  it('shows the server field messages under the fields', async () => {
    fakeApi({
      'POST /api/auth/login': () => json(400, { error: { code: 'VALIDATION_ERROR', message: 'Check the form', fields: { email: 'This email is not registered' } } }),
    });
    const { email, password, submit } = await renderLogin();
    fill(email, 'pat@example.com');
    fill(password, 'secret-pass');
    fireEvent.click(submit);
    await expectFieldError(email, 'This email is not registered');
    await waitFor(() => expect(document.activeElement).toBe(email));
  });

  it('on a network failure shows the generic message', async () => {
    fakeApi({ 'POST /api/auth/login': networkError });
    const { email, password, submit } = await renderLogin();
    fill(email, 'pat@example.com');
    fill(password, 'secret-pass');
    fireEvent.click(submit);
    await expectToast('Login Failed', 'An error occurred. Please try again.');
  });
});
