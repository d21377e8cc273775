import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paymentMessages, type PaymentListItem } from '@repo/contracts';
import { fakeApi, json, type Answer } from '@repo/ui/testing/api';
import { expectFieldError, expectPageHeading } from '@repo/ui/testing/queries';
import { App } from '../index.tsx';
import { adminUser, payment } from './support/back-office-examples.ts';
import { renderAppAt, signIn, type } from './support/fixtures.ts';

/** The ledger as payments answers it: filtered by status, provider and reference, then paged. */
function ledger(all: readonly PaymentListItem[]): Answer {
  return ({ query }) => {
    const page = Number(query.get('page') ?? 1);
    const pageSize = Number(query.get('pageSize') ?? 25);
    const found = all.filter(
      (item) =>
        (!query.get('status') || item.status === query.get('status')) &&
        (!query.get('provider') || item.provider === query.get('provider')) &&
        (!query.get('reference') || item.reference?.toLowerCase() === query.get('reference')?.toLowerCase()),
    );
    return json(200, { items: found.slice((page - 1) * pageSize, page * pageSize), total: found.length, page, pageSize });
  };
}

const payments = [
  payment(1),
  payment(2, { status: 'failed', amount: 75, failureMessage: 'Your card was declined.', reference: 'SA-7KQ2MZ', payerEmail: null }),
  ...Array.from({ length: 28 }, (_, index) => payment(index + 3, { provider: 'stripe', amount: 1000 + index, paymentIntentId: `pi_${index + 3}` })),
];

async function renderLedger(path = '/admin-payments', answer: Answer = ledger(payments)) {
  const api = fakeApi({ ...signIn(adminUser), 'GET /api/payments': answer });
  await renderAppAt(<App />, path);
  await expectPageHeading('Payments');
  return api;
}

const rows = () => within(screen.getByRole('table', { name: 'Payments' })).getAllByRole('row').slice(1);
const cells = (row: HTMLElement) => [within(row).getByRole('rowheader').textContent, ...within(row).getAllByRole('cell').map((cell) => cell.textContent)];
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement | HTMLSelectElement;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('payments ledger', () => {
  it('lists payments with dollar amounts, status, provider and what the payer gave, and pages through them', async () => {
    const api = await renderLedger();
    expect(await screen.findByText('30 payments in all')).toBeTruthy();
    expect(rows()).toHaveLength(25);
    expect(cells(rows()[0]!)).toEqual([
      'Mar 10, 2026, 2:00 PM EDT',
      '$189.50',
      '—',
      'Succeeded',
      'Demo (no card charged)',
      'INV-1001',
      'payer@example.com',
      'Appliance repair service',
      'pi_demo_1',
    ]);
    expect(cells(rows()[1]!).slice(1, 8)).toEqual(['$75.00', '—', 'FailedYour card was declined.', 'Demo (no card charged)', 'SA-7KQ2MZ', '—', 'Appliance repair service']);
    expect(cells(rows()[2]!)[1]).toBe('$1,000.00');

    fireEvent.click(within(screen.getByRole('navigation', { name: 'Pages of payments' })).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(window.location.search).toBe('?page=2'));
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(api.sent('GET /api/payments').at(-1)?.query.toString()).toBe('page=2&pageSize=25');
  });

  it('filters by status, provider, dates and reference, keeping the filters in the address', async () => {
    const api = await renderLedger();
    await screen.findByText('30 payments in all');
    type(field('Status'), 'failed');
    type(field('Provider'), 'demo');
    type(field('From'), '2026-03-01');
    type(field('To'), '2026-03-31');
    type(field('Reference'), ' sa-7kq2mz ');
    fireEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() => expect(window.location.search).toBe('?status=failed&provider=demo&from=2026-03-01&to=2026-03-31&reference=sa-7kq2mz'));
    expect(await screen.findByText('1 payment match these filters')).toBeTruthy();
    expect(rows().map((row) => within(row).getAllByRole('cell')[4]?.textContent)).toEqual(['SA-7KQ2MZ']);
    expect(Object.fromEntries(api.sent('GET /api/payments').at(-1)!.query)).toEqual({
      status: 'failed',
      provider: 'demo',
      from: '2026-03-01',
      to: '2026-03-31',
      reference: 'sa-7kq2mz',
      page: '1',
      pageSize: '25',
    });

    type(field('Status'), 'canceled');
    fireEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect(await screen.findByText('No payments match these filters.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(await screen.findByText('30 payments in all')).toBeTruthy();
    expect(window.location.search).toBe('');
    expect(field('Status').value).toBe('');
  });

  it('opens a shared address with its filters in the form', async () => {
    const api = await renderLedger('/admin-payments?provider=stripe&page=2');
    expect(await screen.findByText('28 payments match these filters')).toBeTruthy();
    expect(field('Provider').value).toBe('stripe');
    expect(api.sent('GET /api/payments')[0]?.query.toString()).toBe('provider=stripe&page=2&pageSize=25');
  });

  it('explains refused filters beside their fields and asks nothing with them', async () => {
    const api = await renderLedger();
    await screen.findByText('30 payments in all');
    type(field('From'), '2026-03-10');
    type(field('To'), '2026-03-01');
    type(field('Reference'), 'INV-'.padEnd(41, '0'));
    fireEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
    await expectFieldError(field('To'), 'The end date must not be before the start date');
    await expectFieldError(field('Reference'), paymentMessages.reference);
    expect(window.location.search).toBe('');
    expect(api.sent('GET /api/payments')).toHaveLength(1);
  });

  it('marks refused filters that came in the address, without asking the ledger', async () => {
    const api = await renderLedger('/admin-payments?from=2026-03-10&to=2026-03-01');
    await expectFieldError(field('To'), 'The end date must not be before the start date');
    expect(screen.getByRole('alert').textContent).toBe('These filters cannot be used: correct the fields marked above, or clear them.');
    expect(api.sent('GET /api/payments')).toEqual([]);
  });

  it('says when there are no payments yet, and offers Try Again when the ledger cannot load', async () => {
    const api = await renderLedger('/admin-payments', () => new Response('', { status: 503 }));
    expect(await screen.findByText('Unable to load payments')).toBeTruthy();
    api.answer('GET /api/payments', ledger([]));
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No payments yet.')).toBeTruthy();
  });
});
