import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { demoTestCards, type Invoice } from '@repo/contracts';
import { expectFieldError, expectPageHeading } from '@repo/ui/testing/queries';
import { apiError, fakeApi, json } from '@repo/ui/testing/api';
import { App } from '../index.tsx';
import { customer } from './support/fixtures.ts';

function renderAt(address: string) {
  window.history.replaceState(null, '', address);
  return render(<App />);
}

function invoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: 7,
    number: 'INV-1007',
    appointmentId: 31,
    status: 'sent',
    customer: { name: 'Pat Homeowner', email: 'pat@example.com', phone: '(904) 555-0199', address: '12 Cordova St, St Augustine, FL 32084' },
    totalCents: 21_520,
    balanceCents: 21_520,
    dueDate: '2026-03-24',
    createdAt: '2026-03-10T18:00:00.000Z',
    visit: { serviceType: 'Repair', appliance: 'Refrigerator', brand: 'Whirlpool', startsAt: '2026-03-10T13:00:00.000Z' },
    lines: [
      { position: 0, priceBookItemId: 1, kind: 'service', description: 'Diagnostic visit', quantity: 1, unitPriceCents: 8_900, taxable: false, amountCents: 8_900 },
      { position: 1, priceBookItemId: 4, kind: 'part', description: 'Whirlpool door gasket', quantity: 1, unitPriceCents: 11_850, taxable: true, amountCents: 11_850 },
    ],
    subtotalCents: 20_750,
    taxCents: 770,
    tax: { stateBps: 600, surtaxBps: 50, surtaxCapCents: 500_000 },
    amountPaidCents: 0,
    amountRefundedCents: 0,
    sentAt: '2026-03-10T18:00:00.000Z',
    voidedAt: null,
    voidReason: null,
    updatedAt: '2026-03-10T18:00:00.000Z',
    editable: true,
    payable: true,
    partialPayments: false,
    payments: [],
    refunds: [],
    ...overrides,
  };
}

const signedIn = { 'GET /api/auth/session': () => json(200, { customer }) };

