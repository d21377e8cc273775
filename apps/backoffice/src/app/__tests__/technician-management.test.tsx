import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { technicianAccountsPath, type StaffTechnician, type UpdateTechnicianSchedule } from '@repo/contracts';
import { apiError, fakeApi, json, type Answer } from '@repo/ui/testing/api';
import { expectFieldError, expectPageHeading, expectToast } from '@repo/ui/testing/queries';
import { fakeLiveSocket } from '@repo/ui/testing/live-socket';
import { App } from '../index.tsx';
import { renderAppAt, signIn, staffUser, technician, type } from './support/fixtures.ts';

const mike = technician({ id: 'tech_mike', name: 'Mike Chen', phone: '(904) 555-0177', avatar: 'https://example.com/mike.jpg', currentLocation: null, specialties: [] });

async function renderManagement(technicians: StaffTechnician[] = [technician(), mike], more: Record<string, Answer> = {}) {
  const live = fakeLiveSocket();
  const api = fakeApi({
    ...signIn(staffUser),
    'GET /api/technicians': () => json(200, technicians),
    [`GET ${technicianAccountsPath}`]: () =>
      json(200, [{ id: 4, technicianId: 'tech_mike', name: 'Mike Chen', email: 'mike@example.com', createdAt: '2026-03-01T12:00:00.000Z' }]),
    ...more,
  });
  await renderAppAt(<App />, '/technician-management');
  await expectPageHeading('Technician Management');
  return { api, live };
}

const card = (name: string) => screen.findByRole('article', { name });

