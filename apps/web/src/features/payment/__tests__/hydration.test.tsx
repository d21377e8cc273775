import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createBrowserRouter, createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@repo/ui';
import { paymentRoutes } from './payment-routes.tsx';

const routes: RouteObject[] = [{ HydrateFallback: () => null, children: paymentRoutes }];

afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('prerendered payment pages', () => {
  it.each([
    ['/payment', '/payment', 'Service Payment'],
    ['/payment-success', '/payment-success?payment_intent=demo_pi_0123456789abcdef01234567', 'Checking your payment...'],
  ])('%s hydrates without a mismatch when opened at %s', async (prerenderedPath, address, text) => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response('{}', { status: 503 }));
    const server = createMemoryRouter(routes, { initialEntries: [prerenderedPath] });
    const html = renderToString(
      <AppProviders>
        <RouterProvider router={server} />
      </AppProviders>,
    );
    expect(html).toContain(text);

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    window.history.replaceState(null, '', address);
    const recoverable = vi.fn();
    const consoleError = vi.spyOn(console, 'error');
    const browser = createBrowserRouter(routes);
    await act(async () => {
      hydrateRoot(
        container,
        <AppProviders>
          <RouterProvider router={browser} />
        </AppProviders>,
        { onRecoverableError: recoverable },
      );
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(consoleError.mock.calls.filter((args) => String(args[0]).match(/hydrat/i))).toEqual([]);
    container.remove();
  });
});
