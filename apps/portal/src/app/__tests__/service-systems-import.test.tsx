import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { importMessages, serviceSystemDescriptors, systemImportMessages, type ExternalCustomer } from '@repo/contracts';
import { expectPageHeading, expectToast } from '@repo/ui/testing/queries';
import { App } from '../index.tsx';
import { apiError, fakeApi, heldAnswer, json, networkError, type Answer } from '@repo/ui/testing/api';
import { appointment, customer } from './support/fixtures.ts';

const importPath = 'POST /api/customer/import-from-system';

function signedIn(more: Record<string, Answer> = {}, who = customer) {
  return fakeApi({
    'GET /api/auth/session': () => json(200, { customer: who }),
    'GET /api/customer/service-requests': () => json(200, []),
    'GET /api/customer/appointments': () => json(200, []),
    'GET /api/auth/service-history': () => json(200, { customer: null }),
    'GET /api/service-systems': () => json(200, serviceSystemDescriptors),
    ...more,
  });
}

async function renderPortal() {
  window.history.replaceState(null, '', '/customer-portal');
  render(<App />);
  await expectPageHeading('Welcome, Pat');
  await screen.findByRole('region', { name: 'Account Info' });
}

async function openTab(name: string) {
  const tab = screen.getByRole('tab', { name });
  fireEvent.mouseDown(tab);
  fireEvent.click(tab);
  await waitFor(() => expect(screen.getByRole('tab', { name }).getAttribute('aria-selected')).toBe('true'));
}

const bringInButton = (name: string) => screen.getByRole('button', { name: `Bring in my visits from ${name}` }) as HTMLButtonElement;

async function openServiceSystems() {
  await openTab('Import History');
  expect(screen.getByRole('tab', { name: 'Service Systems' }).getAttribute('aria-selected')).toBe('true');
  await screen.findByRole('heading', { name: 'Bring in your past visits' });
}

afterEach(() => {
  window.localStorage.clear();
});

describe('customer portal: Service Systems import', () => {
  it('lists the business\'s systems with a button each, asking for no credential and saying nothing of sandboxes', async () => {
    signedIn();
    await renderPortal();
    await openServiceSystems();
    await screen.findByRole('button', { name: 'Bring in my visits from ServicePro' });
    const items = screen.getAllByRole('listitem').filter((item) => within(item).queryByRole('button', { name: /^Bring in my visits/ }));
    expect(items.map((item) => within(item).getByRole('button').textContent)).toEqual(serviceSystemDescriptors.map((system) => `Bring in my visits from ${system.name}`));
    expect(screen.getByText(/under your email \(pat@example\.com\)/)).toBeTruthy();
    const panel = screen.getByRole('tabpanel', { name: 'Service Systems' });
    expect(panel.textContent).not.toMatch(/sandbox|credential|password|api key|client secret|tenant/i);
    expect(within(panel).queryByRole('textbox')).toBeNull();
  });

  it('explains, instead of offering any system, that an unconfirmed email cannot bring in visits', async () => {
    const api = signedIn({}, { ...customer, emailVerified: false });
    await renderPortal();
    await openServiceSystems();
    await screen.findByText(systemImportMessages.emailNotConfirmed);
    expect(screen.queryByRole('button', { name: /^Bring in my visits/ })).toBeNull();
    expect(api.sent(importPath)).toHaveLength(0);
  });

  it('brings in visits while busy with the system\'s name only, says what was added and refreshes both lists', async () => {
    const imported = heldAnswer();
    const api = signedIn({ [importPath]: imported.answer });
    await renderPortal();
    await waitFor(() => expect(api.sent('GET /api/customer/appointments')).toHaveLength(1));
    await openServiceSystems();
    fireEvent.click(await screen.findByRole('button', { name: 'Bring in my visits from ServicePro' }));

    await waitFor(() => expect(serviceSystemDescriptors.every((system) => bringInButton(system.name).disabled)).toBe(true));
    await screen.findByText('Bringing in your visits...');
    expect(api.sent(importPath)[0]?.body).toEqual({ systemName: 'servicepro' });
    fireEvent.click(bringInButton('Jobber'));
    expect(api.sent(importPath)).toHaveLength(1);

    imported.release(
      json(200, {
        imported: { serviceRequests: 3, appointments: 2 },
        alreadyPresent: { serviceRequests: 0, appointments: 0 },
        notImported: ['Visit 77: Valid zip code is required'],
      }),
    );
    await expectToast('Import Successful', 'Imported 3 service requests and 2 appointments.');
    const result = (await screen.findByText('Imported 3 service requests and 2 appointments.', { selector: '[role="status"] p' })).closest('[role="status"]');
    expect(result?.textContent).toContain('Not imported: 1 visit.');
    expect(result?.textContent).toContain('Visit 77: Valid zip code is required');
    expect(bringInButton('ServicePro').disabled).toBe(false);
    await waitFor(() => expect(api.sent('GET /api/customer/appointments')).toHaveLength(2));
    await waitFor(() => expect(api.sent('GET /api/customer/service-requests')).toHaveLength(2));
  });

  it.each([
    ['a system that is down, with its message', () => apiError(502, 'UPSTREAM_ERROR', 'Jobber is not answering right now. Please try again in a few minutes.'), 'Jobber is not answering right now. Please try again in a few minutes.'],
    ['no record with the email', () => apiError(404, 'NOT_FOUND', systemImportMessages.noRecordWithEmail('Jobber', 'pat@example.com')), systemImportMessages.noRecordWithEmail('Jobber', 'pat@example.com')],
    ['no message', () => new Response('', { status: 500 }), importMessages.systemFailed],
    ['no answer at all', networkError, importMessages.systemFailed],
  ])('says Import Failed beside the buttons and in a toast for %s', async (_case, answer: Answer, message: string) => {
    signedIn({ [importPath]: answer });
    await renderPortal();
    await openServiceSystems();
    fireEvent.click(await screen.findByRole('button', { name: 'Bring in my visits from Jobber' }));
    await expectToast('Import Failed', message);
    // Beside the buttons, in the tab: the toast, an alert too, says the same until it closes.
    const panel = within(screen.getByRole('tabpanel', { name: 'Service Systems' }));
    expect((await panel.findByText(message, { selector: '[role="alert"] *' })).closest('[role="alert"]')?.textContent).toContain('Import Failed');
    expect(bringInButton('Jobber').disabled).toBe(false);
  });

  it('turns into the log-in prompt when the session ended before the import', async () => {
    const api = signedIn({ [importPath]: () => apiError(401, 'UNAUTHORIZED', 'Please sign in to continue.') });
    await renderPortal();
    await openServiceSystems();
    const jobber = await screen.findByRole('button', { name: 'Bring in my visits from Jobber' });
    api.answer('GET /api/auth/session', () => json(200, { customer: null }));
    fireEvent.click(jobber);
    await expectToast('Import Failed', 'Please sign in to continue.');
    await expectPageHeading('Customer Portal');
    expect(screen.getByRole('link', { name: 'Log in to your account' })).toBeTruthy();
  });

  it('says when no system is connected, and when the list cannot be loaded, loading it again on Try Again', async () => {
    const api = signedIn({ 'GET /api/service-systems': () => apiError(503, 'SERVICE_UNAVAILABLE', 'Booking is restarting.') });
    await renderPortal();
    await openTab('Import History');
    expect((await screen.findByText('Booking is restarting.')).closest('[role="alert"]')).toBeTruthy();
    api.answer('GET /api/service-systems', () => json(200, []));
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await screen.findByText(/We have no service records to bring in right now/);
  });
});

