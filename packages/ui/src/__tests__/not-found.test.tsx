import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../app-providers.tsx';
import { NotFoundPage } from '../not-found.tsx';

describe('NotFoundPage', () => {
  it('shows the 404 Page Not Found card with a link home and sets the title', () => {
    render(
      <AppProviders>
        <MemoryRouter>
          <NotFoundPage />
        </MemoryRouter>
      </AppProviders>,
    );
    const card = within(screen.getByRole('region', { name: '404 Page Not Found' }));
    expect(card.getByRole('heading', { level: 1 }).textContent).toBe('Page Not Found');
    expect(card.getByText(/does not exist/).textContent).toBe('The page you are looking for does not exist or has moved.');
    expect(card.getByRole('link', { name: 'Return to the home page' }).getAttribute('href')).toBe('/');
    expect(document.title).toMatch(/^Page Not Found \| /);
  });

  it('links to a full address when given one', () => {
    render(
      <AppProviders>
        <MemoryRouter>
          <NotFoundPage homeHref="http://localhost:8080/" homeLabel="Go to the main site" />
        </MemoryRouter>
      </AppProviders>,
    );
    expect(screen.getByRole('link', { name: 'Go to the main site' }).getAttribute('href')).toBe('http://localhost:8080/');
  });
});