/** Fills Add New Technician for Ana Diaz and sends it. */
function addTechnician(form: ReturnType<typeof within>, { phone, vehicle, specialties }: { phone: string; vehicle: string; specialties: string }) {
  type(form.getByLabelText(/Full Name/), 'Ana Diaz');
  type(form.getByLabelText(/^Phone/), phone);
  type(form.getByLabelText(/Vehicle Information/), vehicle);
  type(form.getByLabelText(/Specialties/), specialties);
  fireEvent.click(form.getByRole('button', { name: 'Add Technician' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('technician management: deactivating and reactivating', () => {
  it('asks before deactivating, then shows the technician Deactivated with Reactivate', async () => {
    let technicians = [technician(), mike];
    const { api } = await renderManagement(undefined, {
      'GET /api/technicians': () => json(200, technicians),
      'PUT /api/technicians/tech_mike/active': () => {
        technicians = [technician(), { ...mike, active: false, status: 'offline' }];
        return json(200, technicians[1]);
      },
    });
    const mikeCard = within(await card('Mike Chen'));
    const deactivate = mikeCard.getByRole('button', { name: 'Deactivate Mike Chen' });
    fireEvent.click(deactivate);
    const question = within(mikeCard.getByRole('group', { name: 'Confirm deactivating Mike Chen' }));
    expect(question.getByText(/offered no new jobs and can no longer sign in/)).toBeTruthy();
    fireEvent.click(question.getByRole('button', { name: 'Keep Active' }));
    await waitFor(() => expect(document.activeElement).toBe(mikeCard.getByRole('button', { name: 'Deactivate Mike Chen' })));
    expect(api.sent('PUT /api/technicians/tech_mike/active')).toEqual([]);

    fireEvent.click(mikeCard.getByRole('button', { name: 'Deactivate Mike Chen' }));
    fireEvent.click(within(mikeCard.getByRole('group', { name: 'Confirm deactivating Mike Chen' })).getByRole('button', { name: 'Deactivate' }));
    await expectToast('Technician deactivated');
    expect(api.sent('PUT /api/technicians/tech_mike/active')[0]?.body).toEqual({ active: false });
    expect(await mikeCard.findByText('Deactivated')).toBeTruthy();
    expect(mikeCard.getByRole('button', { name: 'Reactivate Mike Chen' })).toBeTruthy();
  });

  it('says a refusal next to the button', async () => {
    await renderManagement([technician(), { ...mike, active: false }], {
      'PUT /api/technicians/tech_mike/active': () => apiError(404, 'NOT_FOUND', 'Technician tech_mike was not found.'),
    });
    const mikeCard = within(await card('Mike Chen'));
    fireEvent.click(mikeCard.getByRole('button', { name: 'Reactivate Mike Chen' }));
    expect((await mikeCard.findByRole('alert')).textContent).toContain('Technician tech_mike was not found.');
  });
});

describe('technician management: the cards', () => {
  it("shows each technician's details, location with 4 decimals and its last update in Eastern time, and initials without a photo", async () => {
    await renderManagement();
    const sara = within(await card('Sara Martinez'));
    expect(sara.getByText('ID: tech_sara')).toBeTruthy();
    expect(sara.getByText('(904) 555-0122')).toBeTruthy();
    expect(sara.getByText('White Ford Transit, SA-204')).toBeTruthy();
    expect(sara.getByText('4.8 out of 5 (312 jobs)')).toBeTruthy();
    expect(sara.getByRole('list', { name: "Sara Martinez's specialties" }).textContent).toBe('RefrigeratorsIce makers');
    const location = within(sara.getByRole('region', { name: "Sara Martinez's current location" }));
    expect(location.getByText('48 King St, St Augustine')).toBeTruthy();
    expect(location.getByText('29.9012, -81.3124')).toBeTruthy();
    expect(location.getByText('Last updated: Mar 10, 2026, 2:35 PM EDT')).toBeTruthy();
    expect(sara.getByText('SM')).toBeTruthy();

    const mikeCard = within(await card('Mike Chen'));
    expect(mikeCard.getByText('No location shared yet.')).toBeTruthy();
    expect(mikeCard.queryByText('MC')).toBeNull();
  });

  it('explains live location sharing with the St Augustine sample coordinates', async () => {
    await renderManagement();
    const help = screen.getByRole('complementary', { name: 'How location sharing works' });
    expect(help.textContent).toContain('How location sharing works');
    expect(help.textContent).toContain('shared live over a WebSocket connection');
    expect(help.textContent).toContain('Sample coordinates for St Augustine: latitude 29.9012, longitude -81.3124.');
  });

  it('searches by name, phone digits in any format, specialty or sign-in email, saying how many match, and keeps a card being edited', async () => {
    await renderManagement();
    const search = await screen.findByRole('searchbox', { name: 'Search technicians' });
    expect(await screen.findByText('2 technicians in all')).toBeTruthy();
    type(search, 'ice mak');
    expect(await screen.findByText('1 of 2 technicians matches “ice mak”')).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Sara Martinez' })).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Mike Chen' })).toBeNull();
    type(search, '555-01');
    expect(await screen.findByText('2 of 2 technicians match “555-01”')).toBeTruthy();
    type(search, '0177');
    expect(await card('Mike Chen')).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Sara Martinez' })).toBeNull();
    type(search, 'MIKE@example');
    expect(await screen.findByText('1 of 2 technicians matches “MIKE@example”')).toBeTruthy();
    type(search, 'wolf');
    expect(await screen.findByText('No technicians match “wolf”.')).toBeTruthy();
    expect(screen.queryAllByRole('article')).toHaveLength(0);

    // A card being edited stays, whatever is searched next.
    type(search, 'sara');
    fireEvent.click(within(await card('Sara Martinez')).getByRole('button', { name: 'Edit Sara Martinez' }));
    type(search, 'mike');
    expect(await screen.findByRole('form', { name: 'Edit Sara Martinez' })).toBeTruthy();
    expect(await card('Mike Chen')).toBeTruthy();
  });

  it('says when there are no technicians yet', async () => {
    await renderManagement([]);
    expect(await screen.findByText('No technicians yet. Add the first one with Add New Technician.')).toBeTruthy();
  });

  it('offers Try Again when the list cannot be loaded', async () => {
    const { api } = await renderManagement([], { 'GET /api/technicians': () => apiError(503, 'SERVICE_UNAVAILABLE', 'Tracking is unavailable') });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Unable to load technicians' })).toBeTruthy();
    api.answer('GET /api/technicians', () => json(200, [technician()]));
    fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await card('Sara Martinez')).toBeTruthy();
  });
});

