import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoDeclineMessage, demoTestCards, paymentMessages, type PublicPayment } from '@repo/contracts';
import { AppProviders } from '@repo/ui';
import { apiError, fakeApi, heldAnswer, json } from '@repo/ui/testing/api';
import { describedBy, expectDocumentTitle, expectFieldError, expectPageHeading, expectToast } from '@repo/ui/testing/queries';
import { paymentRoutes } from './payment-routes.tsx';

function renderAt(path: string) {
  const routes = [{ HydrateFallback: () => null, children: [...paymentRoutes, { path: '/', element: <h1>Home</h1> }] }];
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

/** A field of the payment form once it can be used: the page has hydrated and a link's values (if any) are in. */
async function readyField(label: RegExp | string): Promise<HTMLElement> {
  await waitFor(() => expect(screen.getByLabelText(label)).toHaveProperty('disabled', false));
  return screen.getByLabelText(label);
}

const payment = (overrides: Partial<PublicPayment> = {}): PublicPayment => ({
  paymentIntentId: 'demo_pi_0123456789abcdef01234567',
  status: 'succeeded',
  amount: 189.5,
  currency: 'usd',
  description: 'Dryer repair',
  reference: null,
  receiptEmailed: false,
  createdAt: '2026-11-22T15:00:00.000Z',
  ...overrides,
});

const intent = { paymentIntentId: 'demo_pi_0123456789abcdef01234567', clientSecret: 'demo_pi_0123456789abcdef01234567_secret_abc', provider: 'demo' };

const createIntent = 'POST /api/create-payment-intent';
const demoConfirm = 'POST /api/payments/demo/confirm';
const paymentStatus = 'GET /api/payments/:paymentIntentId';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/payment', () => {
  it('starts at $150.00 and keeps a typed amount only when it is a number above 0', async () => {
    renderAt('/payment');
    const amount = await screen.findByLabelText(/Amount \(USD\)/);
    expect(amount).toHaveProperty('value', '150.00');
    expect(amount.getAttribute('step')).toBe('0.01');
    expect(amount.getAttribute('min')).toBe('1');
    await expectPageHeading('Service Payment');
    expect(screen.getByLabelText('Description')).toHaveProperty('value', 'Appliance Repair Service');

    fireEvent.change(amount, { target: { value: '0' } });
    fireEvent.blur(amount);
    expect(amount).toHaveProperty('value', '150.00');
    fireEvent.change(amount, { target: { value: '189.5' } });
    fireEvent.blur(amount);
    expect(amount).toHaveProperty('value', '189.50');
    expect(describedBy(amount)).toContain('You will pay $189.50.');
    expect(amount.getAttribute('aria-invalid')).toBe('false');
  });

  it.each([
    ['an empty amount', '', 'The amount is empty or not a number, so it was not used. You will still pay $189.50 unless you enter another amount.'],
    ['0', '0', '0 is not an amount above $0, so it was not used. You will still pay $189.50 unless you enter another amount.'],
    ['a negative amount', '-20', '-20 is not an amount above $0, so it was not used. You will still pay $189.50 unless you enter another amount.'],
  ])('says next to the field why %s was not used and what will be paid', async (_case, typed, message) => {
    const calls = fakeApi({ [createIntent]: () => json(200, intent) }).requests;
    renderAt('/payment');
    const amount = await screen.findByLabelText(/Amount \(USD\)/);
    fireEvent.change(amount, { target: { value: '189.50' } });
    fireEvent.change(amount, { target: { value: typed } });
    await expectFieldError(amount, message);
    expect(describedBy(amount)).toContain('You will pay $189.50.');
    // The explanation stays when the field shows the kept amount again, and goes once a good amount is typed.
    fireEvent.blur(amount);
    expect(amount).toHaveProperty('value', '189.50');
    expect(describedBy(amount)).toContain(message);
    fireEvent.change(amount, { target: { value: '95' } });
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('false'));
    expect(describedBy(amount)).not.toContain('not used');
    fireEvent.change(amount, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    await screen.findByRole('heading', { name: 'Complete Payment' });
    expect((calls[0]!.body as { amount: number }).amount).toBe(95);
    expect(screen.getByTestId('payment-amount').textContent).toBe('$95.00');
  });

  it('sends the optional receipt email and reference, checked first, and shows them with the amount to pay', async () => {
    const calls = fakeApi({ [createIntent]: () => json(200, intent) }).requests;
    renderAt('/payment?reference=SA-ABC234');
    const reference = await readyField('Invoice or appointment number (optional)');
    expect(reference).toHaveProperty('value', 'SA-ABC234');
    const email = screen.getByLabelText('Email for your receipt (optional)');
    fireEvent.change(email, { target: { value: 'pat@' } });
    fireEvent.change(reference, { target: { value: '<script>' } });
    fireEvent.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    await expectFieldError(email, paymentMessages.payerEmail);
    await expectFieldError(reference, paymentMessages.reference);
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(calls).toHaveLength(0);

    fireEvent.change(email, { target: { value: 'pat@example.com' } });
    fireEvent.change(reference, { target: { value: 'INV-1042' } });
    fireEvent.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    await screen.findByRole('heading', { name: 'Complete Payment' });
    expect(calls[0]!.body).toEqual({ amount: 150, description: 'Appliance Repair Service', payerEmail: 'pat@example.com', reference: 'INV-1042' });
    expect(screen.getByTestId('payment-reference').textContent).toBe('Reference: INV-1042');
    expect(screen.getByText('Receipt to pat@example.com')).toBeDefined();
  });

  it('explains a bad amount under the field and focuses it, without calling the server', async () => {
    const calls = fakeApi({ [createIntent]: () => new Response(null, { status: 500 }) }).requests;
    renderAt('/payment');
    const amount = await screen.findByLabelText(/Amount \(USD\)/);
    fireEvent.change(amount, { target: { value: '0.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    await expectFieldError(amount, 'Amount must be at least $1.00');
    await waitFor(() => expect(document.activeElement).toBe(amount));
    expect(calls).toHaveLength(0);
  });

  it('says clearly when the payment cannot be set up, and Try Again reuses the Idempotency-Key', async () => {
    let fail = true;
    const calls = fakeApi({
      [createIntent]: () => (fail ? apiError(503, 'SERVICE_UNAVAILABLE', 'We could not reach our payment provider.') : json(200, intent)),
    }).requests;
    renderAt('/payment');
    fireEvent.click(await screen.findByRole('button', { name: 'Proceed to Payment' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/We couldn't set up your payment/);
    expect(alert.textContent).toMatch(/We could not reach our payment provider\./);
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    await screen.findByRole('heading', { name: 'Complete Payment' });
    expect(calls.map((call) => call.headers.get('Idempotency-Key'))).toEqual([calls[0]!.headers.get('Idempotency-Key'), calls[0]!.headers.get('Idempotency-Key')]);
    expect(calls[0]!.body).toEqual({ amount: 150, description: 'Appliance Repair Service' });
  });

  it('pays with the demo card form: a decline keeps the form usable, the test card pays and opens the confirmation', async () => {
    const created = heldAnswer();
    fakeApi({
      [createIntent]: created.answer,
      [demoConfirm]: ({ body }) => {
        const { cardNumber } = body as { cardNumber: string };
        return cardNumber === demoTestCards.declined
          ? json(200, { payment: payment({ status: 'failed' }), failureMessage: demoDeclineMessage })
          : json(200, { payment: payment(), failureMessage: null });
      },
      [paymentStatus]: () => json(200, payment()),
    });
    const router = renderAt('/payment');
    const amount = await screen.findByLabelText(/Amount \(USD\)/);
    fireEvent.change(amount, { target: { value: '189.50' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Dryer repair' } });
    fireEvent.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    expect((await screen.findByRole('status')).textContent).toContain('Setting up payment');
    act(() => created.release(json(200, intent)));

    expect((await screen.findByRole('form', { name: 'Demo card payment' })).textContent).toContain('Demo mode — no card is charged');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Complete Payment' })));
    const card = screen.getByLabelText(/Card number/);
    fireEvent.change(card, { target: { value: demoTestCards.declined } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay $189.50' }));
    await expectToast('Payment Failed', demoDeclineMessage);
    await waitFor(() => expect(document.activeElement).toBe(card));
    const pay = screen.getByRole('button', { name: 'Pay $189.50' });
    expect(pay).toHaveProperty('disabled', false);
    // The provider's message stays beside the card form until the next attempt.
    const form = screen.getByRole('form', { name: 'Demo card payment' });
    expect(within(form).getByRole('alert', { name: 'Payment Failed' }).textContent).toContain(demoDeclineMessage);

    fireEvent.change(card, { target: { value: demoTestCards.succeeds } });
    fireEvent.click(pay);
    await waitFor(() => expect(within(form).queryByRole('alert', { name: 'Payment Failed' })).toBeNull());
    await expectToast('Payment Successful', 'Thank you for your payment!');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/payment-success'));
    expect(router.state.location.search).toBe(`?payment_intent=${intent.paymentIntentId}`);
    await expectPageHeading('Payment Successful');
    expect(screen.getByTestId('paid-amount').textContent).toBe('$189.50');
  });

  it('shows the card number problem under the field while processing reads Processing...', async () => {
    const confirmed = heldAnswer();
    fakeApi({ [createIntent]: () => json(200, intent), [demoConfirm]: confirmed.answer });
    renderAt('/payment');
    fireEvent.click(await screen.findByRole('button', { name: 'Proceed to Payment' }));
    const card = await screen.findByLabelText(/Card number/);
    fireEvent.click(screen.getByRole('button', { name: 'Pay $150.00' }));
    await expectFieldError(card, 'Card number is required');
    await waitFor(() => expect(document.activeElement).toBe(card));

    fireEvent.change(card, { target: { value: '5555 5555 5555 4444' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay $150.00' }));
    const processing = await screen.findByRole('button', { name: 'Processing...' });
    expect(processing).toHaveProperty('disabled', true);
    act(() => confirmed.release(apiError(400, 'VALIDATION_ERROR', 'Use a test card', { cardNumber: 'Use a test card' })));
    await expectFieldError(card, 'Use a test card');
    await waitFor(() => expect(document.activeElement).toBe(card));
  });

  it('fills in the amount and description from a link (Pay balance), and the payer can still change them', async () => {
    const calls = fakeApi({ [createIntent]: () => json(200, intent) }).requests;
    renderAt('/payment?amount=189.50&description=Dryer%20repair%20%E2%80%94%20appointment%20SA-ABC234');
    const amount = await readyField(/Amount \(USD\)/);
    expect(amount).toHaveProperty('value', '189.50');
    expect(describedBy(amount)).toContain('You will pay $189.50.');
    const description = screen.getByLabelText('Description');
    expect(description).toHaveProperty('value', 'Dryer repair — appointment SA-ABC234');

    fireEvent.change(amount, { target: { value: '200' } });
    fireEvent.blur(amount);
    fireEvent.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    await screen.findByRole('heading', { name: 'Complete Payment' });
    expect(calls[0]!.body).toEqual({ amount: 200, description: 'Dryer repair — appointment SA-ABC234' });
    expect(screen.getByTestId('payment-amount').textContent).toBe('$200.00');
  });

  it.each([
    ['an amount below $1.00', 'amount=0.5'],
    ['an amount above $10,000.00', 'amount=10000.01'],
    ['more than two decimals', 'amount=12.345'],
    ['an amount that is not a number', 'amount=lots'],
    ['a negative amount', 'amount=-20'],
    ['an empty amount and description', 'amount=&description=%20'],
    ['a description over 200 characters', `description=${'x'.repeat(201)}`],
  ])('ignores %s in the link and keeps the defaults', async (_case, query) => {
    renderAt(`/payment?${query}`);
    const amount = await readyField(/Amount \(USD\)/);
    expect(amount).toHaveProperty('value', '150.00');
    expect(screen.getByLabelText('Description')).toHaveProperty('value', 'Appliance Repair Service');
  });

  it('takes the valid half of a link whose other value is invalid', async () => {
    renderAt('/payment?amount=lots&description=Ice%20maker');
    const amount = await readyField(/Amount \(USD\)/);
    expect(amount).toHaveProperty('value', '150.00');
    expect(screen.getByLabelText('Description')).toHaveProperty('value', 'Ice maker');
  });
});

describe('/payment-success', () => {
  it('shows the real amount and description from the server, and the way home or to call', async () => {
    const calls = fakeApi({
      [paymentStatus]: () => json(200, payment({ amount: 42.1, description: 'Ice maker', reference: 'INV-1042', receiptEmailed: true })),
    }).requests;
    renderAt(`/payment-success?payment_intent=${intent.paymentIntentId}`);
    await expectPageHeading('Payment Successful');
    expect(screen.getByTestId('paid-amount').textContent).toBe('$42.10');
    expect(screen.getByTestId('paid-amount').nextElementSibling?.textContent).toBe('Ice maker');
    // The payer's own reference, and the payment's id named as what it is.
    expect(screen.getByTestId('paid-reference').textContent).toBe('Your reference: INV-1042');
    const confirmation = screen.getByRole('heading', { level: 1 }).parentElement?.textContent;
    expect(confirmation).toContain(`Payment ID ${intent.paymentIntentId}`);
    expect(confirmation).toMatch(/A receipt is on its way to the email you gave/);
    expect(confirmation).not.toMatch(/contact you within/);
    expect(screen.getByRole('button', { name: 'Print Receipt' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: /Call Us/ }).getAttribute('href')).toBe('tel:+19048021998');
    expect(calls[0]!.path).toBe(`/api/payments/${intent.paymentIntentId}`);
    await expectDocumentTitle(/^Payment Successful \| /);
  });

  it('says so honestly when the payment failed or is still processing', async () => {
    fakeApi({ [paymentStatus]: () => json(200, payment({ status: 'failed' })) });
    renderAt(`/payment-success?payment_intent=${intent.paymentIntentId}`);
    await expectPageHeading('Payment Not Completed');
    expect(screen.getByRole('link', { name: 'Try Again' }).getAttribute('href')).toBe('/payment');
    await expectDocumentTitle(/^Payment Not Completed \| /);
  });

  it('polls while the payment is processing and shows the settled status', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let status: PublicPayment['status'] = 'processing';
      fakeApi({ [paymentStatus]: () => json(200, payment({ status })) });
      renderAt(`/payment-success?payment_intent=${intent.paymentIntentId}`);
      await expectPageHeading('Payment Processing');
      status = 'succeeded';
      await act(() => vi.advanceTimersByTimeAsync(2100));
      await expectPageHeading('Payment Successful');
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows no payment without a valid payment_intent, or for one the server does not know', async () => {
    const calls = fakeApi({ [paymentStatus]: () => apiError(404, 'NOT_FOUND', 'We could not find that payment.') }).requests;
    renderAt('/payment-success');
    await expectPageHeading('No Payment Found');
    expect(calls).toHaveLength(0);
    renderAt('/payment-success?payment_intent=pi_unknown_123');
    await vi.waitFor(() => expect(screen.getAllByRole('heading', { level: 1, name: 'No Payment Found' })).toHaveLength(2));
    expect(calls).toHaveLength(1);
  });
});
