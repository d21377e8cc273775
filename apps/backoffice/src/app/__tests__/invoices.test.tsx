import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { invoiceMessages, type Invoice, type PriceBookItem } from '@repo/contracts';
import { fakeApi, json } from '@repo/ui/testing/api';
import { expectFieldError, expectPageHeading, expectToast } from '@repo/ui/testing/queries';
import { App } from '../index.tsx';
import { renderAppAt, signIn, staffUser, type } from './support/fixtures.ts';

const gasket: PriceBookItem = { id: 4, kind: 'part', name: 'Whirlpool door gasket', unitPriceCents: 11_850, taxable: true, active: true, createdAt: '2026-03-01T12:00:00.000Z', updatedAt: '2026-03-01T12:00:00.000Z' };
const visit: PriceBookItem = { ...gasket, id: 1, kind: 'service', name: 'Diagnostic visit', unitPriceCents: 8_900, taxable: false };

function invoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: 12,
    number: 'INV-1012',
    appointmentId: 501,
    status: 'draft',
    customer: { name: 'Pat Homeowner', email: 'pat@example.com', phone: '(904) 555-0199', address: '12 Cordova St, St Augustine, FL 32084' },
    totalCents: 8_900,
    balanceCents: 8_900,
    dueDate: null,
    createdAt: '2026-03-10T18:00:00.000Z',
    visit: { serviceType: 'Repair', appliance: 'Refrigerator', brand: 'Sub-Zero', startsAt: '2026-03-10T13:00:00.000Z' },
    lines: [{ position: 0, priceBookItemId: 1, kind: 'service', description: 'Diagnostic visit', quantity: 1, unitPriceCents: 8_900, taxable: false, amountCents: 8_900 }],
    subtotalCents: 8_900,
    taxCents: 0,
    tax: { stateBps: 600, surtaxBps: 50, surtaxCapCents: 500_000 },
    amountPaidCents: 0,
    amountRefundedCents: 0,
    sentAt: null,
    voidedAt: null,
    voidReason: null,
    updatedAt: '2026-03-10T18:00:00.000Z',
    editable: true,
    payable: false,
    partialPayments: false,
    payments: [],
    refunds: [],
    ...overrides,
  };
}

