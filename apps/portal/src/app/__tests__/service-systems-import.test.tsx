import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { importMessages, missingCredentialsMessage, serviceSystemDescriptors, type ExternalCustomer } from '@repo/contracts';
import { expectFieldError, expectPageHeading, expectToast } from '@repo/ui/testing/queries';
import { App } from '../index.tsx';
import { apiError, fakeApi, heldAnswer, json, type Answer } from './support/fake-api.ts';
import { customer } from './support/fixtures.ts';

const sandboxSystems = serviceSystemDescriptors.map((system) => ({ ...system, sandbox: true }));
const importPath = 'POST /api/customer/import-from-system';

function signedIn(more: Record<string, Answer> = {}) {
  return fakeApi({
    'GET /api/auth/session': () => json(200, { customer }),
    'GET /api/customer/service-requests': () => json(200, []),
    'GET /api/customer/appointments': () => json(200, []),
    'GET /api/auth/service-history': () => json(200, { customer: null }),
    'GET /api/service-systems': () => json(200, sandboxSystems),
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

const systemSelect = () => screen.getByLabelText('Service management system') as HTMLSelectElement;
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const importButton = () => screen.getByRole('button', { name: 'Import Customer History' });
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

async function openServiceSystems() {
  await openTab('Import History');
  expect(screen.getByRole('tab', { name: 'Service Systems' }).getAttribute('aria-selected')).toBe('true');
  await screen.findByLabelText('Service management system');
}

function choose(systemId: string) {
  fireEvent.change(systemSelect(), { target: { value: systemId } });
}

afterEach(() => {
  window.localStorage.clear();
});

describe('customer portal: Service Systems import', () => {
  it('opens first under Import History with the system list, the supported systems, sandboxes named, and more to come', async () => {
    signedIn();
    await renderPortal();
    await openServiceSystems();
    const options = within(systemSelect()).getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['Select a system', 'ServicePro (Sandbox)', 'ServiceTitan (Sandbox)', 'Jobber (Sandbox)']);
    const supported = within(screen.getByRole('region', { name: 'Supported systems' }));
    expect(supported.getAllByRole('listitem').map((item) => item.textContent)).toEqual(
      sandboxSystems.map((system) => `${system.name}Sandbox${system.description}`),
    );
    expect(supported.getByText(/More systems are coming/)).toBeTruthy();
    expect(screen.getByLabelText('Customer ID (optional)')).toBeTruthy();
    expect(screen.getByText(/Leave blank to import all the records you can access: those with your account's email \(pat@example\.com\)/)).toBeTruthy();
    // No credential field and no setup steps until a system is chosen.
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(screen.queryByRole('region', { name: /^Setting up/ })).toBeNull();
  });

  it('asks for each system’s own credentials, masking secret and key-like ones behind a show/hide control, with its setup steps', async () => {
    signedIn();
    await renderPortal();
    await openServiceSystems();

    choose('servicepro');
    expect(field('Company ID').type).toBe('text');
    expect(field('Username').type).toBe('text');
    expect(field('Password').type).toBe('password');
    const show = screen.getByRole('button', { name: 'Show Password' });
    expect(show.tabIndex).toBe(0);
    fireEvent.keyDown(show, { key: 'Enter' });
    expect(field('Password').type).toBe('text');
    expect(show.getAttribute('aria-pressed')).toBe('true');
    fireEvent.keyDown(show, { key: ' ' });
    expect(field('Password').type).toBe('password');
    fireEvent.mouseDown(show);
    expect(field('Password').type).toBe('text');
    const setup = within(screen.getByRole('region', { name: 'Setting up ServicePro' }));
    expect(setup.getAllByRole('listitem').map((item) => item.textContent?.split(':')[0])).toEqual(['Company ID', 'Username', 'Password']);
    expect(setup.getByText(/demo credentials are listed in the project README/)).toBeTruthy();
    expect(screen.getByText(/Demo data from a local ServicePro sandbox, not the real ServicePro/)).toBeTruthy();

    choose('servicetitan');
    expect(screen.queryByLabelText('Company ID')).toBeNull();
    expect(['Client ID', 'Client Secret', 'App Key', 'Tenant ID'].map((label) => field(label).type)).toEqual(['text', 'password', 'password', 'text']);
    const titanSteps = within(screen.getByRole('region', { name: 'Setting up ServiceTitan' })).getAllByRole('listitem').map((item) => item.textContent ?? '');
    expect(titanSteps.map((step) => step.split(':')[0])).toEqual(['Client ID', 'Client Secret', 'App Key', 'Tenant ID']);
    expect(titanSteps[0]).toContain('Settings → Integrations → API Application Access');

    choose('jobber');
    expect(field('API Key (access token)').type).toBe('password');
    expect(within(screen.getByRole('region', { name: 'Setting up Jobber' })).getByText(/Jobber Developer Center/)).toBeTruthy();
  });

  it('asks for a system next to the list, and for blank credentials next to each field, sending nothing', async () => {
    const api = signedIn();
    await renderPortal();
    await openServiceSystems();
    fireEvent.click(importButton());
    await expectFieldError(systemSelect(), 'Please select a service management system');
    await waitFor(() => expect(document.activeElement).toBe(systemSelect()));

    choose('servicepro');
    expect(systemSelect().getAttribute('aria-invalid')).toBe('false');
    type('Username', 'dana');
    type('Password', '   ');
    fireEvent.click(importButton());
    await expectToast('Missing Credentials', 'Please provide: company, password');
    await expectFieldError(field('Company ID'), missingCredentialsMessage(['company']));
    await expectFieldError(field('Password'), missingCredentialsMessage(['password']));
    expect(field('Username').getAttribute('aria-invalid')).toBe('false');
    await waitFor(() => expect(document.activeElement).toBe(field('Company ID')));
    expect(api.sent(importPath)).toHaveLength(0);
  });

  it('imports while busy with the trimmed credentials, says what was added, clears the secrets and refreshes both lists', async () => {
    const imported = heldAnswer();
    const api = signedIn({ [importPath]: imported.answer });
    await renderPortal();
    await waitFor(() => expect(api.sent('GET /api/customer/appointments')).toHaveLength(1));
    await openServiceSystems();
    choose('servicepro');
    type('Company ID', ' st-augustine-appliance ');
    type('Username', 'dana');
    type('Password', 'secret pass');
    type('Customer ID (optional)', ' 1001 ');
    fireEvent.click(importButton());

    expect(await screen.findByRole('button', { name: 'Importing...' })).toHaveProperty('disabled', true);
    expect([systemSelect(), field('Company ID'), field('Password'), field('Customer ID (optional)')].every((input) => input.disabled)).toBe(true);
    expect(api.sent(importPath)[0]?.body).toEqual({
      systemName: 'servicepro',
      credentials: { company: 'st-augustine-appliance', username: 'dana', password: 'secret pass' },
      customerId: '1001',
    });

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
    expect(field('Password').value).toBe('');
    expect(field('Company ID').value).toBe(' st-augustine-appliance ');
    expect(importButton()).toHaveProperty('disabled', false);
    await waitFor(() => expect(api.sent('GET /api/customer/appointments')).toHaveLength(2));
    await waitFor(() => expect(api.sent('GET /api/customer/service-requests')).toHaveLength(2));
  });

  it('puts refused credentials next to the last credential field and a foreign Customer ID next to its field', async () => {
    const refused = 'ServicePro did not accept these credentials. Please check them and try again.';
    const api = signedIn({ [importPath]: () => apiError(400, 'BAD_REQUEST', refused, { credentials: refused }) });
    await renderPortal();
    await openServiceSystems();
    choose('servicepro');
    type('Company ID', 'st-augustine-appliance');
    type('Username', 'sandbox');
    type('Password', 'wrong');
    fireEvent.click(importButton());
    await expectToast('Import Failed', refused);
    await expectFieldError(field('Password'), refused);
    await waitFor(() => expect(document.activeElement).toBe(field('Password')));
    type('Password', 'wrong again');
    expect(field('Password').getAttribute('aria-invalid')).toBe('false');

    const noMatch = 'No ServicePro customer record with this ID matches your account\'s email.';
    api.answer(importPath, () => apiError(404, 'NOT_FOUND', noMatch, { customerId: noMatch }));
    type('Customer ID (optional)', '2002');
    fireEvent.click(importButton());
    await expectFieldError(field('Customer ID (optional)'), noMatch);
  });

  it.each([
    ['a system that is down, with its message', () => apiError(502, 'UPSTREAM_ERROR', 'Jobber is not answering right now. Please try again in a few minutes.'), 'Jobber is not answering right now. Please try again in a few minutes.'],
    ['no message', () => new Response('', { status: 500 }), importMessages.systemFailed],
    ['no answer at all', () => Promise.reject(new TypeError('Failed to fetch')), importMessages.systemFailed],
  ])('says Import Failed beside the form and in a toast for %s', async (_case, answer: Answer, message: string) => {
    signedIn({ [importPath]: answer });
    await renderPortal();
    await openServiceSystems();
    choose('jobber');
    type('API Key (access token)', 'token');
    fireEvent.click(importButton());
    await expectToast('Import Failed', message);
    const alert = await screen.findByText(message, { selector: 'form [role="alert"] *' });
    expect(alert).toBeTruthy();
    expect(importButton()).toHaveProperty('disabled', false);
  });

  it('turns into the log-in prompt when the session ended before the import', async () => {
    const api = signedIn({ [importPath]: () => apiError(401, 'UNAUTHORIZED', 'Please sign in to continue.') });
    await renderPortal();
    await openServiceSystems();
    choose('jobber');
    type('API Key (access token)', 'token');
    api.answer('GET /api/auth/session', () => json(200, { customer: null }));
    fireEvent.click(importButton());
    await expectToast('Import Failed', 'Please sign in to continue.');
    await expectPageHeading('Customer Portal');
    expect(screen.getByRole('link', { name: 'Log in to your account' })).toBeTruthy();
  });

  it('says when the system list cannot be loaded and loads it again on Try Again', async () => {
    const api = signedIn({ 'GET /api/service-systems': () => apiError(503, 'SERVICE_UNAVAILABLE', 'Booking is restarting.') });
    await renderPortal();
    await openTab('Import History');
    expect((await screen.findByText('Booking is restarting.')).closest('[role="alert"]')).toBeTruthy();
    api.answer('GET /api/service-systems', () => json(200, sandboxSystems));
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await screen.findByLabelText('Service management system');
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