const linkedRecord: ExternalCustomer = {
  id: '1001',
  firstName: 'Pat',
  lastName: 'Rivera',
  phone: '(904) 555-0142',
  email: 'pat@example.com',
  address: '12 Aviles Street',
  city: 'St Augustine',
  state: 'FL',
  zipCode: '32084',
  totalServices: '3',
  totalSpent: '1234.5',
  lastServiceDate: '2025-06-14',
  preferredTechnician: 'Mike Johnson',
  notes: null,
  serviceHistory: [
    { service: 'Refrigerator repair', date: '2025-06-14', cost: '289.00' },
    { service: 'Dishwasher maintenance', date: '2024-11-02', cost: '945.50' },
  ],
};

describe('customer portal: linked service record', () => {
  it('shows the record’s totals and its service history', async () => {
    signedIn({ 'GET /api/auth/service-history': () => json(200, { customer: linkedRecord }) });
    await renderPortal();
    const record = within(await screen.findByRole('region', { name: 'Service Record' }));
    const facts = Object.fromEntries(record.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(facts).toEqual({ 'Total services': '3', 'Total spent': '$1,234.50', 'Last service': 'Jun 14, 2025', 'Preferred technician': 'Mike Johnson' });
    const history = record.getByRole('list', { name: 'Service history' });
    expect(within(history).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Refrigerator repairJun 14, 2025$289.00',
      'Dishwasher maintenanceNov 02, 2024$945.50',
    ]);
  });

  it('gives as Last service the newest completed visit of the Appointments list, so the two agree', async () => {
    const visits = [
      appointment({ id: 50, appointmentDate: '2026-01-20', status: 'completed' }),
      appointment({ id: 51, appointmentDate: '2025-09-03', status: 'completed' }),
      appointment({ id: 52, appointmentDate: '2026-02-02', status: 'cancelled' }),
    ];
    signedIn({
      'GET /api/auth/service-history': () => json(200, { customer: linkedRecord }),
      'GET /api/customer/appointments': () => json(200, visits),
    });
    await renderPortal();
    const record = within(await screen.findByRole('region', { name: 'Service Record' }));
    const lastService = () => record.getByText('Last service').nextElementSibling?.textContent;
    await waitFor(() => expect(lastService()).toBe('Jan 20, 2026'));
  });

  it('shows nothing when no record is linked', async () => {
    const api = signedIn();
    await renderPortal();
    await waitFor(() => expect(api.sent('GET /api/auth/service-history')).toHaveLength(1));
    await screen.findByRole('region', { name: 'Quick Actions' });
    expect(screen.queryByRole('region', { name: 'Service Record' })).toBeNull();
  });

  it('says the record could not be loaded without breaking the portal, and loads it on Try Again', async () => {
    const api = signedIn({ 'GET /api/auth/service-history': () => apiError(502, 'UPSTREAM_ERROR', 'ServicePro is not answering') });
    await renderPortal();
    const record = within(await screen.findByRole('region', { name: 'Service Record' }));
    expect(record.getByText("We couldn't load your service record right now.")).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Service Requests' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Quick Actions' })).toBeTruthy();
    api.answer('GET /api/auth/service-history', () => json(200, { customer: linkedRecord }));
    fireEvent.click(record.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Service Record' })).getByText('$1,234.50')).toBeTruthy());
  });
});
