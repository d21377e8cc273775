import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '@repo/ui/testing/api';
import { expectFieldError, expectPageHeading, expectToast } from '@repo/ui/testing/queries';
import { fakeBackOffice, people } from '../../features/auth/testing/fake-back-office.ts';
import { App } from '../index.tsx';

async function renderSignIn(path = '/admin-login') {
  window.history.replaceState(null, '', path);
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

async function signIn(email: string, password = 'right-password', path?: string) {
  const form = await renderSignIn(path);
  fill(form.email, email);
  fill(form.password, password);
  fireEvent.click(form.submit);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('back office sign-in', () => {
  it('starts empty: no credentials are shown or prefilled', async () => {
    fakeBackOffice();
    const { email, password } = await renderSignIn();
    expect(email.value).toBe('');
    expect(password.value).toBe('');
    expect(password.type).toBe('password');
    expect(document.body.textContent).not.toMatch(/@example\.com|right-password/);
  });

  it('shows the schema messages under the fields', async () => {
    fakeBackOffice();
    const { email, password, submit } = await renderSignIn();
    fill(email, 'admin');
    fireEvent.click(submit);
    await expectFieldError(email, 'Valid email is required');
    await expectFieldError(password, 'Password is required');
    await waitFor(() => expect(document.activeElement).toBe(email));
  });

  it('signs staff in with the cookie (credentials included, no token kept) and opens customer management', async () => {
    const server = fakeBackOffice();
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const login = server.calls;
    server.on('POST /api/admin/login', async ({ body }) => {
      await answered;
      server.state.user = people.staff;
      expect(body).toEqual({ email: people.staff.email, password: 'right-password' });
      return json(200, { token: 'header.payload.signature', user: people.staff });
    });
    await signIn(people.staff.email);
    expect(await screen.findByRole('button', { name: 'Authenticating...' })).toHaveProperty('disabled', true);
    const sent = login.find((call) => call.path === '/api/admin/login');
    expect(sent).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(sent?.headers.get('authorization')).toBeNull();

    answer();
    await expectPageHeading('Customer Management');
    expect(window.location.pathname).toBe('/admin-customer-management');
    const nav = within(await screen.findByRole('navigation', { name: 'Back office' }));
    expect(nav.getByRole('link', { name: 'Customers' }).getAttribute('aria-current')).toBe('page');
    expect(window.localStorage.length).toBe(0);
    expect(window.sessionStorage.length).toBe(0);
  });

  it('takes a technician to their jobs', async () => {
    fakeBackOffice();
    await signIn(people.technician.email);
    await waitFor(() => expect(window.location.pathname).toBe('/my-jobs'));
    const nav = within(await screen.findByRole('navigation', { name: 'Back office' }));
    await waitFor(() => expect(nav.getByRole('link', { name: 'My jobs' }).getAttribute('aria-current')).toBe('page'));
  });

  it('returns to the page the visitor was sent away from', async () => {
    fakeBackOffice();
    await signIn(people.admin.email, 'right-password', '/admin-tracking?tab=live');
    await waitFor(() => expect(`${window.location.pathname}${window.location.search}`).toBe('/admin-tracking?tab=live'));
    const nav = within(await screen.findByRole('navigation', { name: 'Back office' }));
    await waitFor(() => expect(nav.getByRole('link', { name: 'Tracking' }).getAttribute('aria-current')).toBe('page'));
  });

  it('shows "Invalid credentials" for a refusal, and a wrong password does not count as a lost session', async () => {
    const server = fakeBackOffice();
    await signIn(people.admin.email, 'wrong');
    await expectToast('Login Failed', 'Invalid credentials');
    expect(window.location.pathname).toBe('/admin-login');
    expect(server.calls.some((call) => call.path === '/api/admin/logout')).toBe(false);
  });

  it('shows "Invalid credentials" when the server refuses without a message', async () => {
    const server = fakeBackOffice();
    server.on('POST /api/admin/login', () => new Response('', { status: 401 }));
    await signIn(people.admin.email);
    await expectToast('Login Failed', 'Invalid credentials');
    expect(window.location.pathname).toBe('/admin-login');
  });
});
