import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '@repo/contracts';
import { expectFieldError, expectPageHeading, expectToast } from '@repo/ui/testing/queries';
import { App } from '../index.tsx';

const token = `e30.${btoa(JSON.stringify({ sub: '1', role: 'admin', exp: Math.floor(Date.now() / 1000) + 3600 }))}.sig`;

async function renderSignIn() {
  window.history.replaceState(null, '', '/admin-login');
  render(<App />);
  await expectPageHeading('Back Office Sign In');
  return {
    email: screen.getByLabelText('Email') as HTMLInputElement,
    password: screen.getByLabelText('Password') as HTMLInputElement,
    submit: screen.getByRole('button', { name: 'Sign In' }),
  };
}

function fill(field: HTMLInputElement, value: string) {
  fireEvent.change(field, { target: { value } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('back office sign-in', () => {
  it('starts empty: no credentials are shown or prefilled', async () => {
    const { email, password } = await renderSignIn();
    expect(email.value).toBe('');
    expect(password.value).toBe('');
    expect(password.type).toBe('password');
  });

  it('shows the schema messages under the fields', async () => {
    const { email, password, submit } = await renderSignIn();
    fill(email, 'admin');
    fireEvent.click(submit);
    await expectFieldError(email, 'Valid email is required');
    await expectFieldError(password, 'Password is required');
    await waitFor(() => expect(document.activeElement).toBe(email));
  });

  it('keeps the admin token and opens customer management', async () => {
    let answer: (response: Response) => void = () => {};
    const fetchMock = vi.fn<typeof fetch>(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    const { email, password, submit } = await renderSignIn();
    fill(email, 'office@example.com');
    fill(password, 'x');
    fireEvent.click(submit);
    expect(await screen.findByRole('button', { name: 'Authenticating...' })).toHaveProperty('disabled', true);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/admin/login');
    expect(init?.method).toBe('POST');

    answer(new Response(JSON.stringify({ token }), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    await expectPageHeading('Customer Management');
    expect(window.localStorage.getItem(storageKeys.adminToken)).toBe(token);
    expect(window.localStorage.getItem(storageKeys.authToken)).toBeNull();
  });

  it('shows "Invalid credentials" when the server refuses without a message', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>(async () => new Response('', { status: 401 })));
    const { email, password, submit } = await renderSignIn();
    fill(email, 'office@example.com');
    fill(password, 'wrong');
    fireEvent.click(submit);
    await expectToast('Login Failed', 'Invalid credentials');
    expect(window.location.pathname).toBe('/admin-login');
  });
});
