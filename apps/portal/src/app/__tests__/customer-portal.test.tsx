import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authMessages, importMessages, type Appointment, type ServiceRequest } from '@repo/contracts';
import { expectFieldError, expectPageHeading, expectToast } from '@repo/ui/testing/queries';
import { fullRedirect } from '../../lib/full-redirect.ts';
import { App } from '../index.tsx';
import { apiError, fakeApi, heldAnswer, json, networkError, type Answer } from '@repo/ui/testing/api';
import { appointment, businessDay, customer, serviceRequest } from './support/fixtures.ts';

// jsdom cannot leave the page; the portal's one full-page redirect is watched instead.
vi.mock('../../lib/full-redirect.ts', () => ({ fullRedirect: vi.fn() }));

function signedIn(history: { serviceRequests?: ServiceRequest[]; appointments?: Appointment[] } = {}, more: Record<string, Answer> = {}) {
  return fakeApi({
    'GET /api/auth/session': () => json(200, { customer }),
    'GET /api/customer/service-requests': () => json(200, history.serviceRequests ?? []),
    'GET /api/customer/appointments': () => json(200, history.appointments ?? []),
    'GET /api/auth/service-history': () => json(200, { customer: null }),
    ...more,
  });
}

async function renderPortal() {
  window.history.replaceState(null, '', '/customer-portal');
  render(<App />);
  await expectPageHeading('Welcome, Pat');
  // The greeting comes first; the account, quick actions and history are rendered just after it.
  await screen.findByRole('region', { name: 'Account Info' });
}

const tab = (name: string) => screen.getByRole('tab', { name });
const panel = () => screen.getByRole('tabpanel');

async function openTab(name: string) {
  fireEvent.mouseDown(tab(name));
  fireEvent.click(tab(name));
  await waitFor(() => expect(tab(name).getAttribute('aria-selected')).toBe('true'));
}

