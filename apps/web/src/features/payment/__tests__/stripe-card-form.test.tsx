import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@repo/ui';
import { fakeApi, json } from '@repo/ui/testing/api';
import { expectToast } from '@repo/ui/testing/queries';
import { paymentRoutes } from './payment-routes.tsx';

type ConfirmResult = { error: { message: string } } | { paymentIntent: { id: string; status: string } };

const stripe = vi.hoisted(() => ({
  publishableKey: 'pk_test_123',
  load: undefined as undefined | ((value: unknown) => void),
  confirmPayment: undefined as unknown as ReturnType<typeof vi.fn>,
}));

vi.mock('../lib/stripe-config.ts', () => ({
  get stripePublishableKey() {
    return stripe.publishableKey;
  },
}));
vi.mock('@stripe/stripe-js/pure', () => ({
  loadStripe: vi.fn(() => new Promise((resolve) => (stripe.load = resolve))),
}));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => children,
  PaymentElement: () => <div>Stripe Payment Element</div>,
  useStripe: () => ({ confirmPayment: stripe.confirmPayment }),
  useElements: () => ({ kind: 'elements' }),
}));

const intent = { paymentIntentId: 'pi_3Abc', clientSecret: 'pi_3Abc_secret_xyz', provider: 'stripe' };
const payment = { paymentIntentId: 'pi_3Abc', status: 'succeeded', amount: 150, currency: 'usd', description: 'Appliance Repair Service', createdAt: '2026-11-22T15:00:00.000Z' };

function renderPayment() {
  // Creating the intent answers the intent; the success page then reads the payment back.
  fakeApi({ 'POST /api/create-payment-intent': () => json(200, intent), 'GET /api/payments/:paymentIntentId': () => json(200, payment) });
  const router = createMemoryRouter([{ HydrateFallback: () => null, children: paymentRoutes }], { initialEntries: ['/payment'] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

async function reachCardStep() {
  fireEvent.click(await screen.findByRole('button', { name: 'Proceed to Payment' }));
  await screen.findByRole('heading', { name: 'Complete Payment' });
}

beforeEach(() => {
  stripe.publishableKey = 'pk_test_123';
  stripe.confirmPayment = vi.fn();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the Stripe card step', () => {
  it('loads Stripe.js only at the card step, shows Processing... and a failure toast, and keeps the form usable', async () => {
    const { loadStripe } = await import('@stripe/stripe-js/pure');
    renderPayment();
    await screen.findByRole('button', { name: 'Proceed to Payment' });
    expect(loadStripe).not.toHaveBeenCalled();
    await reachCardStep();
    expect((await screen.findByRole('status')).textContent).toContain('Loading the secure card form...');
    expect(screen.queryByRole('button', { name: /^Pay / })).toBeNull();
    await vi.waitFor(() => expect(loadStripe).toHaveBeenCalledWith('pk_test_123'));
    expect(screen.queryByRole('button', { name: /^Pay / })).toBeNull();
    act(() => stripe.load?.({ kind: 'stripe' }));
    expect((await screen.findByRole('form', { name: 'Card payment' })).textContent).toContain('Stripe Payment Element');
    expect(screen.queryByText(/Demo mode/)).toBeNull();

    let settle: (result: ConfirmResult) => void = () => {};
    stripe.confirmPayment.mockImplementation(() => new Promise<ConfirmResult>((resolve) => (settle = resolve)));
    fireEvent.click(screen.getByRole('button', { name: 'Pay $150.00' }));
    const processing = await screen.findByRole('button', { name: 'Processing...' });
    expect(processing).toHaveProperty('disabled', true);
    expect(stripe.confirmPayment).toHaveBeenCalledWith({
      elements: { kind: 'elements' },
      confirmParams: { return_url: `${window.location.origin}/payment-success` },
      redirect: 'if_required',
    });
    fireEvent.click(processing);
    expect(stripe.confirmPayment).toHaveBeenCalledTimes(1);

    await act(async () => settle({ error: { message: 'Your card has insufficient funds.' } }));
    await expectToast('Payment Failed', 'Your card has insufficient funds.');
    expect(screen.getByRole('button', { name: 'Pay $150.00' })).toHaveProperty('disabled', false);
    // Stripe's message stays beside the card form until the next attempt.
    const form = screen.getByRole('form', { name: 'Card payment' });
    expect(within(form).getByRole('alert', { name: 'Payment Failed' }).textContent).toContain('Your card has insufficient funds.');
    stripe.confirmPayment.mockImplementation(() => new Promise<ConfirmResult>(() => {}));
    fireEvent.click(screen.getByRole('button', { name: 'Pay $150.00' }));
    await waitFor(() => expect(within(form).queryByRole('alert', { name: 'Payment Failed' })).toBeNull());
  });

  it('thanks the payer and opens the confirmation for the intent', async () => {
    const router = renderPayment();
    await reachCardStep();
    act(() => stripe.load?.({ kind: 'stripe' }));
    stripe.confirmPayment.mockResolvedValue({ paymentIntent: { id: 'pi_3Abc', status: 'succeeded' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Pay $150.00' }));
    await expectToast('Payment Successful', 'Thank you for your payment!');
    await vi.waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/payment-success?payment_intent=pi_3Abc'));
  });

  it('says card payment is unavailable when the site was built without a publishable key', async () => {
    stripe.publishableKey = '';
    renderPayment();
    await reachCardStep();
    expect(screen.getByRole('alert').textContent).toMatch(/Card payment is not available/);
    expect(screen.getByRole('link', { name: '(904) 802-1998' }).getAttribute('href')).toBe('tel:+19048021998');
  });
});
