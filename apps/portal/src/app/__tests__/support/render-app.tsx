import { render, screen } from '@testing-library/react';
import { expectPageHeading } from '@repo/ui/testing/queries';
import { App } from '../../index.tsx';

/** The whole app opened at `path` (its query and fragment included), once the page's heading shows. */
export async function renderAppAt(path: string, heading: string): Promise<void> {
  window.history.replaceState(null, '', path);
  render(<App />);
  await expectPageHeading(heading);
}

/** The input a label names. */
export const inputLabelled = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

/** The portal home signed in as the fixture customer (Pat), and its Account Info card. */
export async function renderAccountInfo(): Promise<HTMLElement> {
  await renderAppAt('/customer-portal', 'Welcome, Pat');
  return screen.findByRole('region', { name: 'Account Info' });
}