/** A field by the start of its label (a required field's label ends with its asterisk). */
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label.replace(/[()$]/g, '\\$&')}`)) as HTMLInputElement;

describe('price book', () => {
  it('lists items and adds one in cents, with messages beside the fields', async () => {
    const api = fakeApi({
      ...signIn(staffUser),
      'GET /api/payments/price-book': () => json(200, { items: [visit, gasket] }),
      'POST /api/payments/price-book': ({ body }) => json(201, { ...gasket, id: 9, ...(body as object) }),
    });
    await renderAppAt(<App />, '/price-book');
    await expectPageHeading('Price Book');
    const table = await screen.findByRole('table', { name: 'Price book' });
    expect(within(table).getByText('$118.50')).toBeTruthy();

    type(field('Name'), 'Sub-Zero evaporator fan motor');
    type(field('Unit price ($)'), '289.755');
    fireEvent.click(screen.getByRole('button', { name: 'Add Item' }));
    await expectFieldError(field('Unit price ($)'), invoiceMessages.unitPriceCents);
    expect(api.sent('POST /api/payments/price-book')).toEqual([]);

    type(field('Kind'), 'part');
    type(field('Unit price ($)'), '289.75');
    fireEvent.click(screen.getByLabelText('Taxable (parts usually are; labour is not)'));
    fireEvent.click(screen.getByRole('button', { name: 'Add Item' }));
    await expectToast('Item added', 'Sub-Zero evaporator fan motor: $289.75');
    expect(api.sent('POST /api/payments/price-book')[0]?.body).toEqual({ kind: 'part', name: 'Sub-Zero evaporator fan motor', unitPriceCents: 28_975, taxable: true, active: true });
  });
});

describe('invoices', () => {
  it('lists invoices with their status and filters by status in the address', async () => {
    const api = fakeApi({
      ...signIn(staffUser),
      'GET /api/payments/invoices': ({ query }) => {
        const all = [invoice(), invoice({ id: 13, number: 'INV-1013', status: 'overdue', dueDate: '2026-03-01' })];
        const items = all.filter((item) => !query.get('status') || item.status === query.get('status'));
        return json(200, { items, total: items.length, page: 1, pageSize: 25 });
      },
    });
    await renderAppAt(<App />, '/invoices');
    await expectPageHeading('Invoices');
    expect(await screen.findByText('2 invoices in all')).toBeTruthy();
    type(field('Status'), 'overdue');
    fireEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() => expect(window.location.search).toBe('?status=overdue'));
    expect(await screen.findByText('1 invoice match')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'INV-1013' }).getAttribute('href')).toBe('/invoices/13');
    expect(api.sent('GET /api/payments/invoices').at(-1)?.query.get('status')).toBe('overdue');
  });

  it('creates an invoice for an appointment and opens it', async () => {
    const api = fakeApi({
      ...signIn(staffUser),
      'GET /api/payments/invoices': () => json(200, { items: [], total: 0, page: 1, pageSize: 25 }),
      'POST /api/payments/invoices': () => json(201, invoice({ lines: [], totalCents: 0, balanceCents: 0, subtotalCents: 0 })),
      'GET /api/payments/invoices/12': () => json(200, invoice({ lines: [], totalCents: 0, balanceCents: 0, subtotalCents: 0 })),
      'GET /api/payments/price-book': () => json(200, { items: [visit, gasket] }),
    });
    await renderAppAt(<App />, '/invoices?appointmentId=501');
    await expectPageHeading('Invoices');
    expect(await screen.findByText('No invoices match these filters.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create Invoice' }));
    await expectPageHeading('Invoice INV-1012');
    expect(window.location.pathname).toBe('/invoices/12');
    expect(api.sent('POST /api/payments/invoices')[0]?.body).toEqual({ appointmentId: 501, lines: [] });
  });

  it('edits the lines of a draft from the price book and free lines, shows line errors, and sends it', async () => {
    const api = fakeApi({
      ...signIn(staffUser),
      'GET /api/payments/invoices/12': () => json(200, invoice()),
      'GET /api/payments/price-book': () => json(200, { items: [visit, gasket] }),
      'PUT /api/payments/invoices/12/lines': () => json(200, invoice({ totalCents: 21_520, balanceCents: 21_520, subtotalCents: 20_750, taxCents: 770, updatedAt: '2026-03-10T18:05:00.000Z' })),
      'POST /api/payments/invoices/12/send': () => json(200, invoice({ status: 'sent', dueDate: '2026-03-24', totalCents: 21_520, balanceCents: 21_520, updatedAt: '2026-03-10T18:06:00.000Z' })),
    });
    await renderAppAt(<App />, '/invoices/12');
    await expectPageHeading('Invoice INV-1012');
    await waitFor(() => expect((screen.getByLabelText('Price book item') as HTMLSelectElement).options.length).toBe(3));
    type(screen.getByLabelText('Price book item'), '4');
    fireEvent.click(screen.getByRole('button', { name: 'Add Item' }));
    expect(field('Description, line 2').value).toBe('Whirlpool door gasket');
    fireEvent.click(screen.getByRole('button', { name: 'Add Free Line' }));
    type(field('Description, line 3'), 'Haul-away');
    type(field('Unit price ($), line 3'), '25');
    type(field('Quantity, line 3'), '0');
    fireEvent.click(screen.getByRole('button', { name: 'Save Lines' }));
    await expectFieldError(field('Quantity, line 3'), invoiceMessages.quantity);
    expect(api.sent('PUT /api/payments/invoices/12/lines')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Remove line 3' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Lines' }));
    await expectToast('Lines saved', 'INV-1012 now comes to $215.20.');
    expect(api.sent('PUT /api/payments/invoices/12/lines')[0]?.body).toEqual({
      lines: [
        { priceBookItemId: 1, description: 'Diagnostic visit', quantity: 1, unitPriceCents: 8_900, taxable: false },
        { priceBookItemId: 4, description: 'Whirlpool door gasket', quantity: 1, unitPriceCents: 11_850, taxable: true },
      ],
    });
    expect(within(screen.getByRole('table', { name: 'Totals' })).getByText('$7.70')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Send Invoice' }));
    await expectToast('Invoice sent', 'Pat Homeowner is emailed a link to see and pay INV-1012 (pat@example.com).');
    expect(screen.getByText('Due 2026-03-24')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toBe('/api/payments/invoices/12/pdf');
  });

  it('shows a paid invoice read-only, refunds part of its payment in cents, and explains a refused void', async () => {
    const paid = invoice({
      status: 'paid',
      editable: false,
      amountPaidCents: 8_900,
      balanceCents: 0,
      payments: [{ paymentIntentId: 'demo_pi_1', provider: 'demo', status: 'succeeded', amountCents: 8_900, appliedCents: 8_900, refundedCents: 0, createdAt: '2026-03-10T18:10:00.000Z' }],
    });
    const api = fakeApi({
      ...signIn(staffUser),
      'GET /api/payments/invoices/12': () => json(200, paid),
      'POST /api/payments/invoices/12/refunds': () =>
        json(200, {
          ...paid,
          amountRefundedCents: 2_500,
          updatedAt: '2026-03-10T18:20:00.000Z',
          refunds: [{ id: 1, paymentIntentId: 'demo_pi_1', amountCents: 2_500, status: 'succeeded', reason: 'Goodwill', createdBy: 'office@example.com', createdAt: '2026-03-10T18:20:00.000Z' }],
        }),
      'POST /api/payments/invoices/12/void': () => json(409, { error: { code: 'CONFLICT', message: 'The customer has paid $89.00 on this invoice. Refund it before voiding the invoice.' } }),
    });
    await renderAppAt(<App />, '/invoices/12');
    await expectPageHeading('Invoice INV-1012');
    expect(screen.queryByRole('button', { name: 'Save Lines' })).toBeNull();
    expect(within(screen.getByRole('table', { name: 'Lines' })).getByText('Diagnostic visit')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Receipt PDF' }).getAttribute('href')).toBe('/api/payments/invoices/12/receipt');
    expect(screen.getByRole('link', { name: 'In the ledger' }).getAttribute('href')).toBe('/admin-payments?reference=INV-1012');

    type(field('Amount ($)'), '25.001');
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    await expectFieldError(field('Amount ($)'), invoiceMessages.refundAmount);
    type(field('Amount ($)'), '25');
    type(field('Reason'), 'Goodwill');
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    await expectToast('Refund given', "$25.00 back to the customer's card.");
    expect(api.sent('POST /api/payments/invoices/12/refunds')[0]?.body).toEqual({ paymentIntentId: 'demo_pi_1', amountCents: 2_500, reason: 'Goodwill' });
    expect(screen.getByText(/Refund \$25\.00 \(succeeded\)/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Void Invoice' }));
    type(field('Reason for voiding'), 'Wrong customer');
    fireEvent.click(screen.getByRole('button', { name: 'Void Invoice' }));
    await expectFieldError(field('Reason for voiding'), 'The customer has paid $89.00 on this invoice. Refund it before voiding the invoice.');
  });
});
