import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Appliance } from '@repo/contracts';
import { expectPageHeading } from '@repo/ui/testing/queries';
import { apiError, fakeApi, json } from '@repo/ui/testing/api';
import { App } from '../index.tsx';
import { customer } from './support/fixtures.ts';

function renderAt(address: string) {
  window.history.replaceState(null, '', address);
  return render(<App />);
}

const fridge: Appliance = {
  key: 'refrigerator|sub-zero|serial SZ1',
  appliance: 'Refrigerator',
  brand: 'Sub-Zero',
  modelNumber: 'BI-36UFD',
  serialNumber: 'SZ1',
  purchasedOn: '2024-05-17',
  installedOn: null,
  visits: [
    { appointmentId: 31, date: '2026-03-10', serviceType: 'Repair', status: 'completed', confirmationCode: 'SA-7KQ2MZ', diagnosis: 'Evaporator fan motor seized.', parts: 'Evaporator fan motor', importedFrom: null },
    { appointmentId: 12, date: '2023-01-05', serviceType: 'Maintenance', status: 'completed', confirmationCode: 'SA-OLD001', diagnosis: null, parts: null, importedFrom: 'ServiceTitan' },
  ],
};
const invoice = { id: 7, number: 'INV-1007', appointmentId: 31, status: 'paid', customer: { name: 'Pat Homeowner', email: 'pat@example.com', phone: '(904) 555-0199', address: '12 Cordova St' }, totalCents: 21_520, balanceCents: 0, dueDate: '2026-03-24', createdAt: '2026-03-10T18:00:00.000Z' };
const signedIn = { 'GET /api/auth/session': () => json(200, { customer }) };

describe('my appliances in the portal', () => {
  it('shows each appliance with its plate, purchase date and visits, with what was found and the visit’s invoice', async () => {
    fakeApi({
      ...signedIn,
      'GET /api/customer/appliances': () => json(200, [fridge]),
      'GET /api/payments/invoices': () => json(200, { items: [invoice], total: 1, page: 1, pageSize: 100 }),
    });
    renderAt('/appliances');
    await expectPageHeading('My Appliances');
    const card = within(await screen.findByRole('article', { name: 'Sub-Zero Refrigerator' }));
    expect(card.getByText('BI-36UFD')).toBeTruthy();
    expect(card.getByText('SZ1')).toBeTruthy();
    expect(card.getByText('May 17, 2024')).toBeTruthy();
    const visits = within(card.getByRole('list', { name: 'Visits for the Sub-Zero Refrigerator' })).getAllByRole('listitem');
    expect(visits).toHaveLength(2);
    const latest = within(visits[0]!);
    expect(latest.getByText('Mar 10, 2026: Repair')).toBeTruthy();
    expect(latest.getByText('What we found: Evaporator fan motor seized.')).toBeTruthy();
    expect(latest.getByRole('link', { name: 'Appointment SA-7KQ2MZ' }).getAttribute('href')).toBe('/appointments/31');
    expect(await latest.findByRole('link', { name: 'Invoice INV-1007' })).toBeTruthy();
    // An imported visit says where it came from and has no appointment page here.
    expect(within(visits[1]!).getByText('From ServiceTitan')).toBeTruthy();
    expect(within(visits[1]!).queryByRole('link')).toBeNull();
  });

  it('says what the page will hold when there is nothing yet, and still shows appliances when invoices cannot be read', async () => {
    const api = fakeApi({
      ...signedIn,
      'GET /api/customer/appliances': () => json(200, []),
      'GET /api/payments/invoices': () => apiError(503, 'SERVICE_UNAVAILABLE', 'Payments is restarting.'),
    });
    renderAt('/appliances');
    expect(await screen.findByText('No appliances yet. Each appliance we look at for you shows here with its visits and invoices.')).toBeTruthy();
    api.answer('GET /api/customer/appliances', () => json(200, [fridge]));
    renderAt('/appliances');
    expect(await screen.findByRole('article', { name: 'Sub-Zero Refrigerator' })).toBeTruthy();
    expect(await screen.findByText(/^Invoices could not be loaded just now/)).toBeTruthy();
  });

  it('asks a visitor to log in and asks nothing else', async () => {
    const api = fakeApi({ 'GET /api/auth/session': () => json(200, { customer: null }) });
    renderAt('/appliances');
    expect(await screen.findByText('Please log in to see your appliances and their visits.')).toBeTruthy();
    expect(api.requests.map((request) => request.path)).not.toContain('/api/customer/appliances');
  });
});