describe('technician management: Add New Technician', () => {
  it('requires every field, with a toast and a message under each field', async () => {
    const { api } = await renderManagement();
    const toggle = screen.getByRole('button', { name: 'Add New Technician' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    const form = within(await screen.findByRole('form', { name: 'Add New Technician' }));
    fireEvent.click(form.getByRole('button', { name: 'Add Technician' }));
    await expectToast('Missing Information', 'Please fill in all fields');
    await expectFieldError(form.getByLabelText(/Full Name/), 'Name is required');
    await expectFieldError(form.getByLabelText(/^Phone/), 'Phone is required');
    await expectFieldError(form.getByLabelText(/Vehicle Information/), 'Vehicle information is required');
    await expectFieldError(form.getByLabelText(/Specialties/), 'Specialties are required');
    await waitFor(() => expect(document.activeElement).toBe(form.getByLabelText(/Full Name/)));
    expect(api.sent('POST /api/technicians')).toHaveLength(0);
  });

  it('sends the management payload (specialties split, trimmed, empties dropped), refreshes the list and closes', async () => {
    const { api } = await renderManagement();
    const created = technician({ id: 'tech_ana', name: 'Ana Diaz', currentLocation: null });
    api.answer('POST /api/technicians', () => {
      api.answer('GET /api/technicians', () => json(200, [technician(), mike, created]));
      return json(201, created);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add New Technician' }));
    const form = within(await screen.findByRole('form', { name: 'Add New Technician' }));
    addTechnician(form, { phone: '(904) 555-0188', vehicle: 'Blue Ram ProMaster', specialties: ' Ovens , ,Ranges,' });
    await expectToast('Technician Added', 'Ana Diaz has been added.');
    expect(api.sent('POST /api/technicians')[0]?.body).toEqual({ name: 'Ana Diaz', phone: '(904) 555-0188', vehicleInfo: 'Blue Ram ProMaster', specialties: ['Ovens', 'Ranges'] });
    expect(await card('Ana Diaz')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Add New Technician' })).toBeNull();
  });

  it("shows 'Add Failed' with the server's message, and its field messages under the fields", async () => {
    const { api } = await renderManagement();
    api.answer('POST /api/technicians', () => apiError(400, 'VALIDATION_ERROR', 'Phone is too long', { phone: 'Phone is too long' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add New Technician' }));
    const form = within(await screen.findByRole('form', { name: 'Add New Technician' }));
    addTechnician(form, { phone: '9'.repeat(30), vehicle: 'Van', specialties: 'Ovens' });
    await expectToast('Add Failed', 'Phone is too long');
    await expectFieldError(form.getByLabelText(/^Phone/), 'Phone is too long');
  });

  it("says 'Failed to add technician' when the server gives no message", async () => {
    const { api } = await renderManagement();
    api.answer('POST /api/technicians', () => new Response('', { status: 502 }));
    fireEvent.click(screen.getByRole('button', { name: 'Add New Technician' }));
    const form = within(await screen.findByRole('form', { name: 'Add New Technician' }));
    addTechnician(form, { phone: '904', vehicle: 'Van', specialties: 'Ovens' });
    await expectToast('Add Failed', 'Failed to add technician');
  });
});

describe('technician management: inline edit', () => {
  it('edits one technician at a time, requires name, phone and vehicle info, and saves', async () => {
    const { api } = await renderManagement();
    api.answer('PUT /api/technicians/tech_sara', ({ body }) => json(200, technician(body as Partial<StaffTechnician>)));
    fireEvent.click(within(await card('Sara Martinez')).getByRole('button', { name: 'Edit Sara Martinez' }));
    expect(await screen.findByRole('form', { name: 'Edit Sara Martinez' })).toBeTruthy();
    fireEvent.click(within(await card('Mike Chen')).getByRole('button', { name: 'Edit Mike Chen' }));
    expect(await screen.findByRole('form', { name: 'Edit Mike Chen' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Edit Sara Martinez' })).toBeNull();
    fireEvent.click(within(screen.getByRole('form', { name: 'Edit Mike Chen' })).getByRole('button', { name: 'Cancel' }));

    fireEvent.click(within(await card('Sara Martinez')).getByRole('button', { name: 'Edit Sara Martinez' }));
    const form = within(await screen.findByRole('form', { name: 'Edit Sara Martinez' }));
    type(form.getByLabelText(/Vehicle Info/), '  ');
    fireEvent.click(form.getByRole('button', { name: 'Save' }));
    await expectToast('Missing Information', 'Please fill in all required fields');
    await expectFieldError(form.getByLabelText(/Vehicle Info/), 'Vehicle info is required');

    type(form.getByLabelText(/Vehicle Info/), 'Grey Transit Connect');
    type(form.getByLabelText(/^Phone/), '(904) 555-0123');
    fireEvent.click(form.getByRole('button', { name: 'Save' }));
    await expectToast('Technician Updated');
    expect(api.sent('PUT /api/technicians/tech_sara')[0]?.body).toEqual({ name: 'Sara Martinez', phone: '(904) 555-0123', vehicleInfo: 'Grey Transit Connect' });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit Sara Martinez' })).toBeNull());
  });

  it("shows 'Update Failed' with 'Failed to update technician' when the server gives no message", async () => {
    const { api } = await renderManagement();
    api.answer('PUT /api/technicians/tech_sara', () => new Response('', { status: 500 }));
    fireEvent.click(within(await card('Sara Martinez')).getByRole('button', { name: 'Edit Sara Martinez' }));
    const form = within(await screen.findByRole('form', { name: 'Edit Sara Martinez' }));
    fireEvent.click(form.getByRole('button', { name: 'Save' }));
    await expectToast('Update Failed', 'Failed to update technician');
    expect(screen.getByRole('form', { name: 'Edit Sara Martinez' })).toBeTruthy();
  });
});

describe('technician management: Update Location', () => {
  it('requires latitude, longitude and address, then sends numbers and clears the form', async () => {
    const { api } = await renderManagement();
    api.answer('PUT /api/technicians/tech_mike/location', ({ body }) => {
      const { lat, lng, address } = body as { lat: number; lng: number; address: string };
      const moved = { ...mike, currentLocation: { lat, lng, address, lastUpdated: '2026-03-10T19:00:00.000Z' } };
      api.answer('GET /api/technicians', () => json(200, [technician(), moved]));
      return json(200, moved);
    });
    const form = within(await screen.findByRole('form', { name: 'Update Location for Mike Chen' }));
    type(form.getByLabelText('Latitude'), '29.8947');
    fireEvent.click(form.getByRole('button', { name: 'Update Location' }));
    await expectToast('Missing Information', 'Please fill in all location fields');
    await expectFieldError(form.getByLabelText('Longitude'), 'Longitude is required');
    await expectFieldError(form.getByLabelText('Address'), 'Address is required');
    // The arrow keys move a coordinate by one step of its 4 decimals, 0.0001.
    fireEvent.keyDown(form.getByLabelText('Latitude'), { key: 'ArrowUp' });
    await waitFor(() => expect((form.getByLabelText('Latitude') as HTMLInputElement).value).toBe('29.8948'));
    fireEvent.keyDown(form.getByLabelText('Latitude'), { key: 'ArrowDown' });
    await waitFor(() => expect((form.getByLabelText('Latitude') as HTMLInputElement).value).toBe('29.8947'));

    type(form.getByLabelText('Longitude'), '-81.3145');
    type(form.getByLabelText('Address'), '12 Aviles Street');
    fireEvent.click(form.getByRole('button', { name: 'Update Location' }));
    await expectToast('Location Updated');
    expect(api.sent('PUT /api/technicians/tech_mike/location')[0]?.body).toEqual({ lat: 29.8947, lng: -81.3145, address: '12 Aviles Street' });
    await waitFor(() => expect((form.getByLabelText('Address') as HTMLInputElement).value).toBe(''));
    expect(await within(await card('Mike Chen')).findByText('29.8947, -81.3145')).toBeTruthy();
  });

  it('refuses an out-of-range latitude before sending, and shows the server refusal as Update Failed', async () => {
    const { api } = await renderManagement();
    const form = within(await screen.findByRole('form', { name: 'Update Location for Mike Chen' }));
    type(form.getByLabelText('Latitude'), '95');
    type(form.getByLabelText('Longitude'), '-81.3');
    type(form.getByLabelText('Address'), 'Somewhere');
    fireEvent.click(form.getByRole('button', { name: 'Update Location' }));
    await expectFieldError(form.getByLabelText('Latitude'), 'Latitude must be between -90 and 90');
    expect(api.sent('PUT /api/technicians/tech_mike/location')).toHaveLength(0);

    api.answer('PUT /api/technicians/tech_mike/location', () => apiError(404, 'NOT_FOUND', 'We could not find that technician.'));
    type(form.getByLabelText('Latitude'), '29.9');
    fireEvent.click(form.getByRole('button', { name: 'Update Location' }));
    await expectToast('Update Failed', 'We could not find that technician.');
  });
});

describe('technician management: live updates', () => {
  it('subscribes to every update and shows a moved technician without reloading', async () => {
    const { api, live } = await renderManagement();
    await card('Sara Martinez');
    const socket = await live.current();
    socket.open();
    expect(socket.sent).toEqual([{ type: 'subscribe_all' }]);
    socket.receive({ type: 'subscribed', appointmentId: null });
    expect(await screen.findByText('Live')).toBeTruthy();

    api.answer('GET /api/technicians', () =>
      json(200, [technician({ currentLocation: { lat: 29.8, lng: -81.2, address: 'US-1', lastUpdated: '2026-03-10T19:00:00.000Z' } }), mike]),
    );
    socket.receive({ type: 'location_update', technicianId: 'tech_sara', appointmentId: null });
    expect(await within(await card('Sara Martinez')).findByText('29.8000, -81.2000')).toBeTruthy();
  });

  it('falls back to refreshing on a timer when the subscription is refused', async () => {
    const { live } = await renderManagement();
    const socket = await live.current();
    socket.open();
    socket.receive({ type: 'error', message: 'Only staff can follow every appointment.' });
    expect(await screen.findByText('Refreshing every 5 s')).toBeTruthy();
  });
});

describe('technician management: phone sign-ins', () => {
  it('shows who has a sign-in and sets a new password', async () => {
    const { api } = await renderManagement();
    api.answer('PUT /api/admin/technician-accounts/tech_mike/password', () => new Response(null, { status: 204 }));
    const mikeCard = within(await card('Mike Chen'));
    expect(await mikeCard.findByText('Has sign-in: mike@example.com')).toBeTruthy();
    const form = within(mikeCard.getByRole('form', { name: 'Set a new password for Mike Chen' }));
    type(form.getByLabelText(/New password/), 'abc');
    fireEvent.click(form.getByRole('button', { name: 'Set New Password' }));
    await expectFieldError(form.getByLabelText(/New password/), 'Password must be at least 12 characters');
    type(form.getByLabelText(/New password/), 'harbor-lantern-42');
    fireEvent.click(form.getByRole('button', { name: 'Set New Password' }));
    await expectToast('Password Updated');
    expect(api.sent('PUT /api/admin/technician-accounts/tech_mike/password')[0]?.body).toEqual({ password: 'harbor-lantern-42' });
  });

  it('gives a technician a sign-in, with the server refusal next to the email', async () => {
    const { api } = await renderManagement();
    api.answer(`POST ${technicianAccountsPath}`, () =>
      apiError(409, 'CONFLICT', 'That email already has a back-office sign-in. Use another email.', { email: 'That email already has a back-office sign-in. Use another email.' }),
    );
    const form = within(await screen.findByRole('form', { name: 'Give Sara Martinez a sign-in' }));
    type(form.getByLabelText(/Sign-in email/), 'mike@example.com');
    type(form.getByLabelText(/Password/), 'harbor-lantern-42');
    fireEvent.click(form.getByRole('button', { name: 'Give Sign-in' }));
    await expectToast('Sign-in Failed', 'That email already has a back-office sign-in.');
    await expectFieldError(form.getByLabelText(/Sign-in email/), 'That email already has a back-office sign-in. Use another email.');

    api.answer(`POST ${technicianAccountsPath}`, ({ body }) => {
      const { email } = body as { email: string };
      api.answer(`GET ${technicianAccountsPath}`, () => json(200, [{ id: 5, technicianId: 'tech_sara', name: 'Sara Martinez', email, createdAt: '2026-03-10T12:00:00.000Z' }]));
      return json(201, { id: 5, technicianId: 'tech_sara', name: 'Sara Martinez', email, createdAt: '2026-03-10T12:00:00.000Z' });
    });
    type(form.getByLabelText(/Sign-in email/), 'sara@example.com');
    fireEvent.click(form.getByRole('button', { name: 'Give Sign-in' }));
    await expectToast('Sign-in Created', 'Sara Martinez can now sign in with sara@example.com.');
    expect(api.sent(`POST ${technicianAccountsPath}`)[1]?.body).toEqual({ technicianId: 'tech_sara', name: 'Sara Martinez', email: 'sara@example.com', password: 'harbor-lantern-42' });
    expect(await within(await card('Sara Martinez')).findByText('Has sign-in: sara@example.com')).toBeTruthy();
  });
});

describe("technician management: working hours and days off", () => {
  it('shows the hours per weekday worked and the days off coming up, and saves an edit whole', async () => {
    let technicians = [technician(), mike];
    const { api } = await renderManagement(undefined, {
      'GET /api/technicians': () => json(200, technicians),
      'PUT /api/technicians/tech_mike/schedule': ({ body }) => {
        const schedule = body as UpdateTechnicianSchedule;
        technicians = [technician(), { ...mike, ...schedule }];
        return json(200, technicians[1]);
      },
    });
    const mikeCard = within(await card('Mike Chen'));
    const days = within(mikeCard.getByRole('list', { name: "Mike Chen's working days" }));
    expect(days.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Monday: 8:00 AM - 5:00 PM', 'Tuesday: 8:00 AM - 5:00 PM', 'Wednesday: 8:00 AM - 5:00 PM', 'Thursday: 8:00 AM - 5:00 PM', 'Friday: 8:00 AM - 5:00 PM', 'Saturday: 8:00 AM - 5:00 PM',
    ]);
    expect(mikeCard.getByText('Days off: none coming up')).toBeTruthy();

    fireEvent.click(mikeCard.getByRole('button', { name: "Edit Hours: Mike Chen's working hours and days off" }));
    const form = within(mikeCard.getByRole('form', { name: "Mike Chen's working hours and days off" }));
    fireEvent.click(form.getByLabelText('Saturday'));
    expect(form.queryByLabelText('Saturday from')).toBeNull();
    type(form.getByLabelText('Friday to'), '07:00');
    fireEvent.click(form.getByRole('button', { name: 'Save Working Hours' }));
    await expectFieldError(form.getByLabelText('Friday to'), 'The end must be after the start');
    await waitFor(() => expect(document.activeElement).toBe(form.getByLabelText('Friday to')));

    type(form.getByLabelText('Friday to'), '12:00');
    fireEvent.click(form.getByRole('button', { name: 'Add Day Off' }));
    await expectFieldError(form.getByLabelText('Add a day off'), 'Date is required');
    type(form.getByLabelText('Add a day off'), '2099-12-24');
    fireEvent.click(form.getByRole('button', { name: 'Add Day Off' }));
    expect(form.getByText('Thursday, December 24')).toBeTruthy();
    fireEvent.click(form.getByRole('button', { name: 'Save Working Hours' }));

    await expectToast('Working hours saved');
    expect(api.sent('PUT /api/technicians/tech_mike/schedule').map((request) => request.body)).toEqual([
      {
        workingHours: [1, 2, 3, 4].map((weekday) => ({ weekday, start: '08:00', end: '17:00' })).concat([{ weekday: 5, start: '08:00', end: '12:00' }]),
        daysOff: ['2099-12-24'],
      },
    ]);
    await waitFor(() => expect(mikeCard.getByText('Days off: Thursday, December 24')).toBeTruthy());
    expect(within(mikeCard.getByRole('list', { name: "Mike Chen's working days" })).getAllByRole('listitem').map((item) => item.textContent).at(-1)).toBe('Friday: 8:00 AM - 12:00 PM');
  });
});
