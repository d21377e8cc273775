import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../app-providers.tsx';
import { lazyPart } from '../lazy-part.tsx';

function Greeting({ name }: { name: string }) {
  return <p>Hello, {name}</p>;
}

describe('lazyPart', () => {
  it('shows its fallback, then the part, with the props given', async () => {
    const Part = lazyPart(async () => ({ default: Greeting }), { fallback: <p>Loading the greeting…</p>, failed: 'The greeting could not be loaded.' });
    render(
      <AppProviders>
        <Part name="Dana" />
      </AppProviders>,
    );
    expect(screen.getByText('Loading the greeting…')).toBeTruthy();
    expect(await screen.findByText('Hello, Dana')).toBeTruthy();
  });

  it('says so in its place when the code fails to load, keeps the rest of the page, and Try again loads it again', async () => {
    // The first request for the chunk fails (a deploy removed it, a dropped connection); the next one arrives.
    const load = vi.fn<() => Promise<{ default: typeof Greeting }>>().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue({ default: Greeting });
    const Part = lazyPart(load, { fallback: <p>Loading the greeting…</p>, failed: 'The greeting could not be loaded.' });
    render(
      <AppProviders>
        <h1>The page</h1>
        <Part name="Gil" />
      </AppProviders>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The greeting could not be loaded.');
    expect(screen.getByRole('heading', { name: 'The page' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Hello, Gil')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
