import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appointmentPageMessages, businessContact, trackingMessages, trackingStatusLabels, wsMessages, type InvoiceSummary, type TrackingRecord, type TrackingStatus } from '@repo/contracts';
import { toastRegionLabel } from '@repo/ui';
import { expectDocumentTitle, expectPageHeading, expectToast } from '@repo/ui/testing/queries';
import { reloadPage } from '../../lib/full-redirect.ts';
import { App } from '../index.tsx';
import { apiError, fakeApi, heldAnswer, json, type Answer } from '@repo/ui/testing/api';
import { fakeLiveSocket, type FakeLiveSocket } from '@repo/ui/testing/live-socket';
import { appointment, appointmentDetails, businessDay, customer, linkToken, technician, trackingRecord } from './support/fixtures.ts';

vi.mock('../../lib/full-redirect.ts', () => ({ fullRedirect: vi.fn(), reloadPage: vi.fn() }));

const trackingPath = 'GET /api/tracking/12';
const technicianPath = 'GET /api/technicians/tech-3';
const detailsPath = 'GET /api/customer/appointments/12';
const invoicesPath = 'GET /api/payments/invoices';
/** The signed-in customer's invoices of appointment 12 as payments lists them. */
const visitInvoices = (...items: Partial<InvoiceSummary>[]) =>
  json(200, {
    items: items.map((item) => ({
      id: 41, number: 'INV-1041', appointmentId: 12, status: 'sent', totalCents: 18_550, balanceCents: 18_550, dueDate: '2026-03-24', createdAt: '2026-03-10T19:00:00.000Z',
      customer: { name: 'Jordan Smith', email: 'jordan@example.com', phone: '(904) 555-0100', address: '48 Cordova St, St Augustine, FL 32084' },
      ...item,
    })),
    total: items.length, page: 1, pageSize: 1,
  });

function renderAt(address: string) {
  window.history.replaceState(null, '', address);
  render(<App />);
}

const expectedHeadings: Record<TrackingStatus, string> = {
  dispatched: 'Your Visit Is Scheduled',
  'en-route': 'Your Technician is On The Way',
  arrived: 'Your Technician Has Arrived',
  'in-progress': 'Your Repair Is Under Way',
  completed: 'Your Service Is Complete',
};

/** The owner's view of appointment 12: the record, its technician and the appointment's details (for the track token). */
async function renderTracking(record: TrackingRecord, address = '/technician-tracking?appointment=12', more: Record<string, Answer> = {}) {
  const api = fakeApi({
    [trackingPath]: () => json(200, record),
    [technicianPath]: () => json(200, technician()),
    [detailsPath]: () => json(200, appointmentDetails({ trackToken: 'track/tok' }, { technicianId: 'tech-3' })),
    [invoicesPath]: () => visitInvoices({}),
    ...more,
  });
  renderAt(address);
  await expectPageHeading(record.closed ? /./ : expectedHeadings[record.status]);
  return api;
}

/** The term → value pairs of a card's description list. */
const factsOf = (card: HTMLElement) =>
  Object.fromEntries(within(card).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));

const card = (name: string) => screen.getByRole('region', { name });

const mapName = 'Live map of your technician and your address';
/** The map's markers, by the names Leaflet gives them (their titles). */
const markersOf = (map: HTMLElement) => [...map.querySelectorAll('.leaflet-marker-icon')].map((marker) => marker.getAttribute('title'));

/** A timeline step's text without its hidden marker (a tick or the step's number). */
const stepText = (step: HTMLElement) => (step.textContent ?? '').replace(/^(✓|\d)/, '');

let live: FakeLiveSocket;

