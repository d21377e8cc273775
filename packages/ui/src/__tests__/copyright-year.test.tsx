import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CopyrightYear } from '../copyright-year.tsx';

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('CopyrightYear', () => {
  it('shows this year once hydrated on a page prerendered in an earlier year', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // Built on New Year's Eve 2024 in St Augustine (already 2025 in UTC).
    vi.setSystemTime(new Date('2025-01-01T03:00:00Z'));
    const container = document.createElement('p');
    container.innerHTML = renderToString(<CopyrightYear />);
    document.body.append(container);
    expect(container.textContent).toBe('2024');

    vi.setSystemTime(new Date('2026-11-28T15:00:00Z'));
    await act(async () => {
      hydrateRoot(container, <CopyrightYear />);
    });
    expect(container.textContent).toBe('2026');
  });
});
