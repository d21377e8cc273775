import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../index.tsx';

function renderAppAt(path: string) {
  window.history.replaceState(null, '', path);
  return render(<App />);
}

describe('portal app routes', () => {
  it('shows the 404 Page Not Found card at an unknown path', async () => {
    renderAppAt('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInstanceOf(HTMLElement);
    expect(screen.getByRole('region', { name: '404 Page Not Found' })).toBeInstanceOf(HTMLElement);
  });

  it('sends / to the login page', async () => {
    renderAppAt('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Customer Login' })).toBeInstanceOf(HTMLElement);
    expect(window.location.pathname).toBe('/login');
  });

  it('serves the customer portal placeholder', async () => {
    renderAppAt('/customer-portal');
    expect(await screen.findByRole('heading', { level: 1, name: 'Customer Portal' })).toBeInstanceOf(HTMLElement);
  });
});
