import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { business } from '@repo/contracts';
import { App } from '../index.tsx';

function renderAppAt(path: string) {
  window.history.replaceState(null, '', path);
  return render(<App />);
}

describe('web app routes', () => {
  it('shows the 404 Page Not Found card at an unknown path', async () => {
    renderAppAt('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInstanceOf(HTMLElement);
    expect(screen.getByRole('region', { name: '404 Page Not Found' })).toBeInstanceOf(HTMLElement);
  });

  it('shows the home page with the hero, call and schedule actions', async () => {
    renderAppAt('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Appliance Repair in St Augustine, FL' })).toBeInstanceOf(
      HTMLElement,
    );
    expect(document.title).toBe(`Appliance Repair St Augustine | ${business.name}`);
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Schedule Service' }).getAttribute('href')).toBe('/book-appointment');
    expect(within(main).getByRole('link', { name: `Call ${business.phoneDisplay}` }).getAttribute('href')).toBe(
      `tel:${business.phoneTel}`,
    );
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: business.name }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('contentinfo')).toBeInstanceOf(HTMLElement);
  });
});
