import { act, screen, within } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../app/index.tsx';
import { fakeApi, heldAnswer, json } from '@repo/ui/testing/api';
import { appointmentDetails, customer, technician, trackingRecord } from '../../app/__tests__/support/fixtures.ts';
import { renderPage, renderShell } from '../entry-server.tsx';

let mounted: { root: Root; container: HTMLElement } | undefined;

afterEach(() => {
  act(() => mounted?.root.unmount());
  mounted?.container.remove();
  mounted = undefined;
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

/** Prerenders `path` as the build does, then hydrates that HTML at `path` as main.tsx does; answers what React reported. */
async function prerenderAndHydrate(path: string) {
  const page = await renderPage(path);
  const container = document.createElement('div');
  container.innerHTML = page.html;
  document.body.append(container);
  window.history.replaceState(null, '', path);
  const recoverable = vi.fn();
  const consoleError = vi.spyOn(console, 'error');
  let root: Root | undefined;
  await act(async () => {
    root = hydrateRoot(container, <App />, { onRecoverableError: recoverable });
  });
  mounted = { root: root!, container };
  const hydrationErrors = consoleError.mock.calls.filter((args) => String(args[0]).match(/hydrat/i));
  return { page, container, recoverable, hydrationErrors };
}

describe('prerendered portal pages', () => {
  it.each([
    ['/login', 'Customer Login', 'Login'],
    ['/register', 'Create Account', 'Create Account'],
    ['/forgot-password', 'Forgot Password', 'Send Reset Link'],
    [`/reset-password?token=${'A'.repeat(43)}`, 'Choose a New Password', 'Save New Password'],
    [`/confirm-email#token=${'A'.repeat(43)}`, 'Confirm Your Email', 'Confirm and Create Account'],
  ])('%s is written with its heading, title and disabled form, and hydrates without a mismatch', async (path, heading, button) => {
    fakeApi({});
    const { page, container, recoverable, hydrationErrors } = await prerenderAndHydrate(path);
    expect(page.head).toBe(`<title>${heading} | St Augustine Appliance Repair</title>`);
    expect(page.html).toContain(`>${heading}</h1>`);
    // Until React handles the form, its fields and button are disabled, so nothing is typed in vain or sent natively.
    expect(page.html).toMatch(/<fieldset disabled=""/);
    expect(recoverable).not.toHaveBeenCalled();
    expect(hydrationErrors).toEqual([]);
    await vi.waitFor(() => expect(container.querySelector('fieldset')?.disabled).toBe(false));
    expect(within(container).getByRole('button', { name: button })).toHaveProperty('disabled', false);
  });

  it('/customer-portal is written as its loading state, hydrates, then asks who is signed in and greets them', async () => {
    const session = heldAnswer();
    fakeApi({
      'GET /api/auth/session': session.answer,
      'GET /api/customer/service-requests': () => json(200, []),
      'GET /api/customer/appointments': () => json(200, []),
    });
    const { page, recoverable, hydrationErrors } = await prerenderAndHydrate('/customer-portal');
    expect(page.head).toContain('<title>Customer Portal | St Augustine Appliance Repair</title>');
    // Who is signed in is fetched with the HTML, with the credentials the API client sends, so the answer is reused.
    expect(page.head).toContain('<link rel="preload" href="/api/auth/session" as="fetch" crossorigin="use-credentials" />');
    expect(page.html).toContain('Loading your portal...');
    expect(recoverable).not.toHaveBeenCalled();
    expect(hydrationErrors).toEqual([]);
    session.release(json(200, { customer }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Pat' })).toBeTruthy();
  });

  it('/technician-tracking is written as its loading state and, once hydrated, reads the appointment from the address', async () => {
    fakeApi({
      'GET /api/tracking/12': () => json(200, trackingRecord()),
      'GET /api/technicians/tech-3': () => json(200, technician()),
      'GET /api/customer/appointments/12': () => json(200, appointmentDetails({ trackToken: 'track-tok' })),
    });
    const page = await renderPage('/technician-tracking');
    expect(page.html).toContain('Loading Tracking Information');
    const { recoverable, hydrationErrors } = await prerenderAndHydrate('/technician-tracking?appointment=12');
    expect(recoverable).not.toHaveBeenCalled();
    expect(hydrationErrors).toEqual([]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Visit Is Scheduled' })).toBeTruthy();
  });

  it('links on the prerendered pages are real links, so they work before hydration', async () => {
    const login = await renderPage('/login');
    expect(login.html).toContain('href="/register"');
    expect(login.html).toContain('href="/forgot-password"');
    expect(login.html).toContain('href="#main"');
    const register = await renderPage('/register');
    expect(register.html).toContain('href="/login"');
  });

  it('the shell for every other address is the header and a loading state', () => {
    const shell = renderShell();
    expect(shell.html).toContain('Customer Portal');
    expect(shell.html).toContain('Loading page...');
    expect(shell.head).toBe('<title>Customer Portal | St Augustine Appliance Repair</title>');
  });
});