beforeEach(() => {
  vi.mocked(fullRedirect).mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('customer portal: session', () => {
  it('shows a loading state, then a prompt to log in when there is no session', async () => {
    const session = heldAnswer();
    fakeApi({ 'GET /api/auth/session': session.answer });
    window.history.replaceState(null, '', '/customer-portal');
    render(<App />);
    expect(await screen.findByText('Loading your portal...')).toBeTruthy();
    session.release(json(200, { customer: null }));
    await expectPageHeading('Customer Portal');
    expect(screen.getByText('Please log in to see your service requests and appointments.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in to your account' }).getAttribute('href')).toBe('/login');
  });

  it('shows a retryable error when the session cannot be checked', async () => {
    const api = fakeApi({ 'GET /api/auth/session': () => apiError(503, 'SERVICE_UNAVAILABLE', authMessages.sessionCheckUnavailable) });
    window.history.replaceState(null, '', '/customer-portal');
    render(<App />);
    expect((await screen.findByRole('alert')).textContent).toContain(authMessages.sessionCheckUnavailable);
    api.answer('GET /api/auth/session', () => json(200, { customer }));
    api.answer('GET /api/customer/service-requests', () => json(200, []));
    api.answer('GET /api/customer/appointments', () => json(200, []));
    api.answer('GET /api/auth/service-history', () => json(200, { customer: null }));
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await expectPageHeading('Welcome, Pat');
  });

  it('greets by first name under the Customer Portal label and shows the account info', async () => {
    signedIn();
    await renderPortal();
    expect(screen.getByText('Customer Portal', { selector: 'p' })).toBeTruthy();
    const info = within(screen.getByRole('region', { name: 'Account Info' }));
    const details = Object.fromEntries(
      info.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(details).toEqual({
      Name: 'Pat Rivera',
      Email: 'pat@example.com',
      Phone: '(904) 555-0142',
      Address: '12 Aviles Street, St Augustine',
      // Created 2024-03-01T03:30Z is still February 29 in St Augustine.
      'Member since': 'Feb 2024',
      'Last login': 'Jan 10, 2026',
    });
  });

  it('leaves out the address and last login when there are none', async () => {
    fakeApi({
      'GET /api/auth/session': () => json(200, { customer: { ...customer, address: null, lastLogin: null } }),
      'GET /api/customer/service-requests': () => json(200, []),
      'GET /api/customer/appointments': () => json(200, []),
      'GET /api/auth/service-history': () => json(200, { customer: null }),
    });
    await renderPortal();
    const terms = within(screen.getByRole('region', { name: 'Account Info' })).getAllByRole('term').map((term) => term.textContent);
    expect(terms).toEqual(['Name', 'Email', 'Phone', 'Member since']);
  });

  it('signs out (the word used on every page) on the server, then loads the public home page', async () => {
    const logout = heldAnswer();
    const api = signedIn({}, { 'POST /api/auth/logout': logout.answer });
    await renderPortal();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('button', { name: 'Signing out...' })).toHaveProperty('disabled', true);
    expect(api.sent('POST /api/auth/logout')).toHaveLength(1);
    expect(fullRedirect).not.toHaveBeenCalled();
    logout.release(json(200, { message: 'Logged out' }));
    await waitFor(() => expect(fullRedirect).toHaveBeenCalledWith('http://localhost:8080'));
  });

  it.each([
    ['refuses', () => apiError(503, 'SERVICE_UNAVAILABLE', 'Try later')],
    ['cannot be reached', networkError],
  ])('tells the customer and stays signed in when logout %s', async (_case, answer: Answer) => {
    signedIn({}, { 'POST /api/auth/logout': answer });
    await renderPortal();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await expectToast('Sign Out Failed', authMessages.logoutFailed);
    expect(fullRedirect).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Sign out' })).toHaveProperty('disabled', false);
    await expectPageHeading('Welcome, Pat');
  });
});

describe('customer portal: quick actions', () => {
  const quickActions = () => within(screen.getByRole('region', { name: 'Quick Actions' }));

  it('links Book Service and Make Payment to the public site', async () => {
    signedIn();
    await renderPortal();
    expect(quickActions().getByRole('link', { name: 'Book Service' }).getAttribute('href')).toBe('http://localhost:8080/book-appointment');
    expect(quickActions().getByRole('link', { name: 'Make Payment' }).getAttribute('href')).toBe('http://localhost:8080/payment');
  });

  it('opens the tracking page of the next active appointment once a technician is on it', async () => {
    signedIn({
      appointments: [
        appointment({ id: 40, appointmentDate: businessDay(9), technicianId: 'tech-2' }),
        appointment({ id: 41, appointmentDate: businessDay(-2), technicianId: 'tech-1' }),
        appointment({ id: 42, appointmentDate: businessDay(2), status: 'cancelled', technicianId: 'tech-1' }),
        appointment({ id: 43, appointmentDate: businessDay(4), status: 'confirmed', technicianId: 'tech-3' }),
      ],
    });
    await renderPortal();
    const track = await quickActions().findByRole('link', { name: 'Track Technician' });
    expect(track.getAttribute('href')).toBe('/technician-tracking?appointment=43');
  });

  it('shows Track Technician unavailable, saying why, while no technician is on the way', async () => {
    signedIn({ appointments: [appointment({ id: 44, appointmentDate: businessDay(1), technicianId: null })] });
    await renderPortal();
    await waitFor(() => expect(quickActions().getByText('No technician is on the way yet')).toBeTruthy());
    const button = quickActions().getByRole('button', { name: 'Track Technician' });
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('aria-describedby')).toBe('track-technician-reason');
    expect(quickActions().queryByRole('link', { name: 'Track Technician' })).toBeNull();
  });

  it('says there is nothing to track without an upcoming appointment', async () => {
    signedIn({ appointments: [appointment({ appointmentDate: businessDay(-1), technicianId: 'tech-1', status: 'completed' })] });
    await renderPortal();
    await waitFor(() => expect(quickActions().getByText('No upcoming appointment to track')).toBeTruthy());
  });
});

