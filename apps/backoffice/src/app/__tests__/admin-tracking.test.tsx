import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { addDays, businessDate, businessInstant, jobRecordMessages, serviceNames, type StaffAppointment, type Technician, type TrackingRecord } from '@repo/contracts';
import { apiError, fakeApi, json, type Answer } from '@repo/ui/testing/api';
import { expectFieldError, expectPageHeading, expectToast } from '@repo/ui/testing/queries';
import { fakeLiveSocket } from '@repo/ui/testing/live-socket';
import { formatCalendarDay } from '../../lib/format.ts';
import { App } from '../index.tsx';
import { deliveryStatus as deliveries } from './support/back-office-examples.ts';
import { minutesFromNow, renderAppAt, signIn, staffAppointment, staffUser, technician, trackingRecord, type } from './support/fixtures.ts';

const mike = technician({ id: 'tech_mike', name: 'Mike Chen', status: 'offline', currentLocation: null, specialties: [], vehicleInfo: null, rating: 4 });
const ana = technician({ id: 'tech_ana', name: 'Ana Diaz', status: 'busy' });

type Setup = { technicians?: Technician[]; records?: TrackingRecord[]; appointments?: StaffAppointment[]; more?: Record<string, Answer> };

async function renderTracking({ technicians = [technician(), mike, ana], records = [], appointments = [], more = {} }: Setup = {}) {
  const live = fakeLiveSocket();
  const api = fakeApi({
    ...signIn(staffUser),
    'GET /api/technicians': () => json(200, technicians),
    'GET /api/tracking': ({ query }) => {
      const page = Number(query.get('page') ?? 1);
      const pageSize = Number(query.get('pageSize') ?? 50);
      return json(200, { items: records.slice((page - 1) * pageSize, page * pageSize), total: records.length, page, pageSize });
    },
    // As booking answers: the page's array, every match of the day counted in X-Total-Count.
    'GET /api/appointments': ({ query }) => {
      const page = Number(query.get('page') ?? 1);
      const pageSize = Number(query.get('pageSize') ?? 100);
      const ofDay = appointments.filter((appointment) => appointment.appointmentDate === query.get('date'));
      const answer = json(200, ofDay.slice((page - 1) * pageSize, page * pageSize));
      answer.headers.set('X-Total-Count', String(ofDay.length));
      return answer;
    },
    ...Object.fromEntries(serviceNames.map((service) => [`GET /api/deliveries/${service}`, () => json(200, deliveries(service))])),
    ...more,
  });
  await renderAppAt(<App />, '/admin-tracking');
  await expectPageHeading('Tracking Administration');
  return { api, live };
}

const stat = (name: string) => screen.getByRole('region', { name });
const openTab = async (name: string) => {
  fireEvent.click(screen.getByRole('tab', { name }));
  await waitFor(() => expect(screen.getByRole('tab', { name }).getAttribute('aria-selected')).toBe('true'));
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('tracking administration: tabs', () => {
  it('has four tabs that the arrow keys move between', async () => {
    await renderTracking();
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Overview', 'Technicians', 'Appointments', 'Live Tracking']);
    const overview = screen.getByRole('tab', { name: 'Overview' });
    expect(overview.getAttribute('aria-selected')).toBe('true');
    overview.focus();
    fireEvent.keyDown(overview, { key: 'ArrowRight' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Technicians' })));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Technicians' }).getAttribute('aria-selected')).toBe('true'));
    expect(await screen.findByRole('article', { name: 'Mike Chen' })).toBeTruthy();
  });
});

