import { fireEvent, render, screen, within } from '@testing-library/react';
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
    const calls = within(main).getAllByRole('link', { name: `Call ${business.phoneDisplay}` });
    expect(calls.map((link) => link.getAttribute('href'))).toEqual(calls.map(() => `tel:${business.phoneTel}`));
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: business.name }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('contentinfo')).toBeInstanceOf(HTMLElement);
  });

  it('shows the careers page with the three openings', async () => {
    renderAppAt('/careers');
    expect(await screen.findByRole('heading', { level: 1, name: /Build Your Career/ })).toBeInstanceOf(HTMLElement);
    for (const title of ['Senior Appliance Technician', 'Appliance Repair Apprentice', 'Customer Service Representative']) {
      expect(screen.getByRole('heading', { level: 3, name: title })).toBeInstanceOf(HTMLElement);
    }
    expect(screen.getAllByRole('link', { name: 'Apply Now' })).toHaveLength(3);
    expect(document.title).toBe(`Careers - Appliance Technician Jobs | ${business.name}`);
  });

  it.each([
    ['/sub-zero-repair', 'Sub-Zero Repair in St Augustine'],
    ['/wolf-repair', 'Wolf Appliance Repair in St Augustine'],
    ['/font-examples', 'Number Font Examples'],
  ])('shows %s', async (path, heading) => {
    renderAppAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInstanceOf(HTMLElement);
  });

  it('opens FAQ answers independently of each other', async () => {
    renderAppAt('/');
    const first = await screen.findByRole('button', { name: 'Why is my refrigerator not cooling but the freezer still works?' });
    const second = screen.getByRole('button', { name: 'Why will my washer not drain or spin?' });
    fireEvent.click(first);
    fireEvent.click(second);
    expect(first.getAttribute('aria-expanded')).toBe('true');
    expect(second.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(first);
    expect(first.getAttribute('aria-expanded')).toBe('false');
    expect(second.getAttribute('aria-expanded')).toBe('true');
  });
});
