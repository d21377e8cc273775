import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storageKeys } from '@repo/contracts';
import { expectPageHeading, expectToast } from '@repo/ui/testing/queries';
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
    await expectPageHeading('Page Not Found');
    const card = within(screen.getByRole('region', { name: '404 Page Not Found' }));
    expect(card.getByRole('link', { name: 'Return to the home page' }).getAttribute('href')).toBe('/');
  });

  it('sends / to the sign-in page', async () => {
    renderAppAt('/');
    await expectPageHeading('Back Office Sign In');
    expect(window.location.pathname).toBe('/admin-login');
  });

  it('sends a visitor without an admin token from customer management to sign in, with a toast', async () => {
    renderAppAt('/admin-customer-management');
    await expectPageHeading('Back Office Sign In');
    expect(window.location.pathname).toBe('/admin-login');
    await expectToast('Authentication Required', 'Please sign in to continue.');
    expect(screen.queryByRole('heading', { name: 'Customer Management' })).toBeNull();
  });

  it('treats an expired admin token as no token and drops it', async () => {
    window.localStorage.setItem(storageKeys.adminToken, adminToken(-5));
    renderAppAt('/admin-customer-management');
    await expectPageHeading('Back Office Sign In');
    await expectToast('Authentication Required', 'Please sign in to continue.');
    expect(window.localStorage.getItem(storageKeys.adminToken)).toBeNull();
  });

  it('ignores a customer token', async () => {
    window.localStorage.setItem(storageKeys.authToken, adminToken(3600));
    renderAppAt('/admin-customer-management');
    await expectPageHeading('Back Office Sign In');
    await expectToast('Authentication Required', 'Please sign in to continue.');
  });

  it('shows customer management with an unexpired admin token, and skips sign-in', async () => {
    window.localStorage.setItem(storageKeys.adminToken, adminToken(3600));
    renderAppAt('/admin-login');
    await expectPageHeading('Customer Management');
    expect(window.location.pathname).toBe('/admin-customer-management');
  });
});
