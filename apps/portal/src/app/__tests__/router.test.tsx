import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectPageHeading } from '@repo/ui/testing/queries';
import { App } from '../index.tsx';

function renderAppAt(path: string) {
  window.history.replaceState(null, '', path);
  return render(<App />);
}

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

  it('serves the customer portal placeholder', async () => {
    renderAppAt('/customer-portal');
    await expectPageHeading('Customer Portal');
    expect(screen.getByText(/Your service requests, appointments and account details/).textContent).toContain('will appear here');
  });
});
