import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, networkError } from '@repo/ui/testing/api';
import { expectPageHeading, expectToast } from '@repo/ui/testing/queries';
import { fakeBackOffice, people } from '../../features/auth/testing/fake-back-office.ts';
import { adminApi } from '../../lib/api-client.ts';
import { App } from '../index.tsx';

function renderAppAt(path: string) {
  window.history.replaceState(null, '', path);
  return render(<App />);
}

const backOfficeNav = () => screen.findByRole('navigation', { name: 'Back office' });
const navLinks = async () => within(await backOfficeNav()).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href'), link.getAttribute('aria-current')]);
const expectPath = (path: string) => waitFor(() => expect(window.location.pathname).toBe(path));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('back office routes', () => {
  it('shows the 404 Page Not Found card at an unknown path', async () => {
    fakeBackOffice();
    renderAppAt('/no-such-page');
    await expectPageHeading('Page Not Found');
    const card = within(screen.getByRole('region', { name: '404 Page Not Found' }));
    expect(card.getByRole('link', { name: 'Return to the home page' }).getAttribute('href')).toBe('/');
  });

  it('sends / to the sign-in page', async () => {
    fakeBackOffice();
    renderAppAt('/');
    await expectPageHeading('Back Office Sign In');
    expect(window.location.pathname).toBe('/admin-login');
  });

  it.each(['/admin-customer-management', '/technician-management', '/admin-tracking', '/admin-deliveries', '/admin-notifications', '/admin-payments', '/admin-staff', '/api-reference', '/my-jobs'])(
    'sends a visitor from %s to sign in with Authentication Required, asking the server with the cookie and no token',
    async (path) => {
      const server = fakeBackOffice();
      renderAppAt(path);
      await expectPageHeading('Back Office Sign In');
      expect(window.location.pathname).toBe('/admin-login');
      await expectToast('Authentication Required', 'Please sign in to continue.');
      expect(screen.queryByRole('navigation', { name: 'Back office' })).toBeNull();
      const sessionChecks = server.calls.filter((call) => call.path === '/api/admin/session');
      expect(sessionChecks.length).toBeGreaterThan(0);
      for (const call of sessionChecks) {
        expect(call.credentials).toBe('include');
        expect(call.headers.get('authorization')).toBeNull();
      }
    },
  );

  it('skips sign-in for someone signed in, to their home', async () => {
    fakeBackOffice({ user: people.staff });
    renderAppAt('/admin-login');
    await expectPageHeading('Customer Management');
    expect(window.location.pathname).toBe('/admin-customer-management');
  });

  it('gives an administrator every back-office page in the header, the current one marked, and moves between them', async () => {
    fakeBackOffice({ user: people.admin });
    renderAppAt('/admin-customer-management');
    await expectPageHeading('Customer Management');
    await waitFor(async () =>
      expect(await navLinks()).toEqual([
        ['Customers', '/admin-customer-management', 'page'],
        ['Technicians', '/technician-management', null],
        ['Tracking', '/admin-tracking', null],
        ['Dispatch Board', '/dispatch-board', null],
        ['Closures', '/closures', null],
        ['Invoices', '/invoices', null],
        ['Price Book', '/price-book', null],
        ['Payments', '/admin-payments', null],
        ['Numbers', '/numbers', null],
        ['Deliveries', '/admin-deliveries', null],
        ['Notifications', '/admin-notifications', null],
        ['Staff', '/admin-staff', null],
        ['API Reference', '/api-reference', null],
      ]),
    );
    fireEvent.click(within(await backOfficeNav()).getByRole('link', { name: 'Tracking' }));
    await expectPath('/admin-tracking');
    await waitFor(async () => expect((await navLinks()).map(([, , current]) => current)).toEqual([null, null, 'page', null, null, null, null, null, null, null, null, null, null]));
    fireEvent.click(within(await backOfficeNav()).getByRole('link', { name: 'Staff' }));
    await expectPath('/admin-staff');
    await expectPageHeading('Staff');
    await waitFor(async () => expect((await navLinks()).map(([, , current]) => current)).toEqual([null, null, null, null, null, null, null, null, null, null, null, 'page', null]));
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'My jobs' })).toBeNull();
  });

  it("gives staff their pages only: no Payments or Staff in the header", async () => {
    fakeBackOffice({ user: people.staff });
    renderAppAt('/admin-deliveries');
    await expectPageHeading('Deliveries');
    await waitFor(async () =>
      expect(await navLinks()).toEqual([
        ['Customers', '/admin-customer-management', null],
        ['Technicians', '/technician-management', null],
        ['Tracking', '/admin-tracking', null],
        ['Dispatch Board', '/dispatch-board', null],
        ['Closures', '/closures', null],
        ['Invoices', '/invoices', null],
        ['Price Book', '/price-book', null],
        ['Deliveries', '/admin-deliveries', 'page'],
        ['Notifications', '/admin-notifications', null],
        ['API Reference', '/api-reference', null],
      ]),
    );
  });

  it.each(['/admin-payments', '/admin-staff', '/numbers'])('shows staff at %s an Administrators only page, stays signed in, and asks nothing the server would refuse', async (path) => {
    const server = fakeBackOffice({ user: people.staff });
    renderAppAt(path);
    await expectPageHeading('Administrators only');
    // The title follows the heading in an effect: wait for it, as a screen reader would hear it.
    await waitFor(() => expect(document.title).toMatch(/^Administrators only/));
    expect(window.location.pathname).toBe(path);
    expect(screen.getByText('403 · Not for your account')).toBeTruthy();
    const back = screen.getByRole('link', { name: 'Back to customer management' });
    expect(server.calls.map((call) => call.path).filter((called) => called !== '/api/admin/session')).toEqual([]);
    expect(server.state.user).toEqual(people.staff);
    expect(await navLinks()).not.toContainEqual(expect.arrayContaining(['Payments']));

    fireEvent.click(back);
    await expectPageHeading('Customer Management');
    expect(server.calls.some((call) => call.path === '/api/admin/logout')).toBe(false);
  });

  it.each(['/admin-payments', '/admin-staff', '/admin-deliveries', '/admin-notifications', '/api-reference'])('sends a technician from %s to their jobs', async (path) => {
    fakeBackOffice({ user: people.technician });
    renderAppAt(path);
    await expectPath('/my-jobs');
    expect(screen.queryByRole('heading', { name: 'Administrators only' })).toBeNull();
  });

  it('sends staff from the technician view to the back office', async () => {
    fakeBackOffice({ user: people.staff });
    renderAppAt('/my-jobs');
    await expectPageHeading('Customer Management');
    expect(window.location.pathname).toBe('/admin-customer-management');
  });

  it.each(['/admin-customer-management', '/technician-management', '/admin-tracking'])('sends a technician from %s to their jobs, with only My jobs in the header', async (path) => {
    fakeBackOffice({ user: people.technician });
    renderAppAt(path);
    await expectPath('/my-jobs');
    await waitFor(async () => expect(await navLinks()).toEqual([['My jobs', '/my-jobs', 'page']]));
    expect(screen.queryByRole('heading', { name: 'Customer Management' })).toBeNull();
  });

  it('signs out: ends the session at the server, returns to sign-in, and going back does not show the page', async () => {
    const server = fakeBackOffice({ user: people.admin });
    renderAppAt('/admin-customer-management');
    await expectPageHeading('Customer Management');
    window.history.pushState(null, '', '/admin-customer-management');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    await expectPageHeading('Back Office Sign In');
    expect(window.location.pathname).toBe('/admin-login');
    const logouts = server.calls.filter((call) => call.path === '/api/admin/logout');
    expect(logouts).toEqual([expect.objectContaining({ method: 'POST', credentials: 'include' })]);
    expect(logouts[0]!.headers.get('authorization')).toBeNull();
    expect(server.state.user).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Back office' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Public website' })).toBeTruthy();

    window.history.back();
    await expectToast('Authentication Required');
    await expectPageHeading('Back Office Sign In');
    expect(window.location.pathname).toBe('/admin-login');
  });

  it('says so and stays when signing out fails', async () => {
    const server = fakeBackOffice({ user: people.admin });
    server.on('POST /api/admin/logout', networkError);
    renderAppAt('/admin-customer-management');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    await expectToast('Sign Out Failed', "We couldn't log you out. Please check your connection and try again.");
    expect(window.location.pathname).toBe('/admin-customer-management');
  });

  it.each([401, 403])('answers a back-office call refused with %i by signing out and returning to sign-in with Admin authentication required', async (status) => {
    const server = fakeBackOffice({ user: people.staff });
    server.on('GET /api/admin/customers', () => json(status, { error: { code: 'REFUSED', message: 'No' } }));
    renderAppAt('/admin-tracking');
    await backOfficeNav();
    await expect(adminApi.json('GET', '/api/admin/customers')).rejects.toMatchObject({ status });
    await expectToast('Admin authentication required');
    await expectPageHeading('Back Office Sign In');
    expect(window.location.pathname).toBe('/admin-login');
    expect(server.calls.filter((call) => call.path === '/api/admin/logout')).toHaveLength(1);
    expect(screen.queryByRole('navigation', { name: 'Back office' })).toBeNull();
  });

  it('keeps no token in browser storage', async () => {
    fakeBackOffice({ user: people.admin });
    renderAppAt('/admin-customer-management');
    await backOfficeNav();
    expect(window.localStorage.length).toBe(0);
    expect(window.sessionStorage.length).toBe(0);
  });
});