describe('invoices in the portal', () => {
  it('lists the customer’s invoices with status and balance, and says so when there are none', async () => {
    const api = fakeApi({
      ...signedIn,
      'GET /api/payments/invoices': () => json(200, { items: [invoice(), invoice({ id: 6, number: 'INV-1006', status: 'paid', balanceCents: 0 })], total: 2, page: 1, pageSize: 100 }),
    });
    renderAt('/invoices');
    await expectPageHeading('Invoices');
    const list = within(await screen.findByRole('list', { name: 'Your invoices' }));
    expect(list.getByRole('link', { name: 'Invoice INV-1007' }).getAttribute('href')).toBe('/invoices/7');
    expect(list.getByText('Total $215.20 · Balance $215.20 · Due 2026-03-24')).toBeTruthy();
    expect(list.getByText('Paid')).toBeTruthy();

    api.answer('GET /api/payments/invoices', () => json(200, { items: [], total: 0, page: 1, pageSize: 100 }));
    renderAt('/invoices');
    expect(await screen.findByText('No invoices yet. After a visit, its invoice shows here for you to pay online.')).toBeTruthy();
  });

  it('asks a visitor to log in and asks nothing else', async () => {
    const api = fakeApi({ 'GET /api/auth/session': () => json(200, { customer: null }) });
    renderAt('/invoices/7');
    expect(await screen.findByText('Please log in to see and pay your invoices.')).toBeTruthy();
    expect(api.requests.map((request) => request.path)).not.toContain('/api/payments/invoices/7');
  });

  it('shows lines, tax and balance, pays exactly the balance with the demo card, and shows the paid invoice with its receipt', async () => {
    let current = invoice();
    const api = fakeApi({
      ...signedIn,
      'GET /api/payments/invoices/7': () => json(200, current),
      'POST /api/payments/invoices/7/pay': () => json(200, { clientSecret: 'demo_pi_1_secret_x', paymentIntentId: 'demo_pi_1', provider: 'demo', amountCents: 21_520 }),
      'POST /api/payments/demo/confirm': ({ body }) => {
        if ((body as { cardNumber: string }).cardNumber.replace(/\s/g, '') !== demoTestCards.succeeds.replace(/\s/g, '')) {
          return apiError(400, 'VALIDATION_ERROR', 'Card number must be 12 to 19 digits', { cardNumber: 'Card number must be 12 to 19 digits' });
        }
        current = invoice({
          status: 'paid',
          amountPaidCents: 21_520,
          balanceCents: 0,
          payable: false,
          editable: false,
          payments: [{ paymentIntentId: 'demo_pi_1', provider: 'demo', status: 'succeeded', amountCents: 21_520, appliedCents: 21_520, refundedCents: 0, createdAt: '2026-03-11T15:00:00.000Z' }],
        });
        return json(200, { payment: { paymentIntentId: 'demo_pi_1', status: 'succeeded', amount: 215.2, currency: 'usd', description: 'Invoice INV-1007', createdAt: '2026-03-11T15:00:00.000Z', reference: 'INV-1007', receiptEmailed: true }, failureMessage: null });
      },
    });
    renderAt('/invoices/7');
    await expectPageHeading('Invoice INV-1007');
    const lines = within(screen.getByRole('table', { name: 'Invoice lines' }));
    expect(lines.getByText('Whirlpool door gasket')).toBeTruthy();
    expect(lines.getByText('$7.70')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toBe('/api/payments/invoices/7/pdf');
    expect(screen.queryByRole('link', { name: 'Download receipt' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Pay balance $215.20' }));
    const card = await screen.findByLabelText(/^Card number/);
    // The amount is the server's: the request carries none.
    expect(api.sent('POST /api/payments/invoices/7/pay')[0]?.body).toEqual({});
    expect(api.sent('POST /api/payments/invoices/7/pay')[0]?.headers.get('idempotency-key')).toMatch(/^invoice-payment/);
    fireEvent.change(card, { target: { value: '4242' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay $215.20' }));
    await expectFieldError(screen.getByLabelText(/^Card number/), 'Card number must be 12 to 19 digits');
    fireEvent.change(screen.getByLabelText(/^Card number/), { target: { value: demoTestCards.succeeds } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay $215.20' }));
    expect(await screen.findByText('Paid in full')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download receipt' }).getAttribute('href')).toBe('/api/payments/invoices/7/receipt');
    await waitFor(() => expect(screen.getByText('Mar 11, 2026: $215.20 by card')).toBeTruthy());
  });

  it('opens from the emailed link with no account: the key goes in its header, leaves the address bar, and pays', async () => {
    const key = 'k'.repeat(43);
    const keyed = (headers: Headers) => headers.get('x-invoice-access') === key;
    const api = fakeApi({
      'GET /api/auth/session': () => json(200, { customer: null }),
      'GET /api/payments/invoices/7': ({ headers }) => (keyed(headers) ? json(200, invoice()) : apiError(404, 'NOT_FOUND', 'We could not find that invoice.')),
      'POST /api/payments/invoices/7/pay': ({ headers }) =>
        keyed(headers) ? json(200, { clientSecret: 'demo_pi_2_secret_x', paymentIntentId: 'demo_pi_2', provider: 'demo', amountCents: 21_520 }) : apiError(401, 'UNAUTHORIZED', 'Please log in.'),
    });
    renderAt(`/invoices/7#access=${key}`);
    await expectPageHeading('Invoice INV-1007');
    expect(window.location.hash).toBe('');
    expect(window.sessionStorage.getItem('invoice-access:7')).toBe(key);
    expect(screen.queryByText('Please log in to see and pay your invoices.')).toBeNull();
    expect(screen.queryByRole('link', { name: '← All invoices' })).toBeNull();
    // A plain link cannot carry the key: the PDF is a button that fetches with it.
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pay balance $215.20' }));
    await screen.findByLabelText(/^Card number/);
    expect(api.sent('POST /api/payments/invoices/7/pay')[0]?.body).toEqual({});
    window.sessionStorage.clear();
  });

  it('says an expired link has expired, points to logging in, and forgets the key', async () => {
    const key = 'e'.repeat(43);
    fakeApi({
      'GET /api/auth/session': () => json(200, { customer: null }),
      'GET /api/payments/invoices/7': () => apiError(401, 'UNAUTHORIZED', 'This invoice link has expired. Log in to your account to see the invoice, or call us at (904) 802-1998.'),
    });
    renderAt(`/invoices/7#access=${key}`);
    await expectPageHeading('This invoice link has expired');
    expect(screen.getByText('This invoice link has expired. Log in to your account to see the invoice, or call us at (904) 802-1998.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in to your account' }).getAttribute('href')).toBe('/login');
    await waitFor(() => expect(window.sessionStorage.getItem('invoice-access:7')).toBeNull());
  });

  it('says an invoice that is not the customer’s is not found', async () => {
    fakeApi({ ...signedIn, 'GET /api/payments/invoices/8': () => apiError(404, 'NOT_FOUND', 'We could not find that invoice.') });
    renderAt('/invoices/8');
    await expectPageHeading('Invoice not found');
    expect(screen.getByRole('link', { name: 'Your invoices' }).getAttribute('href')).toBe('/invoices');
  });
});