describe('customer portal: history tabs', () => {
  it('opens on Service Requests, titled Service Request History, with an empty state linking home', async () => {
    signedIn();
    await renderPortal();
    expect(tab('Service Requests').getAttribute('aria-selected')).toBe('true');
    expect(tab('Appointments').getAttribute('aria-selected')).toBe('false');
    expect(within(panel()).getByRole('heading', { name: 'Service Request History' })).toBeTruthy();
    const link = await within(panel()).findByRole('link', { name: 'Request Service' });
    expect(link.getAttribute('href')).toBe('http://localhost:8080');
    expect(within(panel()).getByText('You have no service requests yet.')).toBeTruthy();
  });

  it('moves between tabs with the arrow keys', async () => {
    signedIn();
    await renderPortal();
    tab('Service Requests').focus();
    fireEvent.keyDown(tab('Service Requests'), { key: 'ArrowRight' });
    await waitFor(() => expect(tab('Appointments').getAttribute('aria-selected')).toBe('true'));
    expect(document.activeElement).toBe(tab('Appointments'));
    fireEvent.keyDown(tab('Appointments'), { key: 'End' });
    expect(document.activeElement).toBe(tab('Import History'));
    fireEvent.keyDown(tab('Import History'), { key: 'ArrowRight' });
    await waitFor(() => expect(tab('Service Requests').getAttribute('aria-selected')).toBe('true'));
  });

  it('shows each service request with brand and appliance, id, created date, status, problem, emergency and notes', async () => {
    signedIn({
      serviceRequests: [
        serviceRequest({ id: 31, status: 'in-progress', isEmergency: true, technicianNotes: 'Ordered a new fan motor' }),
        serviceRequest({ id: 32, brand: null, applianceType: 'Washer', status: 'on-hold', problemDescription: 'Drum squeaks' }),
      ],
    });
    await renderPortal();
    const first = within(await screen.findByRole('article', { name: 'Sub-Zero Refrigerator' }));
    // 2025-07-04T02:00Z is still July 3 in St Augustine.
    expect(first.getByText('Request #31 · Created Jul 03, 2025')).toBeTruthy();
    expect(first.getByText('In-progress').closest('[data-status]')?.getAttribute('data-status')).toBe('in-progress');
    expect(first.getByText('Emergency Service')).toBeTruthy();
    expect(first.getByText('Not cooling since Monday')).toBeTruthy();
    expect(first.getByText(/Ordered a new fan motor/).textContent).toBe('Technician notes: Ordered a new fan motor');

    const second = within(screen.getByRole('article', { name: 'Washer' }));
    expect(second.getByText('On-hold')).toBeTruthy();
    expect(second.queryByText('Emergency Service')).toBeNull();
    expect(second.queryByText(/Technician notes/)).toBeNull();
  });

  it('gives the five history statuses their own badge colours and every other status neutral grey', async () => {
    const statuses = ['completed', 'in-progress', 'scheduled', 'pending', 'cancelled', 'on-hold', 'waiting'];
    signedIn({ serviceRequests: statuses.map((status, index) => serviceRequest({ id: 100 + index, status })) });
    await renderPortal();
    await screen.findAllByRole('article');
    const background = (status: string) => (document.querySelector(`[data-status="${status}"]`) as HTMLElement).style.background;
    const colours = statuses.map(background);
    expect(new Set(colours.slice(0, 5)).size).toBe(5);
    expect(colours[5]).toBe(colours[6]);
    expect(colours.slice(0, 5)).not.toContain(colours[5]);
  });

  it('shows appointments as cards that open their own page', async () => {
    signedIn({
      appointments: [appointment({ id: 12, appointmentDate: '2026-03-10', timeSlot: '14:00-15:00', totalCost: '245.00', technicianNotes: 'Bring a door gasket' })],
    });
    await renderPortal();
    await openTab('Appointments');
    expect(within(panel()).getByRole('heading', { name: 'Appointment History' })).toBeTruthy();
    const article = await within(panel()).findByRole('article', { name: 'Bosch Dishwasher' });
    const card = within(article);
    const facts = Array.from(article.querySelectorAll('p'), (paragraph) => paragraph.textContent);
    expect(card.getByText('Appointment #12')).toBeTruthy();
    expect(card.getByText('Scheduled')).toBeTruthy();
    expect(facts).toEqual(expect.arrayContaining(['Date: Mar 10, 2026', 'Time: 2:00 PM - 3:00 PM', 'Service: Repair', 'Cost: $245.00']));
    expect(card.getByText('Leaks at the door')).toBeTruthy();
    expect(card.getByText(/Bring a door gasket/)).toBeTruthy();
    expect(card.getByRole('link', { name: 'View appointment #12' }).getAttribute('href')).toBe('/appointments/12');
  });

  it("lists upcoming visits first, soonest first, then past ones, newest first, and marks today's with the word Today", async () => {
    signedIn({
      appointments: [
        appointment({ id: 60, appointmentDate: businessDay(-30), status: 'completed' }),
        appointment({ id: 61, appointmentDate: businessDay(9) }),
        appointment({ id: 62, appointmentDate: businessDay(0), timeSlot: '14:00-16:00' }),
        appointment({ id: 63, appointmentDate: businessDay(-2), status: 'completed' }),
        appointment({ id: 64, appointmentDate: businessDay(2) }),
      ],
    });
    await renderPortal();
    await openTab('Appointments');
    await within(panel()).findAllByRole('article');
    const cards = within(panel()).getAllByRole('article');
    expect(cards.map((card) => within(card).getByText(/^Appointment #/).textContent)).toEqual([
      'Appointment #62',
      'Appointment #64',
      'Appointment #61',
      'Appointment #63',
      'Appointment #60',
    ]);
    expect(within(cards[0]!).getByText('Today')).toBeTruthy();
    expect(cards[0]!.getAttribute('data-today')).toBe('true');
    expect(cards.slice(1).filter((card) => within(card).queryByText('Today'))).toEqual([]);
  });

  it('puts the history before the account cards in the page, so on a phone it comes first', async () => {
    signedIn();
    await renderPortal();
    const history = screen.getByRole('tablist', { name: 'Your history' });
    const account = screen.getByRole('region', { name: 'Account Info' });
    expect(history.compareDocumentPosition(account) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
  });

  it('shows an empty appointment list with a link to booking', async () => {
    signedIn();
    await renderPortal();
    await openTab('Appointments');
    const book = await within(panel()).findByRole('link', { name: 'Book Appointment' });
    expect(book.getAttribute('href')).toBe('http://localhost:8080/book-appointment');
    expect(within(panel()).getByText('You have no appointments yet.')).toBeTruthy();
  });

  it('says the session ended when a list is refused with 401, asks again who is signed in and shows the log-in prompt', async () => {
    const recheck = heldAnswer();
    const api = signedIn({}, {
      'GET /api/customer/service-requests': () => {
        // The session ends as the lists load: from now on the server knows nobody.
        api.answer('GET /api/auth/session', recheck.answer);
        return apiError(401, 'UNAUTHORIZED', authMessages.sessionEnded);
      },
    });
    await renderPortal();
    expect(await within(panel()).findByText(authMessages.sessionEnded)).toBeTruthy();
    expect(within(panel()).getByRole('link', { name: 'Log in again' }).getAttribute('href')).toBe('/login');
    await waitFor(() => expect(api.sent('GET /api/auth/session')).toHaveLength(2));
    recheck.release(json(200, { customer: null }));
    await expectPageHeading('Customer Portal');
    expect(screen.getByRole('link', { name: 'Log in to your account' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
  });
});


describe('customer portal: change password', () => {
  const passwordField = (label: string) => screen.getByLabelText(new RegExp(`^${label}( \\*)?$`)) as HTMLInputElement;

  async function openForm() {
    const toggle = screen.getByRole('button', { name: 'Change password' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(passwordField('Current password')));
    return toggle;
  }

  const fill = (values: Record<string, string>) => {
    for (const [label, value] of Object.entries(values)) fireEvent.change(passwordField(label), { target: { value } });
  };

  it('checks the fields with the contract messages next to them before sending', async () => {
    const api = signedIn();
    await renderPortal();
    await openForm();
    fill({ 'New password': 'abc' });
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    await expectFieldError(passwordField('Current password'), 'Current password is required');
    await expectFieldError(passwordField('New password'), 'Password must be at least 6 characters');
    await expectFieldError(passwordField('Confirm new password'), 'Password confirmation is required');
    expect(passwordField('New password').getAttribute('autocomplete')).toBe('new-password');
    expect(passwordField('Current password').getAttribute('autocomplete')).toBe('current-password');
    expect(api.sent('PUT /api/auth/password')).toHaveLength(0);
  });

  it('changes the password, says other devices were signed out, closes the form and returns focus', async () => {
    const changed = heldAnswer();
    const api = signedIn({}, { 'PUT /api/auth/password': changed.answer });
    await renderPortal();
    const toggle = await openForm();
    fill({ 'Current password': 'old-secret', 'New password': 'harbor-lights-42', 'Confirm new password': 'harbor-lights-42' });
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toHaveProperty('disabled', true);
    expect(passwordField('New password').disabled).toBe(true);
    expect(api.sent('PUT /api/auth/password')[0]?.body).toEqual({
      currentPassword: 'old-secret',
      newPassword: 'harbor-lights-42',
      confirmPassword: 'harbor-lights-42',
    });
    changed.release(json(200, { message: authMessages.passwordChanged }));
    await expectToast('Password Changed', authMessages.passwordChanged);
    await waitFor(() => expect(screen.queryByLabelText(/^Current password/)).toBeNull());
    expect(document.activeElement).toBe(toggle);
  });

  it('puts a wrong current password and a common new one next to their fields', async () => {
    const api = signedIn({}, { 'PUT /api/auth/password': () => apiError(400, 'VALIDATION_ERROR', authMessages.currentPasswordWrong) });
    await renderPortal();
    await openForm();
    fill({ 'Current password': 'not-it', 'New password': 'harbor-lights-42', 'Confirm new password': 'harbor-lights-42' });
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    await expectFieldError(passwordField('Current password'), authMessages.currentPasswordWrong);

    api.answer('PUT /api/auth/password', () => apiError(400, 'VALIDATION_ERROR', 'Check the form', { newPassword: authMessages.commonPassword }));
    fill({ 'Current password': 'old-secret' });
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    await expectFieldError(passwordField('New password'), authMessages.commonPassword);
  });

  it('says the session ended when the change is refused with 401, and turns into the log-in prompt', async () => {
    const api = signedIn({}, {
      'PUT /api/auth/password': () => {
        api.answer('GET /api/auth/session', () => json(200, { customer: null }));
        return apiError(401, 'UNAUTHORIZED', authMessages.sessionEnded);
      },
    });
    await renderPortal();
    await openForm();
    fill({ 'Current password': 'old-secret', 'New password': 'harbor-lights-42', 'Confirm new password': 'harbor-lights-42' });
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    await expectToast('Password Not Changed', authMessages.sessionEnded);
    await expectPageHeading('Customer Portal');
    expect(screen.getByRole('link', { name: 'Log in to your account' })).toBeTruthy();
    expect(api.sent('GET /api/auth/session')).toHaveLength(2);
  });
});

describe('customer portal: JSON import', () => {
  const textarea = () => screen.getByLabelText('History data (JSON)') as HTMLTextAreaElement;
  const importButton = () => screen.getByRole('button', { name: 'Import History' });

  async function openImport() {
    await openTab('Import History');
    // Service Systems comes first; JSON Import is the second source.
    expect(screen.getByRole('tab', { name: 'Service Systems' }).getAttribute('aria-selected')).toBe('true');
    await openTab('JSON Import');
    // The import form's code loads when the tab is first opened.
    await screen.findByLabelText('History data (JSON)');
  }

  it('has the paste area, the two buttons and the format explanation', async () => {
    signedIn();
    await renderPortal();
    await openImport();
    expect(textarea().value).toBe('');
    expect(screen.getByRole('button', { name: 'Load Example' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Expected format' })).toBeTruthy();
    expect(screen.getByText(/One JSON object with two lists/)).toBeTruthy();
  });

  it('asks for JSON when the paste area is blank, next to it, and sends nothing', async () => {
    const api = signedIn();
    await renderPortal();
    await openImport();
    fireEvent.change(textarea(), { target: { value: '   ' } });
    fireEvent.click(importButton());
    await expectFieldError(textarea(), importMessages.blankJson);
    expect(api.sent('POST /api/customer/import-history')).toHaveLength(0);
  });

  it('says Invalid JSON when the text does not parse, and sends nothing', async () => {
    const api = signedIn();
    await renderPortal();
    await openImport();
    fireEvent.change(textarea(), { target: { value: '{"serviceRequests": [' } });
    fireEvent.click(importButton());
    await expectToast('Invalid JSON', importMessages.invalidJson);
    await expectFieldError(textarea(), importMessages.invalidJson);
    expect(api.sent('POST /api/customer/import-history')).toHaveLength(0);
  });

  it('loads an example under the customer’s own details, imports it while busy, shows the counts and refreshes both lists', async () => {
    const imported = heldAnswer();
    const api = signedIn({}, { 'POST /api/customer/import-history': imported.answer });
    await renderPortal();
    await waitFor(() => expect(api.sent('GET /api/customer/appointments')).toHaveLength(1));
    await openImport();
    fireEvent.click(screen.getByRole('button', { name: 'Load Example' }));
    const example = JSON.parse(textarea().value) as { serviceRequests: { email: string }[]; appointments: { customerName: string }[] };
    expect(example.serviceRequests[0]?.email).toBe('pat@example.com');
    expect(example.appointments[0]?.customerName).toBe('Pat Rivera');

    fireEvent.click(importButton());
    expect(await screen.findByRole('button', { name: 'Importing...' })).toHaveProperty('disabled', true);
    expect(textarea().disabled).toBe(true);
    expect(api.sent('POST /api/customer/import-history')[0]?.body).toEqual({ historyData: example });

    imported.release(
      json(200, { imported: { serviceRequests: 1, appointments: 0 }, alreadyPresent: { serviceRequests: 0, appointments: 1 } }),
    );
    await expectToast('Import Successful', 'Imported 1 service request and 0 appointments.');
    const result = await screen.findByText('Imported 1 service request and 0 appointments.', { selector: '[role="status"] p' });
    expect(result.closest('[role="status"]')?.textContent).toContain(
      'Already in your history, so not added again: 0 service requests and 1 appointment.',
    );
    await waitFor(() => expect(api.sent('GET /api/customer/appointments')).toHaveLength(2));
    await waitFor(() => expect(api.sent('GET /api/customer/service-requests')).toHaveLength(2));
  });

  it('shows the server message and every item it names next to the paste area', async () => {
    signedIn(
      {},
      {
        'POST /api/customer/import-history': () =>
          apiError(400, 'VALIDATION_ERROR', 'Some items could not be imported', {
            'historyData.appointments.0.zipCode': 'Appointment 1: zip code must be 5 to 10 characters',
            'historyData.serviceRequests.2.phone': 'Service request 3: phone is required',
          }),
      },
    );
    await renderPortal();
    await openImport();
    fireEvent.change(textarea(), { target: { value: '{"appointments": [{}]}' } });
    fireEvent.click(importButton());
    await expectToast('Import Failed', 'Some items could not be imported');
    await expectFieldError(textarea(), 'Appointment 1: zip code must be 5 to 10 characters');
    await expectFieldError(textarea(), 'Service request 3: phone is required');
    fireEvent.change(textarea(), { target: { value: '{}' } });
    expect(textarea().getAttribute('aria-invalid')).toBe('false');
  });

  it('refuses a history over 1 MB before sending it, and explains a 413 without a message of its own', async () => {
    const api = signedIn({}, { 'POST /api/customer/import-history': () => new Response('<html>413</html>', { status: 413 }) });
    await renderPortal();
    await openImport();
    fireEvent.change(textarea(), { target: { value: JSON.stringify({ serviceRequests: [{ problemDescription: 'x'.repeat(1024 * 1024) }] }) } });
    fireEvent.click(importButton());
    await expectFieldError(textarea(), importMessages.tooLarge);
    expect(api.sent('POST /api/customer/import-history')).toHaveLength(0);

    fireEvent.change(textarea(), { target: { value: '{"serviceRequests": []}' } });
    fireEvent.click(importButton());
    await expectToast('Import Failed', importMessages.tooLarge);
  });

  it.each([
    ['the server gives no message', () => new Response('', { status: 500 })],
    ['the server cannot be reached', networkError],
  ])('says Import Failed with the default message when %s', async (_case, answer: Answer) => {
    signedIn({}, { 'POST /api/customer/import-history': answer });
    await renderPortal();
    await openImport();
    fireEvent.change(textarea(), { target: { value: '{"serviceRequests": []}' } });
    fireEvent.click(importButton());
    await expectToast('Import Failed', importMessages.historyFailed);
    expect(importButton()).toHaveProperty('disabled', false);
  });
});
