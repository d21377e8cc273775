import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { customerRecordMessages, type Appliance, type CustomerRecord, type InvoiceSummary } from '@repo/contracts';
import { apiError, fakeApi, json } from '@repo/ui/testing/api';
import { expectFieldError, expectPageHeading } from '@repo/ui/testing/queries';
import { App } from '../index.tsx';
import { messageSummary, portalCustomer } from './support/back-office-examples.ts';
import { renderAppAt, signIn, staffAppointment, staffUser, type } from './support/fixtures.ts';

const customer = portalCustomer(5, { firstName: 'Maria', lastName: 'Lopez', email: 'maria.lopez@example.com', phone: '904.555.0142', phoneVerified: true, emailVerified: false });
const record: CustomerRecord = {
  customer,
  importedCustomer: null,
  notes: [{ id: 1, text: 'Gate code 4411.', authorName: 'Dana Dispatch', authorEmail: 'dana@example.com', createdAt: '2026-03-10T18:00:00.000Z' }],
};
const visit = staffAppointment({ id: 41, customerId: 5, appointmentDate: '2026-03-12', appliance: 'Washer', brand: 'LG', serviceType: 'Repair', status: 'scheduled', scheduledTime: '2026-03-12T13:00:00.000Z' });
const washer: Appliance = {
  key: 'washer|lg|serial K1',
  appliance: 'Washer',
  brand: 'LG',
  modelNumber: 'WM3900',
  serialNumber: 'K1',
  purchasedOn: null,
  installedOn: null,
  visits: [{ appointmentId: 41, date: '2026-03-12', serviceType: 'Repair', status: 'scheduled', confirmationCode: 'SA-7KQ2MZ', diagnosis: null, parts: null, importedFrom: null }],
};
const invoice: InvoiceSummary = {
  id: 9,
  number: 'INV-0009',
  appointmentId: 41,
  status: 'partially_paid',
  customer: { name: 'Maria Lopez', email: 'maria.lopez@example.com', phone: '(904) 555-0142', address: '9 Bay St, St Augustine, FL 32084' },
  totalCents: 18_900,
  balanceCents: 8_900,
  dueDate: null,
  createdAt: '2026-03-12T20:00:00.000Z',
};

function answers(overrides: Record<string, ReturnType<typeof json> | ((request: { body: unknown }) => Response)> = {}) {
  const wrap = (value: unknown) => (typeof value === 'function' ? value : () => value);
  return fakeApi({
    ...signIn(staffUser),
    'GET /api/admin/customers/5': () => json(200, record),
    'GET /api/appointments/by-customer': () => json(200, { appointments: [visit], appliances: [washer], serviceRequests: [] }),
    'GET /api/payments/invoices': () => json(200, { items: [invoice], total: 1, page: 1, pageSize: 20 }),
    'GET /api/notifications/messages': () => json(200, { items: [messageSummary(3)], total: 1, page: 1, pageSize: 5 }),
    ...Object.fromEntries(Object.entries(overrides).map(([key, value]) => [key, wrap(value)])),
  } as Parameters<typeof fakeApi>[0]);
}

const section = (name: string) => within(screen.getByRole('region', { name }));

describe('the customer record', () => {
  it('shows contact details written one way, proofs, appointments, appliances, invoices, messages and notes', async () => {
    const api = answers();
    await renderAppAt(<App />, '/customers/5');
    await expectPageHeading('Maria Lopez');
    const contact = section('Contact details');
    expect(contact.getByRole('link', { name: '(904) 555-0142' }).getAttribute('href')).toBe('tel:9045550142');
    const facts = Object.fromEntries(contact.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(facts).toMatchObject({ Phone: '(904) 555-0142Verified', Email: 'maria.lopez@example.comNot verified' });

    const appointments = section('Appointments');
    const row = (await appointments.findAllByRole('row'))[1]!;
    expect(within(row).getByRole('link', { name: /^Mar 12, 2026, 9:00\sAM\s*on the dispatch board$/ }).getAttribute('href')).toBe('/dispatch-board?date=2026-03-12');
    expect(within(row).getByRole('link', { name: 'INV-0009' }).getAttribute('href')).toBe('/invoices/9');
    expect(row.textContent).toContain('Repair: LG Washer');
    expect(api.sent('GET /api/appointments/by-customer')[0]?.query.toString()).toBe('customerId=5');

    expect(await section('Appliances').findByText('LG Washer')).toBeTruthy();
    const invoices = section('Invoices and payments');
    const invoiceRow = (await invoices.findAllByRole('row'))[1]!;
    expect(within(invoiceRow).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Mar 12, 2026', 'Partially paid', '$189.00', '$100.00', '$89.00']);
    expect(api.sent('GET /api/payments/invoices')[0]?.query.get('customerId')).toBe('5');
    expect(await section('Messages').findByRole('link', { name: messageSummary(3).subject })).toBeTruthy();
    expect(section('Service history').getByText('Not linked to a field-service record, so there is no history from the system.')).toBeTruthy();
    const notes = within(section('Notes').getByRole('list', { name: 'Notes, newest first' }));
    expect(notes.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Gate code 4411.Dana Dispatch · Mar 10, 2026, 2:00 PM EDT']);
  });

  it('adds a note with its author and time at the top, and refuses a blank one without asking the server', async () => {
    const api = answers({
      'POST /api/admin/customers/5/notes': ({ body }) =>
        json(201, { id: 2, text: (body as { text: string }).text, authorName: 'Office', authorEmail: 'office@example.com', createdAt: '2026-03-11T14:05:00.000Z' }),
    });
    await renderAppAt(<App />, '/customers/5');
    await expectPageHeading('Maria Lopez');
    const notes = section('Notes');
    const box = await notes.findByRole('textbox', { name: /New note/ });
    fireEvent.click(notes.getByRole('button', { name: 'Add Note' }));
    await expectFieldError(box, customerRecordMessages.noteRequired);
    expect(api.sent('POST /api/admin/customers/5/notes')).toEqual([]);

    type(box, 'Prefers a call after 3 pm.');
    fireEvent.click(notes.getByRole('button', { name: 'Add Note' }));
    const list = within(await notes.findByRole('list', { name: 'Notes, newest first' }));
    await waitFor(() => expect(list.getAllByRole('listitem')[0]?.textContent).toBe('Prefers a call after 3 pm.Office · Mar 11, 2026, 10:05 AM EDT'));
    expect((box as HTMLTextAreaElement).value).toBe('');
  });

  it('answers an unknown customer with Page Not Found', async () => {
    answers({ 'GET /api/admin/customers/5': apiError(404, 'NOT_FOUND', customerRecordMessages.notFound) });
    await renderAppAt(<App />, '/customers/5');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
  });

  it('keeps the rest of the record when the invoices cannot be loaded', async () => {
    answers({ 'GET /api/payments/invoices': apiError(503, 'SERVICE_UNAVAILABLE', 'Payments is restarting.') });
    await renderAppAt(<App />, '/customers/5');
    await expectPageHeading('Maria Lopez');
    expect(await section('Invoices and payments').findByText('Unable to load invoices', {}, { timeout: 5_000 })).toBeTruthy();
    expect(await section('Appliances').findByText('LG Washer')).toBeTruthy();
  });
});
