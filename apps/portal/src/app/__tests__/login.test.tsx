import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '@repo/contracts';
import { expectFieldError, expectPageHeading, expectToast } from '@repo/ui/testing/queries';
import { App } from '../index.tsx';

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

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('customer login form', () => {
  it('shows the schema messages under the fields for empty input and sends nothing', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    const { email, password, submit } = await renderLogin();
    fireEvent.click(submit);
    await expectFieldError(email, 'Valid email is required');
    await expectFieldError(password, 'Password must be at least 6 characters');
    expect(password.getAttribute('autocomplete')).toBe('current-password');
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(fetchMock).not.toHaveBeenCalled();
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

  it('posts the credentials, keeps the token, greets and opens the portal', async () => {
    let answer: (response: Response) => void = () => {};
    const fetchMock = vi.fn<typeof fetch>(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    const { email, password, submit } = await renderLogin();
    fill(email, 'pat@example.com');
    fill(password, 'secret-pass');
    fireEvent.click(submit);

    expect(await screen.findByRole('button', { name: 'Logging in...' })).toHaveProperty('disabled', true);
    expect(email.disabled).toBe(true);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/auth/login');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(JSON.stringify({ email: 'pat@example.com', password: 'secret-pass' }));

    answer(json(200, { token: 'customer-token', message: 'Login successful' }));
    await expectPageHeading('Customer Portal');
    expect(window.location.pathname).toBe('/customer-portal');
    expect(window.localStorage.getItem(storageKeys.authToken)).toBe('customer-token');
    await expectToast('Login Successful', 'Welcome back! Redirecting to your portal...');
  });

  it.each([
    ['the server message', json(401, { error: { code: 'UNAUTHORIZED', message: 'Invalid email or password' } }), 'Invalid email or password'],
    ['the default message when the server gives none', new Response('', { status: 500 }), 'Login failed. Please check your credentials.'],
    ['the default message when the answer has no token', json(200, { message: 'ok' }), 'Login failed. Please check your credentials.'],
  ])('on a refusal shows %s and stays on the login page', async (_case, response, message) => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>(async () => response));
    const { email, password, submit } = await renderLogin();
    fill(email, 'pat@example.com');
    fill(password, 'secret-pass');
    fireEvent.click(submit);
    await expectToast('Login Failed', message);
    expect(window.location.pathname).toBe('/login');
    expect(window.localStorage.getItem(storageKeys.authToken)).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Login' })).toHaveProperty('disabled', false));
  });

  it('shows the server field messages under the fields', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () =>
        json(400, { error: { code: 'VALIDATION_ERROR', message: 'Check the form', fields: { email: 'This email is not registered' } } }),
      ),
    );
    const { email, password, submit } = await renderLogin();
    fill(email, 'pat@example.com');
    fill(password, 'secret-pass');
    fireEvent.click(submit);
    await expectFieldError(email, 'This email is not registered');
    await waitFor(() => expect(document.activeElement).toBe(email));
  });

  it('on a network failure shows the generic message', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const { email, password, submit } = await renderLogin();
    fill(email, 'pat@example.com');
    fill(password, 'secret-pass');
    fireEvent.click(submit);
    await expectToast('Login Failed', 'An error occurred. Please try again.');
  });
});
