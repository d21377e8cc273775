import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { business } from '../../config/business.ts';
import { expectDocumentTitle, expectPageHeading } from '@repo/ui/testing/queries';
import { App } from '../index.tsx';

function renderAppAt(path: string) {
  window.history.replaceState(null, '', path);
  return render(<App />);
}

describe('web app routes', () => {
  it('shows the 404 Page Not Found card at an unknown path', async () => {
    renderAppAt('/no-such-page');
    await expectPageHeading('Page Not Found');
    expect(screen.getByRole('region', { name: '404 Page Not Found' }).textContent).toContain('The page you are looking for does not exist');
    expect(screen.getByRole('link', { name: 'Return to the home page' }).getAttribute('href')).toBe('/');
  });

  it('shows the home page with the hero, call and schedule actions', async () => {
    renderAppAt('/');
    await expectPageHeading('Appliance Repair in St Augustine, FL');
    await expectDocumentTitle(`Appliance Repair St Augustine | ${business.name}`);
    const main = screen.getByRole('main');
    const hero = within(screen.getByRole('region', { name: 'Appliance Repair in St Augustine, FL' }));
    expect(hero.getByRole('link', { name: 'Schedule Service' }).getAttribute('href')).toBe('/book-appointment');
    // Controls that go to a section are links, so they work before hydration and without JavaScript.
    const toContact = [...within(main).getAllByRole('link', { name: 'Get Expert Quote' }), ...within(main).getAllByRole('link', { name: 'Schedule Service' })];
    expect(new Set(toContact.map((link) => link.getAttribute('href')))).toEqual(new Set(['/book-appointment', '/#contact']));
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(['Services', 'Brands', 'Reviews', 'Contact'].map((name) => nav.getByRole('link', { name }).getAttribute('href'))).toEqual([
      '/#services',
      '/#brands',
      '/#reviews',
      '/#contact',
    ]);
    const calls = within(main).getAllByRole('link', { name: `Call ${business.phoneDisplay}` });
    expect(calls.map((link) => link.getAttribute('href'))).toEqual(calls.map(() => `tel:${business.phoneTel}`));
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: business.name }).getAttribute('href')).toBe('/');
    expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Careers' }).getAttribute('href')).toBe('/careers');
  });

  it('shows the careers page with the three openings', async () => {
    renderAppAt('/careers');
    await expectPageHeading(`Build Your Career With ${business.name}`);
    const openings = within(screen.getByRole('region', { name: 'Current Openings' }));
    expect(openings.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Senior Appliance Technician',
      'Appliance Repair Apprentice',
      'Customer Service Representative',
    ]);
    expect(openings.getAllByRole('link', { name: 'Apply Now' }).map((link) => link.getAttribute('href')?.split('?')[0])).toEqual(
      Array(3).fill(`mailto:${business.careersEmail}`),
    );
    await expectDocumentTitle(`Careers - Appliance Technician Jobs | ${business.name}`);
  });

  it.each([
    ['/sub-zero-repair', 'Sub-Zero Repair in St Augustine'],
    ['/wolf-repair', 'Wolf Appliance Repair in St Augustine'],
    ['/font-examples', 'Number Font Examples'],
  ])('shows %s', async (path, heading) => {
    renderAppAt(path);
    await expectPageHeading(heading);
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