describe('tracking administration: Overview', () => {
  it("counts active technicians, active tracking and today's appointments, and shows System Status Online", async () => {
    const records = Array.from({ length: 7 }, (_, index) => trackingRecord({ appointmentId: String(20 + index), status: index === 0 ? 'en-route' : 'dispatched' }));
    const { api } = await renderTracking({
      records,
      appointments: [staffAppointment(), staffAppointment({ id: 13, technicianId: 'tech_sara' }), staffAppointment({ id: 14, technicianId: 'tech_ana' })],
    });
    await waitFor(() => expect(stat('Active Technicians').textContent).toContain('2of 3 technicians'));
    await waitFor(() => expect(stat('Active Tracking').textContent).toContain('7'));
    await waitFor(() => expect(stat("Today's Appointments").textContent).toContain('3'));
    await waitFor(() => expect(stat('System Status').textContent).toContain('Online'));
    expect(api.sent('GET /api/appointments')[0]?.query.get('date')).toBe(businessDate());

    const recent = within(screen.getByRole('region', { name: 'Recent Activity' }));
    const items = recent.getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(items[0]?.textContent).toBe('Appointment #20ETA Mar 10, 2026, 2:00 PM EDTEn Route');
  });

  it("lists what needs attention: an offline technician with a job today, a job soon with no technician, failing deliveries, a service not answering", async () => {
    await renderTracking({
      appointments: [
        staffAppointment({ id: 13, technicianId: 'tech_mike', customerName: 'Lee Park' }),
        staffAppointment({ id: 14, customerName: 'Jo Banks', scheduledTime: minutesFromNow(90) }),
        staffAppointment({ id: 15, customerName: 'Far Later', scheduledTime: minutesFromNow(300) }),
      ],
      more: {
        'GET /api/deliveries/booking': () => json(200, deliveries('booking', { failed: 2, pending: 1, oldestPendingSeconds: 900 })),
        'GET /api/deliveries/payments': () => new Response('Bad Gateway', { status: 502 }),
      },
    });
    const alerts = within(screen.getByRole('region', { name: 'Alerts' }));
    expect(await alerts.findByText('Mike Chen is offline but has 1 job today.')).toBeTruthy();
    expect(alerts.getByText(/^Jo Banks's appointment at .* has no technician and starts within two hours\.$/)).toBeTruthy();
    expect(alerts.queryByText(/Far Later/)).toBeNull();
    expect(await alerts.findByText('2 messages from booking to other services could not be delivered.')).toBeTruthy();
    expect(alerts.getByText('1 message from booking waiting to be delivered, the oldest for 15 minutes.')).toBeTruthy();
    expect(alerts.getByText('The payments service is not answering.')).toBeTruthy();
    expect(stat('System Status').textContent).toContain('DegradedUnreachable: payments');
  });

  it("alerts when a visit's arrival window has passed and its technician is not there: not yet set off, or still on the way", async () => {
    const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    const window = (startedMinutesAgo: number) => ({ scheduledStart: ago(startedMinutesAgo), scheduledEnd: ago(startedMinutesAgo - 60) });
    await renderTracking({
      appointments: [staffAppointment({ id: 21, technicianId: 'tech_mike', customerName: 'Lee Park' })],
      records: [
        trackingRecord({ appointmentId: '21', technicianId: 'tech_mike', status: 'dispatched', ...window(90) }),
        trackingRecord({ appointmentId: '22', technicianId: 'tech_sara', status: 'en-route', ...window(65) }),
        // Not yet due, or there already: no alert.
        trackingRecord({ appointmentId: '23', technicianId: 'tech_sara', status: 'dispatched', ...window(30) }),
        trackingRecord({ appointmentId: '24', technicianId: 'tech_ana', status: 'arrived', ...window(90) }),
      ],
    });
    const alerts = within(screen.getByRole('region', { name: 'Alerts' }));
    expect(await alerts.findByText(/^Lee Park's arrival window \(.+\) has passed and Mike Chen has not arrived \(not yet set off\)\.$/)).toBeTruthy();
    expect(alerts.getByText(/^Appointment #22's arrival window \(.+\) has passed and Sara Martinez has not arrived \(on the way\)\.$/)).toBeTruthy();
    expect(alerts.queryByText(/#23|#24/)).toBeNull();
  });

  it('says No alerts when nothing needs attention, and when no visit is under way', async () => {
    await renderTracking();
    expect(await within(screen.getByRole('region', { name: 'Alerts' })).findByText('No alerts')).toBeTruthy();
    expect(await within(screen.getByRole('region', { name: 'Recent Activity' })).findByText('No active tracking right now.')).toBeTruthy();
  });
});

describe('tracking administration: Technicians', () => {
  it('shows each technician with status, coordinates and the defaults', async () => {
    await renderTracking();
    await openTab('Technicians');
    const sara = within(await screen.findByRole('article', { name: 'Sara Martinez' }));
    expect(sara.getByText('Available')).toBeTruthy();
    expect(sara.getByText('29.9012, -81.3124')).toBeTruthy();
    expect(sara.getByText('Refrigerators, Ice makers')).toBeTruthy();
    expect(sara.getByText('4.8/5.0')).toBeTruthy();
    const offline = within(screen.getByRole('article', { name: 'Mike Chen' }));
    expect(offline.getByText('Offline')).toBeTruthy();
    expect(offline.getByText('Location not available')).toBeTruthy();
    expect(offline.getByText('General repair')).toBeTruthy();
    expect(offline.getByText('Not specified')).toBeTruthy();
    expect(offline.getByText('4.0/5.0')).toBeTruthy();
  });

  it('moves a technician once typing pauses, ignoring text that is not a number yet', async () => {
    const { api } = await renderTracking();
    api.answer('PUT /api/technicians/tech_mike/location', ({ body }) => {
      const { lat, lng } = body as { lat: number; lng: number };
      const moved = { ...mike, currentLocation: { lat, lng, address: null, lastUpdated: '2026-03-10T19:00:00.000Z' } };
      api.answer('GET /api/technicians', () => json(200, [technician(), moved, ana]));
      return json(200, moved);
    });
    await openTab('Technicians');
    const card = within(await screen.findByRole('article', { name: 'Mike Chen' }));
    type(card.getByLabelText('Latitude of Mike Chen'), '29.9');
    type(card.getByLabelText('Longitude of Mike Chen'), '-');
    type(card.getByLabelText('Longitude of Mike Chen'), '-81.3');
    type(card.getByLabelText('Longitude of Mike Chen'), '-81.31');
    await expectToast('Location updated successfully');
    expect(api.sent('PUT /api/technicians/tech_mike/location').map((request) => request.body)).toEqual([{ lat: 29.9, lng: -81.31 }]);
    expect(await card.findByText('29.9000, -81.3100')).toBeTruthy();
  });

  it('says why an out-of-range coordinate is not sent, and shows a refused update as Error updating location', async () => {
    const { api } = await renderTracking();
    api.answer('PUT /api/technicians/tech_sara/location', () => apiError(403, 'FORBIDDEN', 'Staff only'));
    await openTab('Technicians');
    const card = within(await screen.findByRole('article', { name: 'Sara Martinez' }));
    type(card.getByLabelText('Latitude of Sara Martinez'), '120');
    await expectFieldError(card.getByLabelText('Latitude of Sara Martinez'), 'Latitude must be between -90 and 90');
    type(card.getByLabelText('Latitude of Sara Martinez'), '29.95');
    await expectToast('Error updating location', 'Staff only');
    expect(api.sent('PUT /api/technicians/tech_sara/location').map((request) => request.body)).toEqual([{ lat: 29.95, lng: -81.3124 }]);
  });

  it('adds a technician with only name and phone required', async () => {
    const { api } = await renderTracking();
    api.answer('POST /api/technicians', ({ body }) => json(201, technician({ ...(body as Partial<Technician>), id: 'tech_new' })));
    await openTab('Technicians');
    const form = within(await screen.findByRole('form', { name: 'Add Technician' }));
    fireEvent.click(form.getByRole('button', { name: 'Add Technician' }));
    await expectToast('Missing Information', 'Please fill in all required fields');
    await expectFieldError(form.getByLabelText(/^Name/), 'Name is required');
    await expectFieldError(form.getByLabelText(/^Phone/), 'Phone is required');

    type(form.getByLabelText(/^Name/), 'Ana Diaz');
    type(form.getByLabelText(/^Phone/), '(904) 555-0188');
    type(form.getByLabelText(/^Specialties/), 'Ovens, Ranges');
    type(form.getByLabelText('Starting latitude'), '29.9');
    type(form.getByLabelText('Starting longitude'), '-81.3');
    fireEvent.click(form.getByRole('button', { name: 'Add Technician' }));
    await expectToast('Technician created successfully');
    expect(api.sent('POST /api/technicians')[0]?.body).toEqual({
      name: 'Ana Diaz',
      phone: '(904) 555-0188',
      specialties: ['Ovens', 'Ranges'],
      lat: 29.9,
      lng: -81.3,
      location: { lat: 29.9, lng: -81.3 },
    });
    await waitFor(() => expect((form.getByLabelText(/^Name/) as HTMLInputElement).value).toBe(''));
  });

  it('shows Error creating technician with the server message', async () => {
    const { api } = await renderTracking();
    api.answer('POST /api/technicians', () => apiError(400, 'VALIDATION_ERROR', 'Phone is too long', { phone: 'Phone is too long' }));
    await openTab('Technicians');
    const form = within(await screen.findByRole('form', { name: 'Add Technician' }));
    type(form.getByLabelText(/^Name/), 'Ana Diaz');
    type(form.getByLabelText(/^Phone/), '9');
    fireEvent.click(form.getByRole('button', { name: 'Add Technician' }));
    await expectToast('Error creating technician', 'Phone is too long');
    await expectFieldError(form.getByLabelText(/^Phone/), 'Phone is too long');
  });
});

describe('tracking administration: Appointments', () => {
  it("shows today's appointments in Eastern time and assigns a technician from the dropdown", async () => {
    const { api } = await renderTracking({ appointments: [staffAppointment({ scheduledTime: '2026-03-10T18:00:00.000Z' })] });
    api.answer('PUT /api/appointments/12/assign', () => json(200, staffAppointment({ technicianId: 'tech_sara' })));
    await openTab('Appointments');
    const card = within(await screen.findByRole('article', { name: 'Pat Rivera' }));
    expect(card.getByText('Scheduled')).toBeTruthy();
    expect(card.getByText('12 Aviles Street')).toBeTruthy();
    expect(card.getByText('(904) 555-0142')).toBeTruthy();
    expect(card.getByText('Repair')).toBeTruthy();
    expect(card.getByText('Mar 10, 2026, 2:00 PM EDT')).toBeTruthy();
    const select = card.getByLabelText('Technician for Pat Rivera') as HTMLSelectElement;
    await waitFor(() => expect(select.disabled).toBe(false));
    expect(Array.from(select.options).map((option) => option.textContent)).toEqual([
      'Unassigned',
      'Sara Martinez — Refrigerators, Ice makers (Available)',
      'Mike Chen (Offline)',
      'Ana Diaz — Refrigerators, Ice makers (Busy)',
    ]);
    fireEvent.change(select, { target: { value: 'tech_sara' } });
    await expectToast('Technician assigned successfully');
    expect(api.sent('PUT /api/appointments/12/assign')[0]?.body).toEqual({ technicianId: 'tech_sara' });
    expect(api.sent('GET /api/appointments')[0]?.query.get('date')).toBe(businessDate());
  });

  it('offers only active technicians, keeping a deactivated one that has the job as its current choice', async () => {
    const dee = technician({ id: 'tech_dee', name: 'Dee Dawson', active: false, status: 'offline', specialties: [] });
    await renderTracking({
      technicians: [technician(), dee],
      appointments: [staffAppointment(), staffAppointment({ id: 13, customerName: 'Lee Ortiz', technicianId: 'tech_dee' })],
    });
    await openTab('Appointments');
    const pat = (await screen.findByLabelText('Technician for Pat Rivera')) as HTMLSelectElement;
    await waitFor(() => expect(pat.disabled).toBe(false));
    expect(Array.from(pat.options).map((option) => option.textContent)).toEqual(['Unassigned', 'Sara Martinez — Refrigerators, Ice makers (Available)']);
    const lee = screen.getByLabelText('Technician for Lee Ortiz') as HTMLSelectElement;
    expect(Array.from(lee.options).map((option) => option.textContent)).toEqual(['Unassigned', 'Sara Martinez — Refrigerators, Ice makers (Available)', 'Dee Dawson (deactivated)']);
    expect(lee.value).toBe('tech_dee');
  });

  it('shows the appliance, brand and problem on the card', async () => {
    await renderTracking({ appointments: [staffAppointment({ description: 'Leaves water on the floor' })] });
    await openTab('Appointments');
    const card = within(await screen.findByRole('article', { name: 'Pat Rivera' }));
    expect(card.getByText('Bosch Dishwasher')).toBeTruthy();
    expect(card.getByText('Leaves water on the floor')).toBeTruthy();
  });

  it('confirms a scheduled appointment with the version it shows, then shows who confirmed it', async () => {
    const appointment = staffAppointment({ version: 7 });
    const { api } = await renderTracking({ appointments: [appointment] });
    const confirmed = { ...appointment, status: 'confirmed' as const, version: 8, confirmedBy: 'dana@example.com', confirmedAt: '2026-03-10T15:00:00.000Z' };
    api.answer('POST /api/appointments/12/confirm', () => json(200, confirmed));
    await openTab('Appointments');
    const card = within(await screen.findByRole('article', { name: 'Pat Rivera' }));
    expect(card.queryByRole('button', { name: 'Reopen: Pat Rivera' })).toBeNull();
    // Its window is hours away: no no-show yet.
    expect(card.queryByRole('button', { name: 'Mark No-Show: Pat Rivera' })).toBeNull();
    api.answer('GET /api/appointments', () => {
      const answer = json(200, [confirmed]);
      answer.headers.set('X-Total-Count', '1');
      return answer;
    });
    fireEvent.click(card.getByRole('button', { name: 'Confirm: Pat Rivera' }));
    await expectToast('Appointment confirmed');
    expect(api.sent('POST /api/appointments/12/confirm')[0]?.body).toEqual({ version: 7 });
    await waitFor(() => expect(card.getByText('Confirmed').closest('[data-status]')?.getAttribute('data-status')).toBe('confirmed'));
    expect(card.getByText('dana@example.com, Mar 10, 2026, 11:00 AM EDT')).toBeTruthy();
    expect(card.queryByRole('button', { name: 'Confirm: Pat Rivera' })).toBeNull();
  });

  it('says the customer asked by text to be called back, and the history says how', async () => {
    const { api } = await renderTracking({ appointments: [staffAppointment({ callBackRequestedAt: '2026-03-09T22:05:00.000Z' })] });
    api.answer('GET /api/appointments/12/history', () =>
      json(200, { items: [{ id: 3, at: '2026-03-09T22:05:00.000Z', actor: 'Customer', action: 'call-back-requested', fromStatus: 'scheduled', toStatus: 'scheduled', reason: null, detail: 'Answered R to the reminder text' }] }),
    );
    await openTab('Appointments');
    const card = within(await screen.findByRole('article', { name: 'Pat Rivera' }));
    expect(card.getByText('Asked by text, Mar 9, 2026, 6:05 PM EDT: call the customer').textContent).toBe('Asked by text, Mar 9, 2026, 6:05 PM EDT: call the customer');
    fireEvent.click(card.getByRole('button', { name: "Show history of Pat Rivera's appointment" }));
    expect((await card.findByText(/Customer asked to be called back: Answered R to the reminder text/)).textContent).toContain('Customer asked to be called back');
  });

  it('asks for a reason before cancelling, and says a refusal next to the action', async () => {
    const { api } = await renderTracking({ appointments: [staffAppointment({ version: 3 })] });
    api.answer('POST /api/appointments/12/cancel', () => apiError(409, 'CONFLICT', 'This appointment was changed by someone else since you opened it.'));
    await openTab('Appointments');
    const card = within(await screen.findByRole('article', { name: 'Pat Rivera' }));
    fireEvent.click(card.getByRole('button', { name: 'Cancel Appointment: Pat Rivera' }));
    const question = within(card.getByRole('group', { name: 'Confirm cancellation' }));
    const reason = question.getByLabelText(/Reason/);
    await waitFor(() => expect(document.activeElement).toBe(reason));
    fireEvent.click(question.getByRole('button', { name: 'Cancel Appointment' }));
    await expectFieldError(reason as HTMLElement, 'Reason is required');
    expect(api.sent('POST /api/appointments/12/cancel')).toEqual([]);
    type(reason, 'Customer sold the house');
    fireEvent.click(question.getByRole('button', { name: 'Cancel Appointment' }));
    expect((await card.findByRole('alert')).textContent).toContain('This appointment was changed by someone else since you opened it.');
    expect(api.sent('POST /api/appointments/12/cancel')[0]?.body).toEqual({ version: 3, reason: 'Customer sold the house' });
    fireEvent.click(question.getByRole('button', { name: 'Keep It' }));
    await waitFor(() => expect(document.activeElement).toBe(card.getByRole('button', { name: 'Cancel Appointment: Pat Rivera' })));
  });

  it('reopens a cancelled appointment and shows its history, who, when and why', async () => {
    const appointment = staffAppointment({ status: 'cancelled', cancelReason: 'Called off' });
    const { api } = await renderTracking({
      appointments: [appointment],
      more: {
        'GET /api/appointments/12/history': () =>
          json(200, {
            items: [
              { id: 2, at: '2026-03-10T15:00:00.000Z', actor: 'dana@example.com', action: 'cancelled', fromStatus: 'scheduled', toStatus: 'cancelled', reason: 'Called off', detail: null },
              { id: 1, at: '2026-03-09T15:00:00.000Z', actor: 'Customer', action: 'booked', fromStatus: null, toStatus: 'scheduled', reason: null, detail: null },
            ],
          }),
        'POST /api/appointments/12/reopen': () => json(200, { ...appointment, status: 'scheduled', cancelReason: null, version: 2 }),
      },
    });
    await openTab('Appointments');
    const card = within(await screen.findByRole('article', { name: 'Pat Rivera' }));
    expect(card.getByText('Called off')).toBeTruthy();
    const toggle = card.getByRole('button', { name: "Show history of Pat Rivera's appointment" });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    const history = within(await card.findByRole('region', { name: "History of Pat Rivera's appointment" }));
    expect(await history.findByText('Cancelled (Scheduled → Cancelled) — Reason: Called off')).toBeTruthy();
    expect(history.getByText('Mar 10, 2026, 11:00 AM EDT · dana@example.com')).toBeTruthy();
    expect(history.getByText('Booked')).toBeTruthy();
    fireEvent.click(card.getByRole('button', { name: 'Reopen: Pat Rivera' }));
    await expectToast('Appointment reopened');
    expect(api.sent('POST /api/appointments/12/reopen')[0]?.body).toEqual({ version: 1 });
  });

  it('shows Error assigning technician with the server message', async () => {
    const { api } = await renderTracking({ appointments: [staffAppointment()] });
    api.answer('PUT /api/appointments/12/assign', () => apiError(400, 'BAD_REQUEST', 'Technician not found'));
    await openTab('Appointments');
    const select = (await screen.findByLabelText('Technician for Pat Rivera')) as HTMLSelectElement;
    await waitFor(() => expect(select.disabled).toBe(false));
    fireEvent.change(select, { target: { value: 'tech_ana' } });
    await expectToast('Error assigning technician', 'Technician not found');
  });

  it('pages through the day, and says when there are none', async () => {
    const appointments = Array.from({ length: 12 }, (_, index) => staffAppointment({ id: 100 + index, customerName: `Customer ${index + 1}` }));
    const { api } = await renderTracking({ appointments });
    await openTab('Appointments');
    expect(await screen.findByRole('article', { name: 'Customer 10' })).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Customer 11' })).toBeNull();
    const pages = within(screen.getByRole('navigation', { name: 'Appointment pages' }));
    expect(pages.getByText('Page 1 of 2')).toBeTruthy();
    fireEvent.click(pages.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('article', { name: 'Customer 12' })).toBeTruthy();
    expect(api.sent('GET /api/appointments').at(-1)?.query.get('page')).toBe('2');
  });

  it('says No appointments today', async () => {
    await renderTracking();
    await openTab('Appointments');
    expect(await screen.findByText('No appointments today.')).toBeTruthy();
    expect(screen.getByText(`Today, ${formatCalendarDay(businessDate())}`)).toBeTruthy();
  });

  it('assigns ahead: another day chosen in the date field lists, pages and assigns that day', async () => {
    const today = businessDate();
    const ahead = addDays(today, 3);
    const appointments = Array.from({ length: 11 }, (_, index) =>
      staffAppointment({ id: 200 + index, customerName: `Later ${index + 1}`, appointmentDate: ahead }),
    );
    const { api } = await renderTracking({ appointments: [staffAppointment(), ...appointments] });
    api.answer('PUT /api/appointments/201/assign', () => json(200, staffAppointment({ id: 201, technicianId: 'tech_ana' })));
    await openTab('Appointments');
    expect(await screen.findByRole('article', { name: 'Pat Rivera' })).toBeTruthy();

    type(screen.getByLabelText('Appointments on'), ahead);
    expect(await screen.findByRole('article', { name: 'Later 2' })).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Pat Rivera' })).toBeNull();
    expect(screen.getByText(formatCalendarDay(ahead))).toBeTruthy();
    expect(api.sent('GET /api/appointments').at(-1)?.query.get('date')).toBe(ahead);

    const select = screen.getByLabelText('Technician for Later 2') as HTMLSelectElement;
    await waitFor(() => expect(select.disabled).toBe(false));
    fireEvent.change(select, { target: { value: 'tech_ana' } });
    await expectToast('Technician assigned successfully');
    expect(api.sent('PUT /api/appointments/201/assign')[0]?.body).toEqual({ technicianId: 'tech_ana' });

    fireEvent.click(within(screen.getByRole('navigation', { name: 'Appointment pages' })).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('article', { name: 'Later 11' })).toBeTruthy();
    expect(Object.fromEntries(api.sent('GET /api/appointments').at(-1)!.query)).toMatchObject({ date: ahead, page: '2' });

    // The next day has none; another day starts again at its first page.
    fireEvent.click(screen.getByRole('button', { name: 'Next day' }));
    expect(await screen.findByText(`No appointments on ${formatCalendarDay(addDays(ahead, 1))}.`)).toBeTruthy();
    expect(Object.fromEntries(api.sent('GET /api/appointments').at(-1)!.query)).toMatchObject({ date: addDays(ahead, 1), page: '1' });
    fireEvent.click(screen.getByRole('button', { name: 'Previous day' }));
    expect(await screen.findByRole('article', { name: 'Later 1' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Today' }));
    expect(await screen.findByRole('article', { name: 'Pat Rivera' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Today' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByLabelText('Appointments on') as HTMLInputElement).value).toBe(today);
  });

  it("keeps the Overview on today's count whatever day Appointments shows", async () => {
    const ahead = addDays(businessDate(), 2);
    await renderTracking({ appointments: [staffAppointment(), staffAppointment({ id: 30, appointmentDate: ahead }), staffAppointment({ id: 31, appointmentDate: ahead })] });
    await openTab('Appointments');
    type(await screen.findByLabelText('Appointments on'), ahead);
    expect(await screen.findAllByRole('article')).toHaveLength(2);
    await openTab('Overview');
    await waitFor(() => expect(stat("Today's Appointments").textContent).toMatch(/^Today's Appointments1\D/));
  });

  it('shows the job record and the part waited for beside the intake; Part arrived ends the wait and leads to booking the return visit', async () => {
    const waiting = { part: 'Drain pump', partNumber: '00620774', expectedOn: '2026-03-16', since: '2026-03-10T18:40:00.000Z' };
    const jobRecord = { modelNumber: 'SHX878WD5N', serialNumber: null, diagnosis: 'Drain pump seized.', partsNeeded: 'Drain pump 00620774', recordedAt: '2026-03-10T18:40:00.000Z', recordedBy: 'Sara Martinez' };
    const warrantyClaim = { serviceCode: 'SZ-1234', failureCode: 'E07', distributorPartNumber: '00620774', distributorInvoice: 'INV 55#102', purchaseDate: '2024-05-17', recordedAt: '2026-03-10T18:45:00.000Z', recordedBy: 'Sara Martinez' };
    const { api } = await renderTracking({ appointments: [staffAppointment({ status: 'completed', jobRecord, waitingForParts: waiting, warrantyClaim })] });
    api.answer('POST /api/appointments/12/part-arrived', () =>
      json(200, { appointmentId: 12, appliance: 'Dishwasher', intake: null, record: jobRecord, waitingForParts: null, partArrivedAt: '2026-03-16T15:00:00.000Z', warrantyClaim }));
    await openTab('Appointments');
    const card = await screen.findByRole('article', { name: 'Pat Rivera' });
    const facts = within(card).getByRole('group', { name: 'Job record from the visit' });
    expect(factsOf(facts)).toEqual({
      'Waiting for parts': 'Drain pump (00620774), expected Monday, March 16',
      'Model (as read)': 'SHX878WD5N',
      Diagnosis: 'Drain pump seized.',
      'Parts needed': 'Drain pump 00620774',
      Recorded: 'Mar 10, 2026, 2:40 PM EDT by Sara Martinez',
      'Warranty claim': 'failure code E07; service code SZ-1234; part 00620774 on invoice INV 55#102; bought May 17, 2024',
    });
    api.answer('GET /api/appointments', () => {
      const answer = json(200, [staffAppointment({ status: 'completed', jobRecord, waitingForParts: null, partArrivedAt: '2026-03-16T15:00:00.000Z' })]);
      answer.headers.set('X-Total-Count', '1');
      return answer;
    });
    fireEvent.click(within(card).getByRole('button', { name: 'Part arrived for Pat Rivera' }));
    expect(await within(card).findByText(jobRecordMessages.partArrived)).toBeTruthy();
    const bookReturn = within(card).getByRole('link', { name: 'Book the return visit on the dispatch board' });
    expect(bookReturn.getAttribute('href')).toBe('/dispatch-board');
    expect(api.sent('POST /api/appointments/12/part-arrived')).toHaveLength(1);
    await waitFor(() => expect(within(card).queryByText(/^Drain pump \(00620774\), expected/)).toBeNull());

    // The link opens the board's caller form on the return visit, filled in from this visit; the office picks the
    // window with the customer and asks about texts again.
    const today = businessDate();
    const free = { timeSlot: '09:00-10:00', start: `${today}T13:00:00.000Z`, end: `${today}T14:00:00.000Z`, booked: 0, capacity: 2 };
    api.answer('GET /api/appointments/board', () => json(200, { date: today, windows: [free], appointments: [], closure: null }));
    api.answer('POST /api/appointments/for-caller', () =>
      json(201, { status: 'scheduled', confirmationCode: 'SAR-7KQ3', appointment: staffAppointment({ id: 40, timeSlot: '09:00-10:00' }), manageToken: 'token' }));
    fireEvent.click(bookReturn);
    const form = within(await screen.findByRole('region', { name: `Book Pat Rivera's return visit on ${formatCalendarDay(today)}` }));
    expect((form.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Pat Rivera');
    expect((form.getByLabelText(/^Street address/) as HTMLInputElement).value).toBe('12 Aviles Street');
    expect((form.getByLabelText(/^Appliance/) as HTMLSelectElement).value).toBe('Dishwasher');
    expect((form.getByLabelText(/^Problem/) as HTMLTextAreaElement).value).toBe(
      `Return visit to fit the Drain pump (part number 00620774), which the visit of ${formatCalendarDay(today)} (confirmation SA-12345) waited for.`,
    );
    expect((form.getByRole('checkbox', { name: /agreed to texts/ }) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(form.getByRole('radio', { name: /^9:00 AM/ }));
    fireEvent.click(form.getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: /return visit/ })).toBeNull());
    const [sent] = api.sent('POST /api/appointments/for-caller');
    expect(sent!.body).toMatchObject({ customerName: 'Pat Rivera', phone: '(904) 555-0142', email: 'pat@example.com', zipCode: '32084', serviceType: 'Repair', appliance: 'Dishwasher', brand: 'Bosch', appointmentDate: today, timeSlot: '09:00-10:00', smsConsent: false });
    // Booked once: the board's own button is back, and opening it again starts blank.
    fireEvent.click(await screen.findByRole('button', { name: 'Book for a caller' }));
    const blank = within(await screen.findByRole('region', { name: /^Book for a caller on/ }));
    expect((blank.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('');
  });
});

/** The term → value pairs of a card's description list. */
const factsOf = (card: HTMLElement) =>
  Object.fromEntries(within(card).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));

describe('tracking administration: Live Tracking', () => {
  it("allows a job dated another day for today, so its technician can start it, and says who did", async () => {
    const tomorrow = addDays(businessDate(), 1);
    const record = trackingRecord({ appointmentId: '21', scheduledStart: businessInstant(tomorrow, '09:00').toISOString(), scheduledEnd: businessInstant(tomorrow, '10:00').toISOString() });
    const { api } = await renderTracking({
      records: [record],
      more: { 'POST /api/tracking/:appointmentId/allow-today': () => json(200, { ...record, startAllowed: { day: businessDate(), by: 'owner@example.com' } }) },
    });
    await openTab('Live Tracking');
    const card = within(await screen.findByRole('article', { name: 'Appointment #21' }));
    expect(card.getByText(`Dated ${formatCalendarDay(tomorrow)}: its technician can start it today once you allow it.`)).toBeTruthy();
    api.answer('GET /api/tracking', () => json(200, { items: [{ ...record, startAllowed: { day: businessDate(), by: 'owner@example.com' } }], total: 1, page: 1, pageSize: 10 }));
    fireEvent.click(card.getByRole('button', { name: 'Allow starting today: appointment #21, Sara Martinez' }));
    await expectToast('Allowed today', 'Sara Martinez can start appointment #21 today.');
    expect(api.sent('POST /api/tracking/:appointmentId/allow-today').map((request) => request.path)).toEqual(['/api/tracking/21/allow-today']);
    expect(await card.findByText('Allowed today by owner@example.com: its technician can start it now.')).toBeTruthy();
    expect(card.queryByRole('button', { name: /^Allow / })).toBeNull();
  });

  it('shows each visit with its status name, customer location, ETA in Eastern time and progress', async () => {
    // Progress is the customer's page's rule on this page's clock: 20 of the 45 minutes before the 18:25 arrival.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-10T18:00:00.000Z'));
    onTestFinished(() => {
      vi.useRealTimers();
    });
    await renderTracking({
      records: [
        trackingRecord({ status: 'en-route', estimatedArrival: '2026-03-10T18:25:00.000Z', estimatedArrivalSource: 'live', progress: 44.4, distanceToCustomer: 3.26 }),
        trackingRecord({ appointmentId: '13', status: 'in-progress', customerLocation: { lat: null, lng: null, address: '1 Main St', precision: null, centreOf: null } }),
      ],
    });
    await openTab('Live Tracking');
    const first = within(await screen.findByRole('article', { name: 'Appointment #12' }));
    expect(first.getByText('En Route')).toBeTruthy();
    expect(first.getByText('Sara Martinez')).toBeTruthy();
    expect(first.getByText('12 Aviles Street, St Augustine, FL 32084')).toBeTruthy();
    expect(first.getByText('29.8947, -81.3145')).toBeTruthy();
    expect(first.getByText('Mar 10, 2026, 2:25 PM EDT')).toBeTruthy();
    expect(first.getByText('3.3 km')).toBeTruthy();
    expect(first.getByText('Street address')).toBeTruthy();
    expect(first.queryByText(/approximate/i)).toBeNull();
    expect(first.getByText('44%')).toBeTruthy();
    const bar = first.getByRole('progressbar', { name: 'Progress of appointment #12' });
    expect(bar.getAttribute('aria-valuenow')).toBe('44');
    const second = within(screen.getByRole('article', { name: 'Appointment #13' }));
    expect(second.getByText('In Progress')).toBeTruthy();
    expect(second.getByText('Not available')).toBeTruthy();
    expect(second.getByText('Not placed')).toBeTruthy();
    expect(second.getByText('Mar 10, 2026, 2:00 PM EDT (scheduled)')).toBeTruthy();
  });

  it('marks a ZIP’s or a town’s centre as approximate, its distance "about", and a remembered arrival position plainly', async () => {
    await renderTracking({
      records: [
        trackingRecord({ status: 'en-route', distanceToCustomer: 3.26, customerLocation: { lat: 29.8977, lng: -81.3422, address: '48 Cordova St, St Augustine, FL 32084', precision: 'zip', centreOf: '32084' } }),
        trackingRecord({ appointmentId: '13', status: 'en-route', distanceToCustomer: 1.04, customerLocation: { lat: 29.718, lng: -81.5081, address: '10 Main St, Hastings, FL 32145', precision: 'town', centreOf: 'Hastings' } }),
        trackingRecord({ appointmentId: '14', status: 'en-route', distanceToCustomer: 0.52, customerLocation: { lat: 29.8901, lng: -81.3117, address: '5 Visit Ln, St Augustine, FL 32084', precision: 'visit', centreOf: null } }),
      ],
    });
    await openTab('Live Tracking');
    const zip = await screen.findByRole('article', { name: 'Appointment #12' });
    expect(factsOf(zip)).toMatchObject({ 'Home position': 'Home location approximate (ZIP 32084 centre)', Distance: 'about 3.3 km' });
    const town = screen.getByRole('article', { name: 'Appointment #13' });
    expect(factsOf(town)).toMatchObject({ 'Home position': 'Home location approximate (Hastings centre)', Distance: 'about 1.0 km' });
    const visited = screen.getByRole('article', { name: 'Appointment #14' });
    expect(factsOf(visited)).toMatchObject({ 'Home position': 'Where a technician arrived before', Distance: '0.5 km' });
    expect(within(visited).queryByText(/approximate|about/i)).toBeNull();
  });

  it('follows a tracking update from the live socket', async () => {
    const { api, live } = await renderTracking({ records: [trackingRecord()] });
    await openTab('Live Tracking');
    expect(await within(await screen.findByRole('article', { name: 'Appointment #12' })).findByText('Dispatched')).toBeTruthy();
    const socket = await live.current();
    socket.open();
    socket.receive({ type: 'subscribed', appointmentId: null });
    api.answer('GET /api/tracking', ({ query }) => json(200, { items: [trackingRecord({ status: 'arrived' })], total: 1, page: 1, pageSize: Number(query.get('pageSize')) }));
    socket.receive({ type: 'tracking_update', appointmentId: '12' });
    expect(await within(screen.getByRole('article', { name: 'Appointment #12' })).findByText('Arrived')).toBeTruthy();
  });

  it('says when no visit is under way, and offers Try Again when the list fails', async () => {
    const { api } = await renderTracking({ more: { 'GET /api/tracking': () => apiError(503, 'SERVICE_UNAVAILABLE', 'Tracking is down') } });
    await openTab('Live Tracking');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Unable to load live tracking' })).toBeTruthy();
    api.answer('GET /api/tracking', () => json(200, { items: [], total: 0, page: 1, pageSize: 10 }));
    fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No open job today. Assign one on the Appointments tab to start tracking, or show every open job.')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Every open job, whatever its day' }));
    expect(await screen.findByText('No technician is on a job right now. Assign one on the Appointments tab to start tracking.')).toBeTruthy();
  });

  it("lists today's open jobs, another day's, or every open job", async () => {
    const { api } = await renderTracking({ records: [trackingRecord()] });
    await openTab('Live Tracking');
    await screen.findByRole('article', { name: 'Appointment #12' });
    const today = businessDate();
    const asked = () => api.sent('GET /api/tracking').map((request) => request.query.get('date'));
    await waitFor(() => expect(asked()).toContain(today));
    fireEvent.click(screen.getByRole('button', { name: 'Next day' }));
    await waitFor(() => expect(asked()).toContain(addDays(today, 1)));
    expect(screen.getByText(formatCalendarDay(addDays(today, 1)))).toBeTruthy();
    const before = asked().length;
    fireEvent.click(screen.getByRole('checkbox', { name: 'Every open job, whatever its day' }));
    await waitFor(() => expect(asked().slice(before)).toContain(null));
    expect(screen.queryByLabelText('Jobs on')).toBeNull();
  });
});
