import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { businessDate, callerBookingMessages, type ArrivalWindow, type CallerBookingParsed, type DayRoutes, type DispatchBoard, type RouteVisit, type StaffAppointment } from '@repo/contracts';
import { apiError, fakeApi, json } from '@repo/ui/testing/api';
import { fakeLiveSocket } from '@repo/ui/testing/live-socket';
import { expectFieldError, expectPageHeading } from '@repo/ui/testing/queries';
import { workingWeekOf } from '../../features/dispatch-board/components/week-board.tsx';
import { formatCalendarDay } from '../../lib/format.ts';
import { App } from '../index.tsx';
import { renderAppAt, signIn, staffAppointment, staffUser, technician, type } from './support/fixtures.ts';

const window = (timeSlot: string, booked: number, capacity = 2): ArrivalWindow => ({
  timeSlot,
  start: '2026-11-24T14:00:00.000Z',
  end: '2026-11-24T15:00:00.000Z',
  booked,
  capacity,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function renderBoard(options: { closedSlots?: string[] | null } = {}) {
  const live = fakeLiveSocket();
  const board: DispatchBoard = {
    date: '2026-11-24',
    windows: [window('09:00-10:00', 0), window('10:00-11:00', 2), window('11:00-12:00', 1)],
    appointments: [staffAppointment({ appointmentDate: '2026-11-24', timeSlot: '11:00-12:00', technicianId: 'tech_sara' })],
    closure: options.closedSlots === undefined ? null : { reason: 'Staff training', openSlots: options.closedSlots },
  };
  const api = fakeApi({
    ...signIn(staffUser),
    'GET /api/appointments/board': () => json(200, board),
    'GET /api/technicians': () => json(200, [technician()]),
    'POST /api/appointments/for-caller': ({ body }) => {
      const request = body as CallerBookingParsed;
      if (request.timeSlot === '10:00-11:00' && !request.overCapacity) return apiError(409, 'CONFLICT', callerBookingMessages.full, { timeSlot: callerBookingMessages.full });
      const appointment = staffAppointment({ customerName: request.customerName, appointmentDate: request.appointmentDate, timeSlot: request.timeSlot });
      return json(201, { status: 'scheduled', confirmationCode: 'SAR-7KQ2', appointment, manageToken: 'token' });
    },
  });
  await renderAppAt(<App />, '/dispatch-board');
  await expectPageHeading('Dispatch Board');
  return { api, live };
}

async function openCallerForm(options: { closedSlots?: string[] | null } = {}) {
  const { api } = await renderBoard(options);
  fireEvent.click(await screen.findByRole('button', { name: 'Book for a caller' }));
  const dialog = within(await screen.findByRole('region', { name: /Book for a caller on/ }));
  return { api, dialog };
}

function fillCaller(dialog: ReturnType<typeof within>) {
  type(dialog.getByLabelText(/^Name/), 'Rosa Caller');
  type(dialog.getByLabelText(/^Phone/), '(904) 555-0177');
  type(dialog.getByLabelText(/^Email/), 'rosa@example.com');
  type(dialog.getByLabelText(/^Street address/), '12 Aviles St');
  type(dialog.getByLabelText(/^City/), 'St. Augustine');
  type(dialog.getByLabelText(/^ZIP code/), '32084');
  type(dialog.getByLabelText(/^Service/), 'Repair');
  type(dialog.getByLabelText(/^Appliance/), 'Refrigerator');
  type(dialog.getByLabelText(/^Brand/), 'Sub-Zero');
}

describe('booking for a caller from the dispatch board', () => {
  it('says what is missing beside each field, sending nothing', async () => {
    const { api, dialog } = await openCallerForm();
    fireEvent.click(dialog.getByRole('button', { name: 'Book' }));
    await expectFieldError(dialog.getByLabelText(/^Name/), 'Customer name is required');
    await expectFieldError(dialog.getByLabelText(/^Service/), 'Service type is required');
    expect(await dialog.findByText('Time slot is required')).toBeTruthy();
    expect(api.sent('POST /api/appointments/for-caller')).toHaveLength(0);
  });

  it('shows each window with its places, books one with the form’s key, and the board says what was booked', async () => {
    const { api, dialog } = await openCallerForm();
    expect(dialog.getByRole('radio', { name: /^10:00 AM.*full \(2 of 2 booked\)/ })).toBeTruthy();
    fillCaller(dialog);
    fireEvent.click(dialog.getByRole('radio', { name: /^9:00 AM.*0 of 2 booked/ }));
    fireEvent.click(dialog.getByRole('checkbox', { name: /agreed to texts/ }));
    fireEvent.click(dialog.getByRole('button', { name: 'Book' }));
    // The board's live region (beside dnd-kit's own, also a status) says what was booked.
    const status = (await screen.findByText(/^Rosa Caller, /)).closest('[role="status"]')!;
    expect(status).toBeTruthy();
    expect(status.textContent).toContain(callerBookingMessages.booked('SAR-7KQ2'));
    await waitFor(() => expect(screen.queryByRole('region', { name: /Book for a caller on/ })).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Book for a caller' }));
    const [sent] = api.sent('POST /api/appointments/for-caller');
    expect(sent!.body).toMatchObject({ customerName: 'Rosa Caller', appointmentDate: '2026-11-24', timeSlot: '09:00-10:00', smsConsent: true, overCapacity: false });
    expect(sent!.headers.get('idempotency-key')).toMatch(/^caller-/);
  });

  it('offers over capacity only for a full window, asks why, and sends the reason', async () => {
    const { api, dialog } = await openCallerForm();
    fillCaller(dialog);
    expect(dialog.queryByRole('checkbox', { name: 'Book over capacity' })).toBeNull();
    fireEvent.click(dialog.getByRole('radio', { name: /^10:00 AM/ }));
    fireEvent.click(dialog.getByRole('checkbox', { name: /Book over capacity/ }));
    fireEvent.click(dialog.getByRole('button', { name: 'Book' }));
    await expectFieldError(dialog.getByLabelText(/^Why/), callerBookingMessages.reasonRequired);
    expect(api.sent('POST /api/appointments/for-caller')).toHaveLength(0);

    type(dialog.getByLabelText(/^Why/), 'Mike can fit it in');
    fireEvent.click(dialog.getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(api.sent('POST /api/appointments/for-caller')).toHaveLength(1));
    expect(api.sent('POST /api/appointments/for-caller')[0]!.body).toMatchObject({ timeSlot: '10:00-11:00', overCapacity: true, overCapacityReason: 'Mike can fit it in' });
  });

  it('puts the server’s refusal of a full window beside the windows and keeps the form', async () => {
    const { dialog } = await openCallerForm();
    fillCaller(dialog);
    fireEvent.click(dialog.getByRole('radio', { name: /^10:00 AM/ }));
    // Sent without ticking over capacity: the server refuses, in words beside the windows.
    fireEvent.click(dialog.getByRole('button', { name: 'Book' }));
    expect(await dialog.findByText(callerBookingMessages.full)).toBeTruthy();
    expect((dialog.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Rosa Caller');
  });

  it('does not offer windows the day’s closure shuts', async () => {
    const { dialog } = await openCallerForm({ closedSlots: ['09:00-10:00'] });
    expect((dialog.getByRole('radio', { name: /^10:00 AM.*closed/ }) as HTMLInputElement).disabled).toBe(true);
    expect((dialog.getByRole('radio', { name: /^9:00 AM.*0 of 2 booked/ }) as HTMLInputElement).disabled).toBe(false);
  });
});

describe('the technicians’ live status on the board', () => {
  it('shows each technician’s status and last position, and follows the live socket', async () => {
    const { api, live } = await renderBoard();
    const lane = within(await screen.findByRole('region', { name: 'Sara Martinez' }));
    expect(lane.getByText('Available')).toBeTruthy();
    const socket = await live.current();
    socket.open();
    socket.receive({ type: 'subscribed', appointmentId: null });
    api.answer('GET /api/technicians', () =>
      json(200, [technician({ status: 'busy', currentLocation: { lat: 29.89, lng: -81.31, address: 'King St', lastUpdated: '2026-11-24T15:05:00.000Z' } })]),
    );
    socket.receive({ type: 'location_update', technicianId: 'tech_sara', appointmentId: null });
    expect(await lane.findByText('Busy')).toBeTruthy();
    expect(lane.getByTestId('last-seen').textContent).toBe('Seen 10:05 AM near King St');
  });
});

describe('the week view', () => {
  it('shows the working week by technician and day, and a day’s heading opens that day', async () => {
    const week = workingWeekOf(businessDate(new Date()));
    const visits: Record<string, StaffAppointment[]> = {
      [week[0]!]: [staffAppointment({ id: 31, customerName: 'Uma Unassigned', appointmentDate: week[0]!, timeSlot: '09:00-10:00', technicianId: null, appliance: 'Washer', brand: 'LG' })],
      [week[2]!]: [
        staffAppointment({ id: 33, customerName: 'Late Visit', appointmentDate: week[2]!, timeSlot: '15:00-16:00', technicianId: 'tech_sara', appliance: 'Oven', brand: 'Wolf' }),
        staffAppointment({ id: 32, customerName: 'Early Visit', appointmentDate: week[2]!, timeSlot: '08:00-09:00', technicianId: 'tech_sara', appliance: 'Refrigerator', brand: 'Sub-Zero', status: 'confirmed' }),
      ],
    };
    const api = fakeApi({
      ...signIn(staffUser),
      'GET /api/technicians': () => json(200, [technician()]),
      'GET /api/appointments/board': ({ query }) => {
        const date = query.get('date')!;
        return json(200, { date, windows: [window('08:00-09:00', 0)], appointments: visits[date] ?? [], closure: null } satisfies DispatchBoard);
      },
    });
    fakeLiveSocket();
    await renderAppAt(<App />, '/dispatch-board');
    await expectPageHeading('Dispatch Board');
    fireEvent.click(screen.getByRole('radio', { name: 'Week' }));
    const table = await screen.findByRole('table', { name: /^Week of Monday/ });
    // The week's six days, and today's, which the day view asked for first (on a Sunday, not one of the week's).
    expect(new Set(api.sent('GET /api/appointments/board').map((request) => request.query.get('date')))).toEqual(new Set([...week, businessDate(new Date())]));

    const rows = within(table).getAllByRole('row');
    const cellsOf = (name: string) => within(rows.find((row) => within(row).queryByRole('rowheader', { name }))!).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cellsOf('Unassigned')[0]).toContain('Uma Unassigned · LG Washer');
    const sara = cellsOf('Sara Martinez');
    expect(sara[2]).toMatch(/^8:00 AM.*Confirmed.*Early Visit · Sub-Zero Refrigerator3:00 PM.*Scheduled.*Late Visit · Wolf Oven$/);
    expect(sara.filter((text) => text !== '')).toHaveLength(1);

    fireEvent.click(within(table).getByRole('button', { name: `Open ${formatCalendarDay(week[2]!)}` }));
    expect(await screen.findByRole('article', { name: 'Early Visit' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Day' }) as HTMLInputElement).checked).toBe(true);
  });
});

describe('the routes view', () => {
  it('lists each technician’s visits in order with the drive between them, and shows a travel conflict', async () => {
    const visit = (id: number, from: string, to: string, more: Partial<RouteVisit> = {}): RouteVisit => ({
      appointmentId: id, customerName: `Customer ${id}`, address: `${id} Main St, St Augustine`, appliance: 'Oven', brand: 'Wolf', status: 'scheduled',
      startsAt: `2026-11-25T${from}:00-05:00`, endsAt: `2026-11-25T${to}:00-05:00`, location: { lat: 29.9, lng: -81.3, precision: 'zip' },
      fromPrevious: null, travelConflict: null, ...more,
    });
    const conflict = 'Cannot be reached in its window: after the previous visit (about 60 min from 10:00 AM) and about 110 min of driving, the earliest arrival is 12:50 PM, after the window ends at 12:00 PM.';
    const routes: DayRoutes = {
      date: '2026-11-25',
      visitMinutes: 60,
      technicians: [
        { technicianId: 'tech_sara', name: 'Sara Martinez', status: 'busy', position: null, visits: [
          visit(1, '09:00', '10:00'),
          visit(2, '10:00', '11:00', { fromPrevious: { km: 0, minutes: 0 } }),
          visit(3, '11:00', '12:00', { fromPrevious: { km: 41.2, minutes: 110 }, travelConflict: conflict }),
        ] },
        { technicianId: 'tech_mike', name: 'Mike Johnson', status: 'available', position: null, visits: [] },
      ],
    };
    const api = fakeApi({
      ...signIn(staffUser),
      'GET /api/technicians': () => json(200, [technician()]),
      'GET /api/appointments/board': ({ query }) => json(200, { date: query.get('date')!, windows: [], appointments: [], closure: null } satisfies DispatchBoard),
      'GET /api/tracking/day-routes': () => json(200, routes),
    });
    fakeLiveSocket();
    await renderAppAt(<App />, '/dispatch-board');
    await expectPageHeading('Dispatch Board');
    fireEvent.click(screen.getByRole('radio', { name: 'Routes' }));
    const sara = within(await screen.findByRole('region', { name: 'Sara Martinez' }));
    const stops = sara.getAllByRole('listitem').map((item) => item.textContent);
    expect(stops[0]).toBe('9:00 AM - 10:00 AM · Customer 1Wolf Oven, 1 Main St, St AugustineFirst visit of the day');
    expect(stops[1]).toContain('At the previous address');
    expect(stops[2]).toContain('About 41.2 km, 110 min from the previous visit');
    expect(sara.getByRole('note').textContent).toContain(conflict);
    expect(within(screen.getByRole('region', { name: 'Mike Johnson' })).getByText('No visits this day.')).toBeTruthy();
    expect(screen.getByText(/1 travel conflict\./)).toBeTruthy();
    expect(api.sent('GET /api/tracking/day-routes')[0]!.query.get('date')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('the map view', () => {
  const visit = (id: number, from: string, to: string, location: RouteVisit['location']): RouteVisit => ({
    appointmentId: id, customerName: `Customer ${id}`, address: `${id} Main St, St Augustine`, appliance: 'Oven', brand: 'Wolf', status: 'scheduled',
    startsAt: `2026-11-25T${from}:00-05:00`, endsAt: `2026-11-25T${to}:00-05:00`, location, fromPrevious: null, travelConflict: null,
  });
  const placed = (lat: number, lng: number): RouteVisit['location'] => ({ lat, lng, precision: 'street' });

  async function openMap(routes: () => Response | Promise<Response>) {
    const api = fakeApi({
      ...signIn(staffUser),
      'GET /api/technicians': () => json(200, [technician()]),
      'GET /api/appointments/board': ({ query }) => json(200, { date: query.get('date')!, windows: [], appointments: [], closure: null } satisfies DispatchBoard),
      'GET /api/tracking/day-routes': routes,
    });
    const live = fakeLiveSocket();
    await renderAppAt(<App />, '/dispatch-board');
    await expectPageHeading('Dispatch Board');
    fireEvent.click(screen.getByRole('radio', { name: 'Map' }));
    return { api, live };
  }

  it('draws each technician’s position and stops joined in order, each with its letter, and lists the same in words', async () => {
    const routes: DayRoutes = {
      date: '2026-11-25',
      visitMinutes: 60,
      technicians: [
        {
          technicianId: 'tech_sara', name: 'Sara Martinez', status: 'busy',
          position: { lat: 29.89, lng: -81.31, address: '1 King St', lastUpdated: '2026-11-25T14:05:00.000Z' },
          visits: [visit(1, '09:00', '10:00', placed(29.9, -81.3)), visit(2, '10:00', '11:00', placed(29.91, -81.32)), visit(3, '11:00', '12:00', null)],
        },
        { technicianId: 'tech_mike', name: 'Mike Johnson', status: 'available', position: null, visits: [visit(4, '13:00', '14:00', placed(29.95, -81.35))] },
      ],
    };
    await openMap(() => json(200, routes));
    const map = await screen.findByRole('region', { name: /^Map of .*technicians and their visits$/ });
    await waitFor(() => expect(map.querySelectorAll('.leaflet-marker-icon')).toHaveLength(4));
    const titles = [...map.querySelectorAll('.leaflet-marker-icon')].map((marker) => marker.getAttribute('title'));
    expect(titles).toEqual([
      'A1: Stop 1 of Sara Martinez, 9:00 AM - 10:00 AM, Customer 1, 1 Main St, St Augustine',
      'A2: Stop 2 of Sara Martinez, 10:00 AM - 11:00 AM, Customer 2, 2 Main St, St Augustine',
      'B1: Stop 1 of Mike Johnson, 1:00 PM - 2:00 PM, Customer 4, 4 Main St, St Augustine',
      'A: Sara Martinez now. Seen 9:05 AM near 1 King St',
    ]);
    // Reachable from the keyboard: Leaflet makes every marker a tab stop.
    for (const marker of map.querySelectorAll('.leaflet-marker-icon')) expect(marker.getAttribute('tabindex')).toBe('0');
    // Sara's two placed stops joined by a line; Mike's one stop has none.
    expect(map.querySelectorAll('.leaflet-overlay-pane path')).toHaveLength(1);
    expect(map.querySelector('.leaflet-overlay-pane path')?.getAttribute('stroke')).toBe('#1c5fb8');

    const sara = within(screen.getByRole('region', { name: 'A: Sara Martinez' }));
    expect(sara.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'A1 · 9:00 AM - 10:00 AM · Customer 1, 1 Main St, St Augustine',
      'A2 · 10:00 AM - 11:00 AM · Customer 2, 2 Main St, St Augustine',
      'A3 · 11:00 AM - 12:00 PM · Customer 3, 3 Main St, St Augustine (not on the map: the address could not be placed)',
    ]);
    expect(sara.getByText('Seen 9:05 AM near 1 King St')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'B: Mike Johnson' })).getByText('No position yet')).toBeTruthy();
    expect(screen.getByText(/^4 visits on .*, 1 not on the map\./)).toBeTruthy();
  });

  it('moves a technician’s marker when the live feed says they moved', async () => {
    let seen = { lat: 29.89, lastUpdated: '2026-11-25T14:05:00.000Z' };
    const routes = (): DayRoutes => ({
      date: '2026-11-25',
      visitMinutes: 60,
      technicians: [
        { technicianId: 'tech_sara', name: 'Sara Martinez', status: 'busy', position: { lat: seen.lat, lng: -81.31, address: null, lastUpdated: seen.lastUpdated }, visits: [] },
      ],
    });
    const { api, live } = await openMap(() => json(200, routes()));
    const map = await screen.findByRole('region', { name: /^Map of / });
    await waitFor(() => expect(map.querySelectorAll('.leaflet-marker-icon')).toHaveLength(1));
    const before = api.sent('GET /api/tracking/day-routes').length;
    seen = { lat: 29.95, lastUpdated: '2026-11-25T14:10:00.000Z' };
    const socket = await live.current();
    socket.open();
    socket.receive({ type: 'subscribed', appointmentId: null });
    socket.receive({ type: 'location_update', technicianId: 'tech_sara', appointmentId: null });
    await waitFor(() => expect(api.sent('GET /api/tracking/day-routes').length).toBeGreaterThan(before));
    await screen.findByText('Seen 9:10 AM');
    await waitFor(() => expect(map.querySelector('.leaflet-marker-icon')?.getAttribute('title')).toBe('A: Sara Martinez now. Seen 9:10 AM'));
  });

  it('says when the day has nothing to show, and offers a retry when the routes cannot be loaded', async () => {
    let fail = true;
    await openMap(() => (fail ? apiError(500, 'INTERNAL', 'Something went wrong') : json(200, { date: '2026-11-25', visitMinutes: 60, technicians: [] } satisfies DayRoutes)));
    expect(await screen.findByText('Unable to load the map')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /try again/i }));
    expect(await screen.findByText(/^No visits and no technician positions on /)).toBeTruthy();
  });
});
