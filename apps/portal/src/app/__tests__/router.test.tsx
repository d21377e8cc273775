import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectDocumentTitle, expectPageHeading } from '@repo/ui/testing/queries';
import { App } from '../index.tsx';
import { fakeApi, json } from '@repo/ui/testing/api';

function renderAppAt(path: string) {
  window.history.replaceState(null, '', path);
  return render(<App />);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('portal app routes', () => {
  it('shows the 404 Page Not Found card at an unknown path', async () => {
    renderAppAt('/no-such-page');
    await expectPageHeading('Page Not Found');
    const card = within(screen.getByRole('region', { name: '404 Page Not Found' }));
    expect(card.getByRole('link', { name: 'Return to the home page' }).getAttribute('href')).toBe('/');
  });

  it('sends / to the login page', async () => {
    renderAppAt('/');
    await expectPageHeading('Customer Login');
    expect(window.location.pathname).toBe('/login');
  });

  it('serves the registration page with its title', async () => {
    renderAppAt('/register');
    await expectPageHeading('Create Account');
    await expectDocumentTitle('Create Account | St Augustine Appliance Repair');
  });

  it('serves the email confirmation page with its title', async () => {
    renderAppAt('/confirm-email');
    await expectPageHeading('Confirm Your Email');
    await expectDocumentTitle('Confirm Your Email | St Augustine Appliance Repair');
  });

  it('serves the customer portal, which asks the server who is signed in', async () => {
    const api = fakeApi({ 'GET /api/auth/session': () => json(200, { customer: null }) });
    renderAppAt('/customer-portal');
    await expectPageHeading('Customer Portal');
    await expectDocumentTitle('Customer Portal | St Augustine Appliance Repair');
    expect(api.sent('GET /api/auth/session')).toHaveLength(1);
  });

  it.each(['/appointments/abc', '/appointments/0', '/appointments/12/extra'])('shows the 404 card at %s without calling the API', async (path) => {
    const api = fakeApi({});
    renderAppAt(path);
    await expectPageHeading('Page Not Found');
    expect(api.requests).toHaveLength(0);
  });

  it('names the tracking page by query, so a tracking path with an id in it is the 404 card', async () => {
    renderAppAt('/technician-tracking/12');
    await expectPageHeading('Page Not Found');
  });
});
