import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storageKeys } from '@repo/contracts';
import { App } from '../index.tsx';

function renderAppAt(path: string) {
  window.history.replaceState(null, '', path);
  return render(<App />);
}

/** An unsigned JWT whose payload expires `secondsFromNow` from now; the page only reads `exp`. */
const adminToken = (secondsFromNow: number) =>
  `e30.${btoa(JSON.stringify({ sub: '1', role: 'admin', exp: Math.floor(Date.now() / 1000) + secondsFromNow }))}.sig`;

describe('back office routes', () => {
  it('shows the 404 Page Not Found card at an unknown path', async () => {
    renderAppAt('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInstanceOf(HTMLElement);
    expect(screen.getByRole('region', { name: '404 Page Not Found' })).toBeInstanceOf(HTMLElement);
  });

  it('sends / to the sign-in page', async () => {
    renderAppAt('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Back Office Sign In' })).toBeInstanceOf(HTMLElement);
    expect(window.location.pathname).toBe('/admin-login');
  });

  it('sends a visitor without an admin token from customer management to sign in, with a toast', async () => {
    renderAppAt('/admin-customer-management');
    expect(await screen.findByRole('heading', { level: 1, name: 'Back Office Sign In' })).toBeInstanceOf(HTMLElement);
    expect(window.location.pathname).toBe('/admin-login');
    expect(screen.getByText('Authentication Required')).toBeInstanceOf(HTMLElement);
    expect(screen.queryByRole('heading', { name: 'Customer Management' })).toBeNull();
  });

  it('treats an expired admin token as no token and drops it', async () => {
    window.localStorage.setItem(storageKeys.adminToken, adminToken(-5));
    renderAppAt('/admin-customer-management');
    expect(await screen.findByRole('heading', { level: 1, name: 'Back Office Sign In' })).toBeInstanceOf(HTMLElement);
    expect(screen.getByText('Authentication Required')).toBeInstanceOf(HTMLElement);
    expect(window.localStorage.getItem(storageKeys.adminToken)).toBeNull();
  });

  it('ignores a customer token', async () => {
    window.localStorage.setItem(storageKeys.authToken, adminToken(3600));
    renderAppAt('/admin-customer-management');
    expect(await screen.findByRole('heading', { level: 1, name: 'Back Office Sign In' })).toBeInstanceOf(HTMLElement);
  });

  it('shows customer management with an unexpired admin token, and skips sign-in', async () => {
    window.localStorage.setItem(storageKeys.adminToken, adminToken(3600));
    renderAppAt('/admin-login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Customer Management' })).toBeInstanceOf(HTMLElement);
    expect(window.location.pathname).toBe('/admin-customer-management');
  });
});
