import { act, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createBrowserRouter, createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@repo/ui';
import { fakeApi } from '@repo/ui/testing/api';
import { paymentRoutes } from './payment-routes.tsx';

const routes: RouteObject[] = [{ HydrateFallback: () => null, children: paymentRoutes }];

afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

/** Prerenders `prerenderedPath`, then hydrates that HTML in the browser at `address`; answers what React reported. */
async function hydrateAt(prerenderedPath: string, address: string) {
  fakeApi({ 'GET /api/payments/:paymentIntentId': () => new Response('{}', { status: 503 }) });
  const server = createMemoryRouter(routes, { initialEntries: [prerenderedPath] });
  const html = renderToString(
    <AppProviders>
      <RouterProvider router={server} />
    </AppProviders>,
  );
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
  const hydrationErrors = consoleError.mock.calls.filter((args) => String(args[0]).match(/hydrat/i));
  return { html, container, recoverable, hydrationErrors };
}

describe('prerendered payment pages', () => {
  it.each([
    ['/payment', '/payment', 'Service Payment'],
    ['/payment-success', '/payment-success?payment_intent=demo_pi_0123456789abcdef01234567', 'Checking your payment...'],
  ])('%s hydrates without a mismatch when opened at %s', async (prerenderedPath, address, text) => {
    const { html, container, recoverable, hydrationErrors } = await hydrateAt(prerenderedPath, address);
    expect(html).toContain(text);
    expect(recoverable).not.toHaveBeenCalled();
    expect(hydrationErrors).toEqual([]);
    container.remove();
  });

  it("/payment opened from a Pay balance link hydrates the prerendered defaults, then shows the link's amount and description", async () => {
    const { html, container, recoverable, hydrationErrors } = await hydrateAt('/payment', '/payment?amount=42.10&description=Ice%20maker');
    expect(html).toContain('value="150.00"');
    expect(recoverable).not.toHaveBeenCalled();
    expect(hydrationErrors).toEqual([]);
    await vi.waitFor(() => expect(screen.getByLabelText(/Amount \(USD\)/)).toHaveProperty('value', '42.10'));
    expect(screen.getByLabelText('Description')).toHaveProperty('value', 'Ice maker');
    expect(screen.getByLabelText(/Amount \(USD\)/)).toHaveProperty('disabled', false);
    container.remove();
  });
});
