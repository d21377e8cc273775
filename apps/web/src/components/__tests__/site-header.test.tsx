import { act, fireEvent, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@repo/ui';
import { SiteHeader } from '../site-header.tsx';

const header = (
  <AppProviders>
    <MemoryRouter initialEntries={['/careers']}>
      <SiteHeader />
    </MemoryRouter>
  </AppProviders>
);

/** The prerendered header, as a visitor finds it before the page's scripts run. */
function prerendered(): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(header);
  document.body.append(container);
  return container;
}

afterEach(() => {
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

describe('site header phone menu', () => {
  it('prerenders a closed native disclosure holding both names (CSS shows one) and real section links', () => {
    const container = prerendered();
    const menu = container.querySelector('details');
    const toggle = menu?.querySelector('summary');
    expect(toggle?.textContent).toBe('Open menuClose menu');
    expect(menu?.open).toBe(false);
    expect(within(container).getAllByRole('link', { name: 'Services' }).map((link) => link.getAttribute('href'))).toEqual(['/#services', '/#services']);
  });

  it('hydrates without a mismatch when the visitor opened the menu first, then closes on Escape with focus on the toggle', async () => {
    const container = prerendered();
    const menu = container.querySelector('details') as HTMLDetailsElement;
    menu.open = true;
    const recoverable = vi.fn();
    const consoleError = vi.spyOn(console, 'error');
    await act(async () => {
      hydrateRoot(container, header, { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    expect(menu.open).toBe(true);

    const contact = within(menu).getByRole('link', { name: 'Contact' });
    contact.focus();
    fireEvent.keyDown(contact, { key: 'Escape' });
    expect(menu.open).toBe(false);
    expect(document.activeElement).toBe(menu.querySelector('summary'));
  });

  it('closes once hydrated when an item is chosen', async () => {
    const container = prerendered();
    await act(async () => {
      hydrateRoot(container, header);
    });
    const menu = container.querySelector('details') as HTMLDetailsElement;
    menu.open = true;
    fireEvent.click(within(menu).getByRole('link', { name: 'Pay Now' }));
    expect(menu.open).toBe(false);
  });
});