beforeEach(() => {
  vi.mocked(reloadPage).mockClear();
  live = fakeLiveSocket();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('tracking page: states', () => {
  it('shows Loading Tracking Information while the record loads', async () => {
    const held = heldAnswer();
    fakeApi({ [trackingPath]: held.answer, [technicianPath]: () => json(200, technician()), [detailsPath]: () => json(200, appointmentDetails()) });
    renderAt('/technician-tracking?appointment=12');
    const heading = await screen.findByRole('heading', { name: 'Loading Tracking Information' });
    expect(heading.closest('[role="status"]')).toBeTruthy();
    await expectDocumentTitle('Technician Tracking | St Augustine Appliance Repair');
    held.release(json(200, trackingRecord()));
    await expectPageHeading('Your Visit Is Scheduled');
  });

  it('shows an error state when the record cannot be loaded, and Try Again reloads the page', async () => {
    fakeApi({ [trackingPath]: () => apiError(503, 'UNAVAILABLE', 'Tracking is unavailable') });
    renderAt('/technician-tracking?appointment=12');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Unable to Load Tracking' })).toBeTruthy();
    expect(within(alert).getByText("We're having trouble accessing your tracking information right now.")).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it("says an expired link has expired, with the appointment page's message and a log-in link, and forgets the token", async () => {
    const api = fakeApi({ [trackingPath]: () => apiError(401, 'UNAUTHORIZED', appointmentPageMessages.linkExpired) });
    renderAt('/technician-tracking?appointment=12#access=old%2Ftok');
    await expectPageHeading('Link expired');
    expect(screen.getByText(appointmentPageMessages.linkExpired)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(api.sent(trackingPath)[0]?.headers.get('x-appointment-access')).toBe('old/tok');
    await waitFor(() => expect(window.sessionStorage.getItem('appointment-access:12')).toBeNull());
    expect(window.location.hash).toBe('');
  });

  it('asks a visitor without a session or link to log in', async () => {
    fakeApi({ [trackingPath]: () => apiError(401, 'UNAUTHORIZED', 'Please log in') });
    renderAt('/technician-tracking?appointment=12');
    await expectPageHeading('Please log in');
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  });

  it("shows the not-found card for an appointment that is missing or someone else's", async () => {
    fakeApi({ [trackingPath]: () => apiError(404, 'NOT_FOUND', trackingMessages.notFound) });
    renderAt('/technician-tracking?appointment=12');
    await expectPageHeading('Tracking not found');
    expect(screen.getByText(trackingMessages.notFound)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your portal' }).getAttribute('href')).toBe('/customer-portal');
  });

  it.each(['abc', '0', '', '12x'])('shows the not-found card for ?appointment=%s without asking the server', async (id) => {
    const api = fakeApi({});
    renderAt(`/technician-tracking?appointment=${id}`);
    await expectPageHeading('Tracking not found');
    expect(api.requests).toHaveLength(0);
  });
});

describe('tracking page: without an appointment in the address', () => {
  it("opens a signed-in customer's next active appointment that has a technician", async () => {
    const api = fakeApi({
      'GET /api/auth/session': () => json(200, { customer }),
      'GET /api/customer/appointments': () =>
        json(200, [
          appointment({ id: 40, appointmentDate: businessDay(1), technicianId: null }),
          appointment({ id: 12, appointmentDate: businessDay(3), technicianId: 'tech-3' }),
          appointment({ id: 41, appointmentDate: businessDay(5), technicianId: 'tech-1' }),
        ]),
      [trackingPath]: () => json(200, trackingRecord()),
      [technicianPath]: () => json(200, technician()),
      [detailsPath]: () => json(200, appointmentDetails({ trackToken: 'track/tok' })),
    });
    renderAt('/technician-tracking');
    await expectPageHeading('Your Visit Is Scheduled');
    expect(window.location.search).toBe('?appointment=12');
    expect(api.sent('GET /api/tracking/41')).toHaveLength(0);
  });

  it('shows a clear empty state with links to the portal and to booking when no technician is on the way', async () => {
    fakeApi({
      'GET /api/auth/session': () => json(200, { customer }),
      'GET /api/customer/appointments': () => json(200, [appointment({ id: 40, appointmentDate: businessDay(1), technicianId: null })]),
    });
    renderAt('/technician-tracking');
    await expectPageHeading('No technician on the way');
    expect(screen.getByText(/None of your upcoming appointments has a technician assigned yet/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your portal' }).getAttribute('href')).toBe('/customer-portal');
    expect(screen.getByRole('link', { name: 'Book service' }).getAttribute('href')).toBe('http://localhost:8080/book-appointment');
  });

  it('asks a signed-out visitor to log in', async () => {
    fakeApi({ 'GET /api/auth/session': () => json(200, { customer: null }) });
    renderAt('/technician-tracking');
    await expectPageHeading('Please log in');
  });
});

describe('tracking page: the visit', () => {
  it('shows the cards with real data only: Calculating... and a map without markers while positions are unknown', async () => {
    const api = await renderTracking(trackingRecord({ status: 'en-route' }));
    expect(screen.getByText('Technician dispatched')).toBeTruthy();
    expect(factsOf(card('Service Details'))).toEqual({
      'Service type': 'Repair',
      Appliance: 'Dishwasher',
      Brand: 'Bosch',
      Address: '12 Aviles Street, St Augustine, FL 32084',
    });
    const location = card('Live Location Tracking');
    expect(factsOf(location)).toEqual({ 'Technician location': 'Calculating...', Distance: 'Calculating...', ETA: 'Calculating...' });
    const map = await within(location).findByRole('region', { name: mapName });
    expect(markersOf(map)).toEqual([]);
    expect(map.querySelectorAll('.leaflet-overlay-pane path')).toHaveLength(0);
    // The default view (St Augustine: 29.9012, -81.3124 at zoom 13) is where the map looks, not a position it draws.
    await waitFor(() => expect(map.querySelector('img.leaflet-tile')?.getAttribute('src')).toMatch(/\/13\/2245\/3382\.png$/));
    expect(within(location).queryByText('Loading map...')).toBeNull();
    // No directions to the customer's own home, where they wait for the technician.
    expect(within(location).queryByRole('link', { name: /Directions/ })).toBeNull();
    // The technician of this appointment, asked for as the appointment's technician.
    expect(api.sent(technicianPath)[0]?.query.get('appointment')).toBe('12');
    expect(screen.getByRole('link', { name: 'Back to your portal' }).getAttribute('href')).toBe('/customer-portal');
    expect(screen.getByRole('link', { name: 'See this appointment' }).getAttribute('href')).toBe('/appointments/12');
  });

  it('puts the live map and ETA first while the technician is on the way, the visit details after (first on a phone)', async () => {
    await renderTracking(trackingRecord({ status: 'en-route' }));
    await within(card('Your Technician')).findByText('Maria Lopez');
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual(['Live Location Tracking', 'Estimated Arrival', 'Your Technician', 'Service Details', 'Service Timeline']);
  });

  it('shows the position, distance to one decimal and ETA in minutes once known, without the map placeholder', async () => {
    await renderTracking(
      trackingRecord({
        status: 'en-route',
        location: { lat: 29.8947, lng: -81.3145, address: null, lastUpdated: '2026-03-10T17:40:00.000Z' },
        distanceToCustomer: 3.449,
        estimatedTimeToArrival: 11.6,
        estimatedArrivalSource: 'live',
      }),
    );
    const location = card('Live Location Tracking');
    expect(factsOf(location)).toEqual({ 'Technician location': '29.8947, -81.3145', Distance: '3.4 km', ETA: '12 min' });
    expect(within(location).getByText('Position updated Mar 10, 1:40 PM')).toBeTruthy();
    const map = await within(location).findByRole('region', { name: mapName });
    await waitFor(() => expect(markersOf(map)).toEqual(['Your technician']));
  });

  it('says when the home position is only the ZIP’s centre: distance and ETA as "about", the pin marked approximate', async () => {
    await renderTracking(
      trackingRecord({
        status: 'en-route',
        location: { lat: 29.8947, lng: -81.3145, address: '1 King Street, St Augustine', lastUpdated: '2026-03-10T17:40:00.000Z' },
        customerLocation: { lat: 29.8977, lng: -81.3422, address: '12 Aviles Street, St Augustine, FL 32084', precision: 'zip', centreOf: '32084' },
        distanceToCustomer: 3.449,
        estimatedTimeToArrival: 11.6,
        estimatedArrivalSource: 'live',
      }),
    );
    const location = card('Live Location Tracking');
    expect(factsOf(location)).toEqual({ 'Technician location': '1 King Street, St Augustine', Distance: 'about 3.4 km', ETA: 'about 12 min' });
    expect(within(location).getByText('Home location approximate (ZIP 32084 centre)')).toBeTruthy();
    const map = await within(location).findByRole('region', { name: mapName });
    await waitFor(() => expect(markersOf(map)).toEqual(['Your address (approximate)', 'Your technician']));
    fireEvent.click(map.querySelector<HTMLElement>('.leaflet-marker-icon')!);
    await waitFor(() =>
      expect(map.querySelector('.leaflet-popup-content')?.textContent).toBe('Your address12 Aviles Street, St Augustine, FL 32084Home location approximate (ZIP 32084 centre)'),
    );
  });

  it('names the town when the home position is only the town’s centre', async () => {
    await renderTracking(
      trackingRecord({
        status: 'en-route',
        location: { lat: 29.7, lng: -81.5, address: null, lastUpdated: '2026-03-10T17:40:00.000Z' },
        customerLocation: { lat: 29.718, lng: -81.5081, address: '10 Main St, Hastings, FL 32145', precision: 'town', centreOf: 'Hastings' },
        distanceToCustomer: 2.04,
        estimatedTimeToArrival: 4,
        estimatedArrivalSource: 'live',
      }),
    );
    const location = card('Live Location Tracking');
    expect(factsOf(location)).toMatchObject({ Distance: 'about 2.0 km', ETA: 'about 4 min' });
    expect(within(location).getByText('Home location approximate (Hastings centre)')).toBeTruthy();
  });

  it('gives a street-level or remembered home position plainly, with no "approximate"', async () => {
    for (const precision of ['street', 'visit'] as const) {
      await renderTracking(
        trackingRecord({
          status: 'en-route',
          location: { lat: 29.8947, lng: -81.3145, address: '1 King Street, St Augustine', lastUpdated: '2026-03-10T17:40:00.000Z' },
          customerLocation: { lat: 29.8921, lng: -81.3132, address: '12 Aviles Street, St Augustine, FL 32084', precision, centreOf: null },
          distanceToCustomer: 0.31,
          estimatedTimeToArrival: 2,
          estimatedArrivalSource: 'live',
        }),
      );
      const location = card('Live Location Tracking');
      expect(factsOf(location)).toEqual({ 'Technician location': '1 King Street, St Augustine', Distance: '0.3 km', ETA: '2 min' });
      expect(within(location).queryByText(/approximate/i)).toBeNull();
      const map = await within(location).findByRole('region', { name: mapName });
      await waitFor(() => expect(markersOf(map)).toEqual(['Your address', 'Your technician']));
      cleanup();
    }
  });

  it("draws the technician, the customer's place and the trip on the map, each marker with its popup", async () => {
    await renderTracking(
      trackingRecord({
        status: 'en-route',
        location: { lat: 29.8947, lng: -81.3145, address: '1 King Street, St Augustine', lastUpdated: '2026-03-10T17:40:00.000Z' },
        customerLocation: { lat: 29.8921, lng: -81.3132, address: '12 Aviles Street, St Augustine, FL 32084', precision: 'street', centreOf: null },
        route: [
          { lat: 29.91, lng: -81.32 },
          { lat: 29.9, lng: -81.317 },
        ],
        distanceToCustomer: 0.31,
        estimatedTimeToArrival: 2,
        estimatedArrivalSource: 'live',
      }),
    );
    const map = await within(card('Live Location Tracking')).findByRole('region', { name: mapName });
    await waitFor(() => expect(markersOf(map)).toEqual(['Your address', 'Your technician']));
    // The trip so far (its points, then the technician's position) and a dashed line on to the customer.
    const lines = [...map.querySelectorAll('.leaflet-overlay-pane path')];
    expect(lines.map((line) => line.getAttribute('stroke-dasharray'))).toEqual([null, '6 8']);

    const [home, van] = [...map.querySelectorAll<HTMLElement>('.leaflet-marker-icon')];
    fireEvent.click(van!);
    await waitFor(() => expect(map.querySelector('.leaflet-popup-content')?.textContent).toBe('Maria Lopez1 King Street, St AugustineUpdated Mar 10, 1:40 PM'));
    fireEvent.click(home!);
    await waitFor(() => expect(map.querySelector('.leaflet-popup-content')?.textContent).toBe('Your address12 Aviles Street, St Augustine, FL 32084'));
  });

  it('keeps drawing positions on a light grid, saying so, when the map tiles cannot be loaded', async () => {
    await renderTracking(
      trackingRecord({ status: 'en-route', location: { lat: 29.8947, lng: -81.3145, address: null, lastUpdated: '2026-03-10T17:40:00.000Z' } }),
    );
    const map = await within(card('Live Location Tracking')).findByRole('region', { name: mapName });
    await waitFor(() => expect(map.querySelector('img.leaflet-tile')).toBeTruthy());
    expect(within(card('Live Location Tracking')).queryByText('Map tiles unavailable — positions are still live')).toBeNull();
    for (const tile of map.querySelectorAll('img.leaflet-tile')) fireEvent.error(tile);
    const note = await within(card('Live Location Tracking')).findByText('Map tiles unavailable — positions are still live');
    expect(note.getAttribute('role')).toBe('status');
    expect(map.closest('[data-tiles]')?.getAttribute('data-tiles')).toBe('failed');
    expect(markersOf(map)).toEqual(['Your technician']);
  });

  it('shows the technician: initials without a photo, rating, jobs, specialties, vehicle, and a Call Technician link', async () => {
    await renderTracking(trackingRecord());
    const tech = card('Your Technician');
    await within(tech).findByText('Maria Lopez');
    expect(within(tech).getByText('ML')).toBeTruthy();
    expect(within(tech).getByText('4.8 out of 5 · 312 jobs completed')).toBeTruthy();
    expect(within(within(tech).getByRole('list', { name: 'Specialties' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Sub-Zero',
      'Dishwashers',
    ]);
    expect(within(tech).getByText('White Ford Transit, SA-204')).toBeTruthy();
    expect(within(tech).getByRole('link', { name: 'Call Technician' }).getAttribute('href')).toBe('tel:9045550199');
  });

  it.each<[TrackingStatus, string]>([
    ['dispatched', 'Technician Dispatched'],
    ['en-route', 'On The Way'],
    ['arrived', 'Arrived'],
    ['in-progress', 'In Progress'],
    ['completed', 'Service Complete'],
  ])('labels the status %s as %s', async (status, label) => {
    await renderTracking(trackingRecord({ status, actualArrival: status === 'dispatched' || status === 'en-route' ? null : '2026-03-10T18:04:00.000Z' }));
    const arrival = card(status === 'dispatched' ? 'Your Visit' : status === 'completed' ? 'Visit Summary' : 'Estimated Arrival');
    expect(within(arrival).getByText(label).closest('[data-status]')?.getAttribute('data-status')).toBe(status);
    expect(trackingStatusLabels[status]).toBe(label);
  });

  it('says plainly when the visit was cancelled or the technician taken off it, and asks for no technician', async () => {
    const api = await renderTracking(trackingRecord({ closed: { at: '2026-03-10T15:00:00.000Z', reason: 'cancelled' } }));
    await expectPageHeading('Appointment cancelled');
    expect(screen.getByText('This appointment was cancelled, so there is no technician to track.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Estimated Arrival' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Your Technician' })).toBeNull();
    expect(card('Service Details')).toBeTruthy();
    expect(api.sent(technicianPath)).toHaveLength(0);
  });

  it('says so when the technician was unassigned', async () => {
    await renderTracking(trackingRecord({ closed: { at: '2026-03-10T15:00:00.000Z', reason: 'unassigned' } }));
    await expectPageHeading('No technician assigned');
    expect(screen.getByText(/The technician was taken off this appointment/)).toBeTruthy();
  });

  it('shows the timeline following the real status: real times for what happened, expected times marked as expected', async () => {
    await renderTracking(
      trackingRecord({
        status: 'en-route',
        notifications: [
          { type: 'dispatched', message: 'Technician dispatched', timestamp: '2026-03-10T16:05:00.000Z' },
          { type: 'en-route', message: 'Your technician is on the way', timestamp: '2026-03-10T17:32:00.000Z' },
        ],
      }),
    );
    const steps = within(card('Service Timeline')).getAllByRole('listitem');
    expect(steps.map(stepText)).toEqual([
      'Appointment ScheduledDone',
      'Technician DispatchedDone · Mar 10, 12:05 PM',
      'En Route to LocationIn progress · Since Mar 10, 1:32 PM',
      'Technician ArrivalUpcoming · Expected Mar 10, 2:00 PM',
      'Service CompleteUpcoming',
    ]);
    expect(steps[2]?.getAttribute('aria-current')).toBe('step');
  });

  it('says the latest news under the title only when it adds something: not the title again', async () => {
    const onTheWay = { type: 'en-route', message: 'Your technician is on the way', timestamp: '2026-03-10T17:32:00.000Z' } as const;
    await renderTracking(trackingRecord({ status: 'en-route', notifications: [onTheWay] }));
    await expectPageHeading('Your Technician is On The Way');
    expect(screen.queryByText('Your technician is on the way')).toBeNull();
    cleanup();
    await renderTracking(trackingRecord({ status: 'dispatched' }));
    await expectPageHeading('Your Visit Is Scheduled');
    expect(screen.getAllByText('Technician dispatched').length).toBeGreaterThan(0);
  });

  it('links a completed visit to its invoice as it stands: a receipt once paid, nothing while none was sent, the payment page when invoices cannot be read', async () => {
    const completed = trackingRecord({ status: 'completed', actualArrival: '2026-03-10T18:04:00.000Z', progress: 100 });
    const links = async () => {
      const summary = card('Visit Summary');
      await within(summary).findByRole('link', { name: 'Book again' });
      return within(summary).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);
    };
    await renderTracking(completed, undefined, { [invoicesPath]: () => visitInvoices({ status: 'paid', balanceCents: 0 }) });
    await waitFor(async () => expect((await links())[0]).toEqual(['View receipt', '/invoices/41']));
    cleanup();
    const none = await renderTracking(completed, undefined, { [invoicesPath]: () => visitInvoices() });
    await waitFor(() => expect(none.sent(invoicesPath)).toHaveLength(1));
    await waitFor(async () => expect((await links()).map(([text]) => text)).toEqual(['Book again', 'Leave a review']));
    cleanup();
    await renderTracking(completed, undefined, { [invoicesPath]: () => visitInvoices({ status: 'void', balanceCents: 0 }) });
    await waitFor(async () => expect((await links()).map(([text]) => text)).toEqual(['Book again', 'Leave a review']));
    cleanup();
    await renderTracking(completed, undefined, { [invoicesPath]: () => apiError(503, 'UNAVAILABLE', 'Payments is unavailable') });
    await waitFor(async () => expect((await links())[0]).toEqual(['Pay balance', 'http://localhost:8080/payment?reference=SA-12345']));
  });

  it('sums up a completed visit instead of tracking it: what was done, when, by whom, and links to pay, book again and review', async () => {
    const api = await renderTracking(
      trackingRecord({
        status: 'completed',
        actualArrival: '2026-03-10T18:04:00.000Z',
        progress: 100,
        notifications: [
          { type: 'dispatched', message: 'Technician dispatched', timestamp: '2026-03-10T16:05:00.000Z' },
          { type: 'completed', message: 'Service complete', timestamp: '2026-03-10T18:30:00.000Z' },
        ],
      }),
    );
    const summary = card('Visit Summary');
    await within(summary).findByText('Maria Lopez');
    expect(factsOf(summary)).toEqual({ Service: 'Repair', Appliance: 'Dishwasher', Brand: 'Bosch', Completed: 'Mar 10, 2:30 PM', Technician: 'Maria Lopez' });
    expect(within(summary).getByText('Service Complete').closest('[data-status]')?.getAttribute('data-status')).toBe('completed');
    // Signed in, the visit's invoice in the portal, with what is owed; asked for by the appointment.
    const pay = await within(summary).findByRole('link', { name: 'Pay balance ($185.50)' });
    expect(pay.getAttribute('href')).toBe('/invoices/41');
    expect(api.sent(invoicesPath).map((request) => request.query.get('appointmentId'))).toEqual(['12']);
    expect(within(summary).getByRole('link', { name: 'Book again' }).getAttribute('href')).toBe('http://localhost:8080/book-appointment');
    expect(within(summary).getByRole('link', { name: 'Leave a review' }).getAttribute('href')).toBe(businessContact.leaveReviewUrl);
    // Nothing about an arrival still to come: no map, no position, no distance or time, no countdown.
    for (const gone of ['Live Location Tracking', 'Estimated Arrival', 'Your Technician', 'Service Details']) expect(screen.queryByRole('region', { name: gone })).toBeNull();
    expect(screen.queryByRole('region', { name: mapName })).toBeNull();
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.queryByText(/Calculating/)).toBeNull();
    expect(screen.queryByText(/\d km/)).toBeNull();
    expect(stepText(within(card('Service Timeline')).getAllByRole('listitem').at(-1)!)).toBe('Service CompleteDone · Mar 10, 2:30 PM');
    expect(api.sent(detailsPath)).toHaveLength(1);
  });

  it("opens the payment page without a reference for a track link's holder, who may not read the appointment", async () => {
    const api = await renderTracking(
      trackingRecord({ status: 'completed', actualArrival: '2026-03-10T18:04:00.000Z' }),
      `/technician-tracking?appointment=12#access=${linkToken('track')}`,
    );
    const summary = card('Visit Summary');
    await within(summary).findByText('Maria Lopez');
    expect(within(summary).getByRole('link', { name: 'Pay balance' }).getAttribute('href')).toBe('http://localhost:8080/payment');
    // The record's last change stands in when no notification says when the work was completed.
    expect(factsOf(summary).Completed).toBe('Mar 10, 12:05 PM');
    expect(api.sent(detailsPath)).toHaveLength(0);
  });

  it('uses the recorded arrival time once the technician has arrived', async () => {
    await renderTracking(trackingRecord({ status: 'arrived', actualArrival: '2026-03-10T18:04:00.000Z' }));
    const steps = within(card('Service Timeline')).getAllByRole('listitem');
    expect(stepText(steps[3]!)).toBe('Technician ArrivalDone · Mar 10, 2:04 PM');
    expect(within(card('Estimated Arrival')).getByText('Arrived at Mar 10, 2:04 PM')).toBeTruthy();
    // At the door: where the technician goes next is not shown.
    expect(screen.queryByRole('region', { name: 'Live Location Tracking' })).toBeNull();
  });
});

describe('tracking page: before the technician sets off', () => {
  /** Nothing on the page says the technician is coming now, counts down or shows where anyone is. */
  function expectNothingLive() {
    expect(screen.queryByText(/On The Way/)).toBeNull();
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Live Location Tracking' })).toBeNull();
    expect(screen.queryByRole('region', { name: mapName })).toBeNull();
    expect(document.querySelector('.leaflet-marker-icon')).toBeNull();
  }

  it('shows a visit days away as scheduled, with its window and its technician, and nothing live', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    // Six days before the visit (the server sends no position then; the page would not show one anyway).
    vi.setSystemTime(new Date('2026-03-04T15:00:00.000Z'));
    await renderTracking(trackingRecord({ location: { lat: 29.8947, lng: -81.3145, address: '1 King Street', lastUpdated: '2026-03-04T14:59:00.000Z' } }));
    const visit = card('Your Visit');
    expect(within(visit).getByText('Your visit is scheduled for Tuesday, March 10, 2026, 2:00 PM – 3:00 PM EDT.')).toBeTruthy();
    expect(within(visit).getByText(/Once your technician is on the way to you, this page shows where they are/)).toBeTruthy();
    const tech = card('Your Technician');
    await within(tech).findByText('Maria Lopez');
    expect(within(tech).getByText('ML')).toBeTruthy();
    expect(card('Service Details')).toBeTruthy();
    expectNothingLive();
    expect(screen.queryByText('1 King Street')).toBeNull();
  });

  it('turns live when the technician sets off, and back to scheduled, with the new technician, after a reassignment', async () => {
    const api = await renderTracking(trackingRecord(), '/technician-tracking?appointment=12', {
      'GET /api/technicians/tech-9': () => json(200, technician({ id: 'tech-9', name: 'Dan Ortiz' })),
    });
    const socket = live.latest();
    socket.open();
    expect(socket.sent).toEqual([{ type: 'subscribe', appointmentId: '12' }]);
    expectNothingLive();

    api.answer(trackingPath, () =>
      json(200, trackingRecord({
        status: 'en-route',
        location: { lat: 29.8947, lng: -81.3145, address: '1 King Street', lastUpdated: '2026-03-10T17:40:00.000Z' },
        distanceToCustomer: 3.4,
        estimatedTimeToArrival: 11,
        estimatedArrivalSource: 'live',
      })),
    );
    socket.receive({ type: 'tracking_update', appointmentId: '12' });
    await expectPageHeading('Your Technician is On The Way');
    await waitFor(() => expect(factsOf(card('Live Location Tracking'))).toMatchObject({ 'Technician location': '1 King Street', Distance: '3.4 km' }));
    expect(within(card('Estimated Arrival')).getByRole('timer')).toBeTruthy();

    api.answer(trackingPath, () =>
      json(200, trackingRecord({
        technicianId: 'tech-9',
        notifications: [{ type: 'reassigned', message: 'A different technician has been dispatched', timestamp: '2026-03-10T17:45:00.000Z' }],
      })),
    );
    socket.receive({ type: 'tracking_update', appointmentId: '12' });
    await expectPageHeading('Your Visit Is Scheduled');
    expect(screen.getByText('A different technician has been dispatched')).toBeTruthy();
    await within(card('Your Technician')).findByText('Dan Ortiz');
    expectNothingLive();
    expect(api.sent('GET /api/technicians/tech-9')[0]?.query.get('appointment')).toBe('12');
  });
});

describe('tracking page: countdown and refresh', () => {
  it('counts down mm:ss each second toward the scheduled start, labelled as the scheduled window, with a labelled progress bar and no live announcements', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-03-10T17:30:00.000Z'));
    // On the way, without a position yet: the booked window is all there is to count down to.
    await renderTracking(trackingRecord({ status: 'en-route' }));
    const arrival = card('Estimated Arrival');
    const timer = within(arrival).getByRole('timer', { name: 'Time until your scheduled arrival window opens 30:00' });
    expect(timer.getAttribute('aria-live')).toBe('off');
    expect(within(arrival).getByText('Scheduled arrival window')).toBeTruthy();
    expect(within(arrival).getByText('Tuesday, March 10, 2026, 2:00 PM – 3:00 PM EDT')).toBeTruthy();
    expect(within(arrival).getByText(/not a live estimate/)).toBeTruthy();
    const progress = within(arrival).getByRole('progressbar', { name: 'Progress toward the arrival time' });
    // 15 of the 45 minutes before the arrival time have passed.
    expect(progress.getAttribute('aria-valuenow')).toBe('33');

    act(() => vi.advanceTimersByTime(1000));
    expect(timer.textContent).toBe('29:59');
    act(() => vi.advanceTimersByTime(65_000));
    expect(timer.textContent).toBe('28:54');
  });

  it('calls a live estimate an estimate', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-03-10T17:50:00.000Z'));
    await renderTracking(trackingRecord({ status: 'en-route', estimatedArrivalSource: 'live', estimatedArrival: '2026-03-10T17:57:05.000Z' }));
    const arrival = card('Estimated Arrival');
    const timer = within(arrival).getByRole('timer', { name: 'Estimated time until your technician arrives 07:05' });
    act(() => vi.advanceTimersByTime(1000));
    expect(timer.textContent).toBe('07:04');
    expect(within(arrival).getByText('Scheduled time')).toBeTruthy();
    expect(within(arrival).queryByText(/not a live estimate/)).toBeNull();
  });

  it('refetches every 30 seconds and on Refresh, showing the new status', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const api = await renderTracking(trackingRecord());
    expect(api.sent(trackingPath)).toHaveLength(1);
    api.answer(trackingPath, () => json(200, trackingRecord({ status: 'en-route' })));
    act(() => vi.advanceTimersByTime(30_000));
    await waitFor(() => expect(within(card('Estimated Arrival')).getByText('On The Way')).toBeTruthy());
    expect(api.sent(trackingPath)).toHaveLength(2);

    api.answer(trackingPath, () => json(200, trackingRecord({ status: 'arrived', actualArrival: '2026-03-10T18:04:00.000Z' })));
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(within(card('Estimated Arrival')).getByText('Arrived')).toBeTruthy());
    expect(api.sent(trackingPath)).toHaveLength(3);
  });
});

describe('tracking page: live updates', () => {
  const indicator = () => within(card('Live Location Tracking')).getByRole('status', { name: '' });
  const liveState = async (label: string, state: string) =>
    waitFor(() => {
      const shown = within(card('Live Location Tracking')).getByText(label);
      expect(shown.closest('[data-live]')?.getAttribute('data-live')).toBe(state);
    });
  const enRoute = (distanceToCustomer: number, address: string) =>
    trackingRecord({
      status: 'en-route',
      location: { lat: 29.9, lng: -81.31, address, lastUpdated: '2026-03-10T17:40:00.000Z' },
      distanceToCustomer,
      estimatedTimeToArrival: 9,
      estimatedArrivalSource: 'live',
    });

  it("shows Connecting..., then a green Connected once /ws is open, following the owner's appointment without a token", async () => {
    await renderTracking(trackingRecord({ status: 'en-route' }));
    await liveState('Connecting...', 'connecting');
    const socket = live.latest();
    expect(socket.url).toBe('ws://localhost:3000/ws');
    socket.open();
    await liveState('Connected', 'connected');
    expect(socket.sent).toEqual([{ type: 'subscribe', appointmentId: '12' }]);
    expect(screen.queryByText('Connection Issue')).toBeNull();
  });

  it("subscribes a link holder with the link's token", async () => {
    const token = linkToken('track');
    await renderTracking(trackingRecord(), `/technician-tracking?appointment=12#access=${token}`);
    await waitFor(() => expect(live.made()).toHaveLength(1));
    live.latest().open();
    expect(live.latest().sent).toEqual([{ type: 'subscribe', appointmentId: '12', access: token }]);
  });

  it("refetches the record on its tracking_update, and the record and technician when its technician moves; other updates change nothing", async () => {
    const api = await renderTracking(enRoute(3.2, '1 King Street'));
    await within(card('Your Technician')).findByText('Maria Lopez');
    const socket = live.latest();
    socket.open();
    await liveState('Connected', 'connected');
    const location = card('Live Location Tracking');
    expect(factsOf(location)).toMatchObject({ 'Technician location': '1 King Street', Distance: '3.2 km' });

    socket.receive({ type: 'tracking_update', appointmentId: '99' });
    socket.receive({ type: 'location_update', technicianId: 'tech-9', appointmentId: null });
    api.answer(trackingPath, () => json(200, enRoute(2.4, '40 Cordova Street')));
    socket.receive({ type: 'tracking_update', appointmentId: '12' });
    await waitFor(() => expect(factsOf(location)).toMatchObject({ 'Technician location': '40 Cordova Street', Distance: '2.4 km' }));
    expect(api.sent(trackingPath)).toHaveLength(2);
    expect(api.sent(technicianPath)).toHaveLength(1);

    api.answer(trackingPath, () => json(200, enRoute(1.1, '9 Bridge Street')));
    socket.receive({ type: 'location_update', technicianId: 'tech-3', appointmentId: '12' });
    await waitFor(() => expect(factsOf(location)).toMatchObject({ 'Technician location': '9 Bridge Street', Distance: '1.1 km' }));
    await waitFor(() => expect(api.sent(technicianPath)).toHaveLength(2));
    expect(api.sent(trackingPath)).toHaveLength(3);
    // A malformed message is only logged.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    act(() => socket.onmessage?.(new MessageEvent('message', { data: 'not json' })));
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it('shows Reconnecting... and a Connection Issue toast once per outage, then catches up when back', async () => {
    const api = await renderTracking(enRoute(3.2, '1 King Street'));
    const first = live.latest();
    first.open();
    await liveState('Connected', 'connected');

    first.drop();
    await liveState('Reconnecting...', 'reconnecting');
    await expectToast('Connection Issue', 'Real-time updates are temporarily unavailable. Data will still refresh automatically.');
    const toast = within(screen.getByRole('region', { name: toastRegionLabel })).getByRole('alert');
    expect(toast.closest('[data-variant]')?.getAttribute('data-variant')).toBe('destructive');
    fireEvent.click(within(toast).getByRole('button', { name: 'Close notification' }));
    await waitFor(() => expect(screen.queryByText('Connection Issue')).toBeNull());

    // The next attempt fails too: still the same outage, so no second toast.
    await waitFor(() => expect(live.made()).toHaveLength(2), { timeout: 5_000 });
    live.latest().drop();
    await waitFor(() => expect(live.made()).toHaveLength(3), { timeout: 5_000 });
    expect(screen.queryByText('Connection Issue')).toBeNull();
    expect(indicator().textContent).toBe('Reconnecting...');

    // Back: subscribed again, and what was missed meanwhile is fetched.
    api.answer(trackingPath, () => json(200, enRoute(0.8, '2 Cathedral Place')));
    const third = live.latest();
    third.open();
    await liveState('Connected', 'connected');
    expect(third.sent).toEqual([{ type: 'subscribe', appointmentId: '12' }]);
    await waitFor(() => expect(factsOf(card('Live Location Tracking'))).toMatchObject({ Distance: '0.8 km' }));

    // A new outage is worth a new toast.
    third.drop();
    await expectToast('Connection Issue');
  });

  it('says so when the server will not follow the appointment, and keeps refreshing', async () => {
    await renderTracking(trackingRecord({ status: 'en-route' }));
    const socket = live.latest();
    socket.open();
    socket.receive({ type: 'error', message: wsMessages.notAllowed, appointmentId: '12' });
    await liveState('Live updates unavailable: refreshing every 30 s', 'refused');
  });

  it('follows nothing once the visit is over or closed', async () => {
    await renderTracking(trackingRecord({ status: 'completed', actualArrival: '2026-03-10T18:04:00.000Z' }));
    expect(live.made()).toHaveLength(0);
    expect(screen.queryByRole('region', { name: 'Live Location Tracking' })).toBeNull();
    cleanup();
    await renderTracking(trackingRecord({ closed: { at: '2026-03-10T15:00:00.000Z', reason: 'cancelled' } }));
    expect(live.made()).toHaveLength(0);
  });

  it('closes the socket when the page goes away', async () => {
    await renderTracking(trackingRecord());
    live.latest().open();
    cleanup();
    expect(live.latest().closedByPage).toBe(true);
  });
});

describe('tracking page: Copy tracking link', () => {
  /** The button, once the link it copies is known (it is disabled, with the reason beside it, until then). */
  async function enabledShareButton(): Promise<HTMLElement> {
    let button: HTMLElement | undefined;
    await waitFor(() => {
      button = within(card('Your Technician')).getByRole('button', { name: 'Copy tracking link' });
      expect(button).toHaveProperty('disabled', false);
    });
    return button!;
  }

  function stubClipboard() {
    const writeText = vi.fn(async (_text: string) => {});
    vi.stubGlobal('navigator', Object.assign(Object.create(window.navigator) as Navigator, { clipboard: { writeText } }));
    return writeText;
  }

  it("copies the appointment's track-only link for the owner, from the appointment's details", async () => {
    const writeText = stubClipboard();
    await renderTracking(trackingRecord());
    fireEvent.click(await enabledShareButton());
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('http://localhost:3000/technician-tracking?appointment=12#access=track%2Ftok'));
    await expectToast('Tracking Link Copied');
  });

  it('says what the button does: it copies a link, it does not share a location', async () => {
    await renderTracking(trackingRecord());
    await enabledShareButton();
    expect(screen.queryByRole('button', { name: /Share Location/i })).toBeNull();
  });

  it('copies the current address with its token for a track-link holder, asking for no details', async () => {
    const writeText = stubClipboard();
    const token = linkToken('track');
    const api = await renderTracking(trackingRecord(), `/technician-tracking?appointment=12#access=${token}`);
    expect(api.sent(trackingPath)[0]?.headers.get('x-appointment-access')).toBe(token);
    expect(api.sent(technicianPath)[0]?.headers.get('x-appointment-access')).toBe(token);
    expect(screen.queryByRole('link', { name: 'Back to your portal' })).toBeNull();
    fireEvent.click(within(card('Your Technician')).getByRole('button', { name: 'Copy tracking link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`http://localhost:3000/technician-tracking?appointment=12#access=${encodeURIComponent(token)}`));
    expect(api.sent(detailsPath)).toHaveLength(0);
  });

  it("never shares a manage link's token: its holder copies the track token from the details", async () => {
    const writeText = stubClipboard();
    const token = linkToken('manage');
    const api = await renderTracking(trackingRecord(), `/technician-tracking?appointment=12#access=${token}`);
    fireEvent.click(await enabledShareButton());
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('http://localhost:3000/technician-tracking?appointment=12#access=track%2Ftok'));
    expect(api.sent(detailsPath)[0]?.headers.get('x-appointment-access')).toBe(token);
  });

  it('keeps Copy tracking link unavailable, saying why, when the link cannot be had', async () => {
    await renderTracking(trackingRecord(), undefined, { [detailsPath]: () => apiError(503, 'UNAVAILABLE', 'Booking is unavailable') });
    await waitFor(() => expect(screen.getByText('The tracking link is not available right now.')).toBeTruthy());
    expect(within(card('Your Technician')).getByRole('button', { name: 'Copy tracking link' })).toHaveProperty('disabled', true);
  });
});
