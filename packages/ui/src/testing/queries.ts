import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import { toastRegionLabel } from '../toast-region.tsx';

/**
 * Assertions about what a person sees, each waiting (within testing-library's bounded timeout) for the screen to
 * reach it: a page whose code is still loading, or the previous page, does not count as a failure until time is up.
 */

/** The page's one level-1 heading reads `text`. */
export async function expectPageHeading(text: string | RegExp): Promise<void> {
  await waitFor(() => {
    const heading = screen.getByRole('heading', { level: 1 }).textContent ?? '';
    if (typeof text === 'string') expect(heading).toBe(text);
    else expect(heading).toMatch(text);
  });
}

/** The browser tab reads `title`. */
export async function expectDocumentTitle(title: string | RegExp): Promise<void> {
  await waitFor(() => {
    if (typeof title === 'string') expect(document.title).toBe(title);
    else expect(document.title).toMatch(title);
  });
}

/** The toast on screen holds every one of `texts` (its title and description, say). */
export async function expectToast(...texts: string[]): Promise<void> {
  await waitFor(() => {
    const region = screen.getByRole('region', { name: toastRegionLabel });
    const toast = within(region).getByRole('alert').textContent ?? '';
    for (const text of texts) expect(toast).toContain(text);
  });
}

/** What a screen reader reads as `element`'s description: the text of the elements its aria-describedby names. */
export function describedBy(element: Element): string {
  const ids = element.getAttribute('aria-describedby')?.split(/\s+/).filter(Boolean) ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

/** `field` is marked invalid and described by `message`. */
export async function expectFieldError(field: Element, message: string): Promise<void> {
  await waitFor(() => {
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(field)).toContain(message);
  });
}
