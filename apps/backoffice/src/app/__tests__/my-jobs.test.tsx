import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays, businessDate, businessInstant, jobRecordMessages, technicianJobsPath, trackingMessages, warrantyClaimMessages, type JobRecordResponse, type TechnicianJob, type TrackingRecord } from '@repo/contracts';
import { apiError, fakeApi, json, type Answer } from '@repo/ui/testing/api';
import { expectPageHeading, expectToast } from '@repo/ui/testing/queries';
import { fakeLiveSocket } from '@repo/ui/testing/live-socket';
import { formatCalendarDay } from '../../lib/format.ts';
import { App } from '../index.tsx';
import { fakeGeolocation, renderAppAt, signIn, technicianJob, technicianUser } from './support/fixtures.ts';

/** The jobs of the day asked for: `items` today, or `byDate` for other days (none unless given). */
const jobsAnswer =
  (items: TechnicianJob[], byDate: Record<string, TechnicianJob[]> = {}): Answer =>
  ({ query }) => {
    const date = query.get('date') ?? businessDate();
    return json(200, { date, technicianId: 'tech_sara', items: date === businessDate() ? items : (byDate[date] ?? []) });
  };

/** Booking's answer for a job whose customer gave no intake at booking. */
const noIntake: Answer = ({ path }) => json(200, { appointmentId: Number(path.split('/')[3]), appliance: 'Dishwasher', intake: null });

async function renderJobs(items: TechnicianJob[], more: Record<string, Answer> = {}, byDate: Record<string, TechnicianJob[]> = {}) {
  fakeLiveSocket();
  const api = fakeApi({ ...signIn(technicianUser), [`GET ${technicianJobsPath}`]: jobsAnswer(items, byDate), 'GET /api/appointments/:id/intake': noIntake, ...more });
  const view = await renderAppAt(<App />, '/my-jobs');
  await expectPageHeading('My Jobs');
  return { api, view };
}

const job = (name = 'Pat Rivera') => screen.findByRole('article', { name });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(window.navigator, 'geolocation');
  Reflect.deleteProperty(window, 'isSecureContext');
});

describe('my jobs', () => {
  it("shows today's jobs with directions, a call link, the time window in Eastern time and the next step", async () => {
    fakeGeolocation();
    const { api } = await renderJobs([technicianJob()]);
    const card = within(await job());
    expect(screen.getByText(`Today, ${formatCalendarDay(businessDate())}`)).toBeTruthy();
    expect(api.sent(`GET ${technicianJobsPath}`)[0]?.query.get('date')).toBe(businessDate());
    // Today's 2 to 3 PM in St Augustine, in summer or winter time.
    expect(card.getByText(/^2:00 PM – 3:00 PM E[DS]T$/)).toBeTruthy();
    expect(card.getByText('Repair · Dishwasher · Bosch')).toBeTruthy();
    expect(card.getByText('Not started')).toBeTruthy();
    expect(card.getByRole('link', { name: 'Get directions' }).getAttribute('href')).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=12%20Aviles%20Street%2C%20St%20Augustine%2C%20FL%2032084',
    );
    expect(card.getByRole('link', { name: 'Call Pat Rivera at (904) 555-0142' }).getAttribute('href')).toBe('tel:9045550142');
    // Photos: what the customer added at booking, before the visit (on site they are in the job record).
    expect(card.getAllByRole('button').map((button) => button.textContent)).toEqual(['Start driving', 'Photos', 'Estimate']);
    expect(card.getByRole('button', { name: "Show photos of Pat Rivera's appointment" }).getAttribute('aria-expanded')).toBe('false');
  });

  it.each([
    ['dispatched', 'Start driving', 'en-route'],
    ['en-route', "I've arrived", 'arrived'],
    ['arrived', 'Start work', 'in-progress'],
    ['in-progress', 'Complete job', 'completed'],
  ] as const)('moves a %s job forward with "%s"', async (status, label, next) => {
    fakeGeolocation();
    const { api } = await renderJobs([technicianJob({}, { status })], {
      'PUT /api/tracking/12/status': () => {
        api.answer(`GET ${technicianJobsPath}`, jobsAnswer([technicianJob({}, { status: next })]));
        return json(200, {});
      },
    });
    fireEvent.click(within(await job()).getByRole('button', { name: label }));
    await waitFor(() => expect(api.sent('PUT /api/tracking/12/status').map((request) => request.body)).toEqual([{ status: next }]));
    await waitFor(() => expect(within(screen.getByRole('article', { name: 'Pat Rivera' })).queryByRole('button', { name: label })).toBeNull());
  });

  it('shows the model, serial and warranty the customer gave at booking, before the visit', async () => {
    const intake = { modelNumber: 'SHX878WD5N', serialNumber: 'FD 9012 00345', warranty: 'home-warranty', homeWarrantyCompany: 'American Home Shield' };
    const { api } = await renderJobs([technicianJob()], { 'GET /api/appointments/:id/intake': () => json(200, { appointmentId: 12, appliance: 'Dishwasher', intake }) });
    const facts = within(await within(await job()).findByLabelText('Appliance intake from booking'));
    expect(facts.getAllByRole('term').map((term) => term.textContent)).toEqual(['Model', 'Serial', 'Warranty']);
    expect(facts.getAllByRole('definition').map((value) => value.textContent)).toEqual(['SHX878WD5N', 'FD 9012 00345', 'Home-warranty plan (American Home Shield)']);
    expect(api.sent('GET /api/appointments/:id/intake').map((request) => request.path)).toEqual(['/api/appointments/12/intake']);
  });

  it('says so when the customer gave no intake at booking', async () => {
    await renderJobs([technicianJob()]);
    expect(await within(await job()).findByText('No model, serial or warranty given at booking')).toBeTruthy();
  });

  it('says a completed job is done, with no next step (its estimate stays, to make the invoice)', async () => {
    await renderJobs([technicianJob({}, { status: 'completed' })]);
    const card = within(await job());
    expect(card.getByText('Job complete. Thank you!')).toBeTruthy();
    expect(card.getAllByRole('button').map((button) => button.textContent)).toEqual(['Photos', 'Estimate']);
  });

  it("shows a refused step (409) next to the job, in the server's words", async () => {
    const message = 'This job is Arrived, so it can only move to In Progress next.';
    expect(trackingMessages.notNext).toContain('{current}');
    await renderJobs([technicianJob()], { 'PUT /api/tracking/12/status': () => apiError(409, 'CONFLICT', message) });
    const card = within(await job());
    fireEvent.click(card.getByRole('button', { name: 'Start driving' }));
    expect(within(await card.findByRole('alert')).getByText(message)).toBeTruthy();
  });

  it('says No jobs today', async () => {
    await renderJobs([]);
    expect(await screen.findByRole('heading', { name: 'No jobs today' })).toBeTruthy();
  });

  it('looks ahead day by day, or to a date, never back before today', async () => {
    const today = businessDate();
    const later = addDays(today, 4);
    const { api } = await renderJobs([technicianJob()], {}, { [later]: [technicianJob({ appointmentId: '40', customerName: 'Lee Park' })] });
    expect(await job()).toBeTruthy();
    const previous = screen.getByRole('button', { name: 'Previous day' }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Today' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByLabelText('Jobs on').getAttribute('min')).toBe(today);

    fireEvent.click(screen.getByRole('button', { name: 'Next day' }));
    const tomorrow = addDays(today, 1);
    expect(await screen.findByRole('heading', { name: `No jobs on ${formatCalendarDay(tomorrow)}` })).toBeTruthy();
    expect(screen.getByText(formatCalendarDay(tomorrow))).toBeTruthy();
    expect(api.sent(`GET ${technicianJobsPath}`).map((request) => request.query.get('date'))).toContain(tomorrow);
    expect(previous.disabled).toBe(false);

    fireEvent.change(screen.getByLabelText('Jobs on'), { target: { value: later } });
    expect(await job('Lee Park')).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Pat Rivera' })).toBeNull();
    // A day before today is not taken.
    fireEvent.change(screen.getByLabelText('Jobs on'), { target: { value: addDays(today, -1) } });
    expect(screen.getByRole('article', { name: 'Lee Park' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Today' }));
    expect(await job()).toBeTruthy();
    expect((screen.getByLabelText('Jobs on') as HTMLInputElement).value).toBe(today);
  });

  it("offers a later day's job's step only once the office allowed it today, saying why until then", async () => {
    const later = addDays(businessDate(), 2);
    const scheduledStart = businessInstant(later, '09:00').toISOString();
    const laterJob = (startAllowed: TrackingRecord['startAllowed']) =>
      technicianJob({ appointmentId: '41', customerName: 'Lee Park', scheduledStart }, { appointmentId: '41', status: 'dispatched', startAllowed });
    const startDriving = async () => {
      fireEvent.change(await screen.findByLabelText('Jobs on'), { target: { value: later } });
      return within(await job('Lee Park')).getByRole('button', { name: 'Start driving' }) as HTMLButtonElement;
    };
    const first = await renderJobs([], {}, { [later]: [laterJob(null)] });
    const start = await startDriving();
    expect(start.disabled).toBe(true);
    const note = screen.getByTestId('job-day-note');
    expect(note.textContent).toMatch(/^This visit is on \w+day, \w+ \d{1,2}\. Call the office: they confirm a visit on another day before you start it\.$/);
    expect(start.getAttribute('aria-describedby')).toBe(note.id);
    first.view.unmount();

    // Allowed on another day is not allowed today; allowed today, the step is offered.
    const second = await renderJobs([], {}, { [later]: [laterJob({ day: addDays(businessDate(), -1), by: 'owner@example.com' })] });
    expect((await startDriving()).disabled).toBe(true);
    second.view.unmount();
    await renderJobs([], {}, { [later]: [laterJob({ day: businessDate(), by: 'owner@example.com' })] });
    expect((await startDriving()).disabled).toBe(false);
    expect(screen.queryByTestId('job-day-note')).toBeNull();
  });

  it("moves a later day's job forward, once allowed today, and shares the position while it is en route", async () => {
    const geo = fakeGeolocation();
    const later = addDays(businessDate(), 2);
    const allowed = { day: businessDate(), by: 'owner@example.com' };
    const laterJob = (status: 'dispatched' | 'en-route') =>
      technicianJob({ appointmentId: '41', customerName: 'Lee Park', scheduledStart: businessInstant(later, '09:00').toISOString() }, { appointmentId: '41', status, startAllowed: allowed });
    const { api } = await renderJobs([], {
      'PUT /api/tracking/41/status': () => {
        api.answer(`GET ${technicianJobsPath}`, jobsAnswer([], { [later]: [laterJob('en-route')] }));
        return json(200, {});
      },
      'PUT /api/technicians/tech_sara/location': () => json(200, {}),
    }, { [later]: [laterJob('dispatched')] });
    fireEvent.change(await screen.findByLabelText('Jobs on'), { target: { value: later } });
    fireEvent.click(within(await job('Lee Park')).getByRole('button', { name: 'Start driving' }));
    await waitFor(() => expect(geo.watching()).toBe(1));
    geo.report(29.91, -81.32);
    const panel = within(screen.getByRole('region', { name: 'Your Location' }));
    expect(await panel.findByText(/^Last sent at /)).toBeTruthy();
    expect(api.sent('PUT /api/technicians/tech_sara/location').map((request) => request.body)).toEqual([{ lat: 29.91, lng: -81.32 }]);
  });

  it('offers Try Again when the jobs cannot be loaded', async () => {
    const { api } = await renderJobs([], { [`GET ${technicianJobsPath}`]: () => apiError(503, 'SERVICE_UNAVAILABLE', 'Tracking is unavailable') });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Unable to load your jobs' })).toBeTruthy();
    api.answer(`GET ${technicianJobsPath}`, jobsAnswer([technicianJob()]));
    fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await job()).toBeTruthy();
  });
});

describe('my jobs: sharing the position while en route', () => {
  it('watches the position only while a job is en route, sends at most every 5 s, and sends on demand', async () => {
    const geo = fakeGeolocation();
    const { api } = await renderJobs([technicianJob({}, { status: 'en-route' }), technicianJob({ appointmentId: '13', customerName: 'Lee Park' })], {
      'PUT /api/technicians/tech_sara/location': () => json(200, {}),
    });
    await job();
    await waitFor(() => expect(geo.watching()).toBe(1));
    geo.report(29.91, -81.32);
    const panel = within(screen.getByRole('region', { name: 'Your Location' }));
    expect(await panel.findByText('Sharing your location')).toBeTruthy();
    expect(await panel.findByText(/^Last sent at \d{1,2}:\d{2}:\d{2} [AP]M$/)).toBeTruthy();
    geo.report(29.92, -81.33);
    expect(api.sent('PUT /api/technicians/tech_sara/location').map((request) => request.body)).toEqual([{ lat: 29.91, lng: -81.32 }]);

    fireEvent.click(panel.getByRole('button', { name: 'Send my location now' }));
    await waitFor(() => expect(api.sent('PUT /api/technicians/tech_sara/location').map((request) => request.body)).toEqual([
      { lat: 29.91, lng: -81.32 },
      { lat: 29.92, lng: -81.33 },
    ]));

    // Arrived: nothing is en route any more, so the watch ends.
    api.answer('PUT /api/tracking/12/status', () => {
      api.answer(`GET ${technicianJobsPath}`, jobsAnswer([technicianJob({}, { status: 'arrived' }), technicianJob({ appointmentId: '13', customerName: 'Lee Park' })]));
      return json(200, {});
    });
    fireEvent.click(within(await job()).getByRole('button', { name: "I've arrived" }));
    await waitFor(() => expect(geo.watching()).toBe(0));
    expect(await panel.findByText('Your location is shared only while you are driving to a job.')).toBeTruthy();
  });

  it("keeps sharing while today's job is en route and a later day is on screen", async () => {
    const geo = fakeGeolocation();
    await renderJobs([technicianJob({}, { status: 'en-route' })], { 'PUT /api/technicians/tech_sara/location': () => json(200, {}) });
    await waitFor(() => expect(geo.watching()).toBe(1));
    fireEvent.click(screen.getByRole('button', { name: 'Next day' }));
    expect(await screen.findByRole('heading', { name: `No jobs on ${formatCalendarDay(addDays(businessDate(), 1))}` })).toBeTruthy();
    expect(geo.watching()).toBe(1);
    geo.report(29.91, -81.32);
    expect(await within(screen.getByRole('region', { name: 'Your Location' })).findByText(/^Last sent at /)).toBeTruthy();
  });

  it('stops watching when the page closes', async () => {
    const geo = fakeGeolocation();
    const { view } = await renderJobs([technicianJob({}, { status: 'en-route' })], { 'PUT /api/technicians/tech_sara/location': () => json(200, {}) });
    await waitFor(() => expect(geo.watching()).toBe(1));
    view.unmount();
    expect(geo.watching()).toBe(0);
  });

  it('says so when location permission is denied', async () => {
    const geo = fakeGeolocation();
    await renderJobs([technicianJob({}, { status: 'en-route' })]);
    await waitFor(() => expect(geo.watching()).toBe(1));
    geo.deny();
    expect(await screen.findByText('Location permission denied')).toBeTruthy();
    expect(screen.getByText(/Allow location for this site in your browser's settings/)).toBeTruthy();
  });

  it('says so when the browser cannot share a position here (no geolocation, or not https)', async () => {
    await renderJobs([technicianJob({}, { status: 'en-route' })]);
    expect(await screen.findByText("Location sharing isn't available here")).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Send my location now' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('the job record on my jobs', () => {
  const intake = { modelNumber: 'SHX878WD5N', serialNumber: 'FD 9012 00345', warranty: null, homeWarrantyCompany: null };
  const empty: JobRecordResponse = { appointmentId: 12, appliance: 'Dishwasher', intake, record: null, waitingForParts: null, partArrivedAt: null, warrantyClaim: null };

  it('is offered once the technician is on site, prefilled from the intake; a diagnosis is needed, said at its field', async () => {
    const saved: JobRecordResponse = {
      ...empty,
      record: { modelNumber: 'SHX878WD5N', serialNumber: 'FD 9012 00346', diagnosis: 'Drain pump seized.', partsNeeded: null, recordedAt: '2026-03-10T18:40:00.000Z', recordedBy: 'Sara Martinez' },
    };
    const { api } = await renderJobs([technicianJob({}, { status: 'arrived' })], {
      'GET /api/appointments/:id/job-record': () => json(200, empty),
      'PUT /api/appointments/:id/job-record': () => json(200, saved),
    });
    const card = within(await job());
    fireEvent.click(card.getByRole('button', { name: 'Job record' }));
    const region = within(await card.findByRole('region', { name: 'Job record for Pat Rivera' }));
    const model = (await region.findByLabelText('Model number')) as HTMLInputElement;
    expect(model.value).toBe('SHX878WD5N');
    expect((region.getByLabelText('Serial number') as HTMLInputElement).value).toBe('FD 9012 00345');

    fireEvent.click(region.getByRole('button', { name: 'Save job record' }));
    expect(await region.findByText(jobRecordMessages.diagnosisRequired)).toBeTruthy();
    expect(api.sent('PUT /api/appointments/:id/job-record')).toEqual([]);

    fireEvent.change(region.getByLabelText('Serial number'), { target: { value: 'fd 9012 00346' } });
    fireEvent.change(region.getByLabelText(/^Diagnosis/), { target: { value: ' Drain pump seized. ' } });
    fireEvent.click(region.getByRole('button', { name: 'Save job record' }));
    await waitFor(() =>
      expect(api.sent('PUT /api/appointments/:id/job-record').map((request) => [request.path, request.body])).toEqual([
        ['/api/appointments/12/job-record', { modelNumber: 'SHX878WD5N', serialNumber: 'FD 9012 00346', diagnosis: 'Drain pump seized.', partsNeeded: '' }],
      ]),
    );
    expect(await region.findByText(/^Saved .* by Sara Martinez$/)).toBeTruthy();
  });

  it('marks the visit waiting for parts, and shows a refusal of the day under its field', async () => {
    const expectedOn = addDays(businessDate(), 3);
    const { api } = await renderJobs([technicianJob({}, { status: 'in-progress' })], {
      'GET /api/appointments/:id/job-record': () => json(200, empty),
      'PUT /api/appointments/:id/waiting-for-parts': () => apiError(400, 'VALIDATION_ERROR', jobRecordMessages.expectedOnPast, { expectedOn: jobRecordMessages.expectedOnPast }),
    });
    const card = within(await job());
    fireEvent.click(card.getByRole('button', { name: 'Job record' }));
    const region = within(await card.findByRole('region', { name: 'Job record for Pat Rivera' }));
    fireEvent.change(await region.findByLabelText(/^Part( \*)?$/), { target: { value: 'Drain pump' } });
    fireEvent.change(region.getByLabelText(/^Expected on/), { target: { value: expectedOn } });
    fireEvent.click(region.getByRole('button', { name: 'Mark waiting for parts' }));
    const dayField = region.getByLabelText(/^Expected on/);
    await waitFor(() => expect(dayField.getAttribute('aria-invalid')).toBe('true'));
    expect(region.getByText(jobRecordMessages.expectedOnPast)).toBeTruthy();
    expect(api.sent('PUT /api/appointments/:id/waiting-for-parts')[0]?.body).toEqual({ part: 'Drain pump', partNumber: '', expectedOn });

    api.answer('PUT /api/appointments/:id/waiting-for-parts', () =>
      json(200, { ...empty, waitingForParts: { part: 'Drain pump', partNumber: null, expectedOn, since: '2026-03-10T18:40:00.000Z' } }));
    fireEvent.click(region.getByRole('button', { name: 'Mark waiting for parts' }));
    expect(await region.findByText(new RegExp(`^Waiting for Drain pump, expected ${formatCalendarDay(expectedOn)}\\.`))).toBeTruthy();
    expect(region.getByRole('button', { name: 'Update the part' })).toBeTruthy();
  });

  it('records a warranty claim: behind a button on other visits, the failure code required at its field, the office told who saved it', async () => {
    const claim = { serviceCode: 'SZ-1234', failureCode: 'E07', distributorPartNumber: '7013816', distributorInvoice: null, purchaseDate: '2024-05-17', recordedAt: '2026-03-10T18:45:00.000Z', recordedBy: 'Sara Martinez' };
    const { api } = await renderJobs([technicianJob({}, { status: 'in-progress' })], {
      'GET /api/appointments/:id/job-record': () => json(200, empty),
      'PUT /api/appointments/:id/warranty-claim': () => json(200, { ...empty, warrantyClaim: claim }),
    });
    const card = within(await job());
    fireEvent.click(card.getByRole('button', { name: 'Job record' }));
    const region = within(await card.findByRole('region', { name: 'Job record for Pat Rivera' }));
    // Not under the manufacturer's warranty at booking: the claim waits behind its button.
    expect(region.queryByLabelText(/^Failure code/)).toBeNull();
    fireEvent.click(await region.findByRole('button', { name: 'Record a warranty claim' }));
    fireEvent.click(region.getByRole('button', { name: 'Save warranty claim' }));
    const failure = region.getByLabelText(/^Failure code/);
    await waitFor(() => expect(failure.getAttribute('aria-invalid')).toBe('true'));
    expect(region.getByText(warrantyClaimMessages.failureCodeRequired)).toBeTruthy();
    expect(api.sent('PUT /api/appointments/:id/warranty-claim')).toEqual([]);

    fireEvent.change(failure, { target: { value: 'e07' } });
    fireEvent.change(region.getByLabelText(/^Brand's service code/), { target: { value: 'sz-1234' } });
    fireEvent.change(region.getByLabelText(/^Distributor's part number/), { target: { value: '7013816' } });
    fireEvent.change(region.getByLabelText(/^Purchase date/), { target: { value: '2024-05-17' } });
    fireEvent.click(region.getByRole('button', { name: 'Save warranty claim' }));
    await waitFor(() =>
      expect(api.sent('PUT /api/appointments/:id/warranty-claim').map((request) => [request.path, request.body])).toEqual([
        ['/api/appointments/12/warranty-claim', { failureCode: 'E07', serviceCode: 'SZ-1234', distributorPartNumber: '7013816', distributorInvoice: '', purchaseDate: '2024-05-17' }],
      ]),
    );
    expect(await region.findByTestId('warranty-claim-saved')).toBeTruthy();
  });

  it('opens the warranty claim at once for an appliance the customer said is under the manufacturer\'s warranty', async () => {
    await renderJobs([technicianJob({}, { status: 'arrived' })], {
      'GET /api/appointments/:id/job-record': () => json(200, { ...empty, intake: { ...intake, warranty: 'manufacturer' } }),
    });
    const card = within(await job());
    fireEvent.click(card.getByRole('button', { name: 'Job record' }));
    const region = within(await card.findByRole('region', { name: 'Job record for Pat Rivera' }));
    expect(await region.findByLabelText(/^Failure code/)).toBeTruthy();
    expect(region.queryByRole('button', { name: 'Record a warranty claim' })).toBeNull();
  });

  it('shows the visit’s photos: a ready one as an image by its signed address, one being checked, a rejected one with the reason', async () => {
    const photo = { appointmentId: 12, width: 2048, height: 1536, takenBy: 'Sara Martinez', createdAt: '2026-03-10T18:40:00.000Z', rejectedReason: null, url: null };
    await renderJobs([technicianJob({}, { status: 'in-progress' })], {
      'GET /api/appointments/:id/job-record': () => json(200, empty),
      'GET /api/appointments/:id/photos': () =>
        json(200, [
          { ...photo, id: 1, kind: 'rating-plate', state: 'ready', url: '/api/appointments/12/photos/1/image?expires=1&signature=' + 'a'.repeat(43) },
          { ...photo, id: 2, kind: 'before', state: 'processing', width: null, height: null },
          { ...photo, id: 3, kind: 'after', state: 'rejected', width: null, height: null, rejectedReason: 'This file is not a JPEG, PNG or WebP photo.' },
        ]),
    });
    const card = within(await job());
    fireEvent.click(card.getByRole('button', { name: 'Job record' }));
    const region = within(await card.findByRole('region', { name: 'Job record for Pat Rivera' }));
    const photos = within(await region.findByRole('list', { name: 'Photos of this visit' }));
    expect(photos.getByRole('img', { name: 'Rating plate photo, taken by Sara Martinez' }).getAttribute('src')).toMatch(/^\/api\/appointments\/12\/photos\/1\/image\?expires=/);
    expect(photos.getByText('Before: Checking…')).toBeTruthy();
    expect(photos.getByText('This file is not a JPEG, PNG or WebP photo.')).toBeTruthy();
    expect(region.getByRole('button', { name: 'Take or choose photos' })).toBeTruthy();
    expect((region.getByLabelText('What it shows') as HTMLSelectElement).value).toBe('before');
  });

  const saved = (diagnosis: string): JobRecordResponse => ({
    ...empty,
    record: { modelNumber: 'SHX878WD5N', serialNumber: 'FD 9012 00345', diagnosis, partsNeeded: null, recordedAt: '2026-03-10T18:40:00.000Z', recordedBy: 'Sara Martinez' },
  });
  const openRecord = async () => {
    const card = within(await job());
    fireEvent.click(card.getByRole('button', { name: 'Job record' }));
    return within(await card.findByRole('region', { name: 'Job record for Pat Rivera' }));
  };
  const keptEntries = () => Object.keys(window.localStorage).filter((key) => key.startsWith('kept-'));
  const online = (value: boolean) => {
    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(value);
    window.dispatchEvent(new Event(value ? 'online' : 'offline'));
  };

  it('keeps a save made with no connection on the phone and sends it when the connection is back', async () => {
    online(false);
    const { api } = await renderJobs([technicianJob({}, { status: 'arrived' })], {
      'GET /api/appointments/:id/job-record': () => json(200, empty),
      'PUT /api/appointments/:id/job-record': () => json(200, saved('Drain pump seized.')),
    });
    const region = await openRecord();
    fireEvent.change(await region.findByLabelText(/^Diagnosis/), { target: { value: 'Drain pump seized.' } });
    fireEvent.click(region.getByRole('button', { name: 'Save job record' }));
    expect((await region.findByTestId('kept-save')).textContent).toMatch(/^No connection: the job record saved at \d{1,2}:\d{2} [AP]M is kept on this phone and sent as soon as the connection is back\.$/);
    expect(api.sent('PUT /api/appointments/:id/job-record')).toEqual([]);
    expect(keptEntries().sort()).toEqual(['kept-draft:job-record:12', 'kept-save:job-record:12']);

    online(true);
    await waitFor(() => expect(api.sent('PUT /api/appointments/:id/job-record').map((request) => request.body)).toEqual([
      { modelNumber: 'SHX878WD5N', serialNumber: 'FD 9012 00345', diagnosis: 'Drain pump seized.', partsNeeded: '' },
    ]));
    expect(await region.findByText(/^Saved .* by Sara Martinez$/)).toBeTruthy();
    await waitFor(() => expect(region.queryByTestId('kept-save')).toBeNull());
    expect(keptEntries()).toEqual([]);
  });

  it('keeps a save the gateway cannot deliver (503); refused when it arrives, its values stay with the reason', async () => {
    const { api } = await renderJobs([technicianJob({}, { status: 'arrived' })], {
      'GET /api/appointments/:id/job-record': () => json(200, empty),
      'PUT /api/appointments/:id/job-record': () => apiError(503, 'SERVICE_UNAVAILABLE', 'Booking is unavailable'),
    });
    const region = await openRecord();
    fireEvent.change(await region.findByLabelText(/^Diagnosis/), { target: { value: 'Door gasket torn.' } });
    fireEvent.click(region.getByRole('button', { name: 'Save job record' }));
    expect((await region.findByTestId('kept-save')).textContent).toMatch(/^No connection: the job record saved at .+ is kept on this phone and sent as soon as the connection is back\.$/);
    expect(api.sent('PUT /api/appointments/:id/job-record')).toHaveLength(1);

    api.answer('PUT /api/appointments/:id/job-record', () => apiError(409, 'CONFLICT', jobRecordMessages.cancelled));
    online(true);
    await expectToast('Not saved', jobRecordMessages.cancelled);
    await waitFor(() => expect(region.queryByTestId('kept-save')).toBeNull());
    expect((region.getByLabelText(/^Diagnosis/) as HTMLTextAreaElement).value).toBe('Door gasket torn.');
    expect(keptEntries()).toEqual(['kept-draft:job-record:12']);
  });

  it('sends a save kept from an earlier visit of the page as soon as the record opens online', async () => {
    const values = { modelNumber: 'SHX878WD5N', serialNumber: 'FD 9012 00345', diagnosis: 'Drain pump seized.', partsNeeded: '' };
    window.localStorage.setItem('kept-save:job-record:12', JSON.stringify({ values, at: '2026-03-10T18:30:00.000Z' }));
    const { api } = await renderJobs([technicianJob({}, { status: 'arrived' })], {
      'GET /api/appointments/:id/job-record': () => json(200, empty),
      'PUT /api/appointments/:id/job-record': () => json(200, saved('Drain pump seized.')),
    });
    const region = await openRecord();
    await waitFor(() => expect(api.sent('PUT /api/appointments/:id/job-record').map((request) => request.body)).toEqual([values]));
    expect(await region.findByText(/^Saved .* by Sara Martinez$/)).toBeTruthy();
    await waitFor(() => expect(keptEntries()).toEqual([]));
  });

  it('gives back what was typed and not saved when the page opens again, and Discard goes back to the saved record', async () => {
    const answers = { 'GET /api/appointments/:id/job-record': () => json(200, saved('Drain pump seized.')) };
    const first = await renderJobs([technicianJob({}, { status: 'arrived' })], answers);
    fireEvent.change(await (await openRecord()).findByLabelText(/^Diagnosis/), { target: { value: 'Drain pump seized; filter clogged too.' } });
    await waitFor(() => expect(keptEntries()).toEqual(['kept-draft:job-record:12']));
    first.view.unmount();

    await renderJobs([technicianJob({}, { status: 'arrived' })], answers);
    const region = await openRecord();
    const diagnosis = (await region.findByLabelText(/^Diagnosis/)) as HTMLTextAreaElement;
    expect(diagnosis.value).toBe('Drain pump seized; filter clogged too.');
    expect(region.getByTestId('kept-draft').textContent).toMatch(/^Kept on this phone: changes typed at \d{1,2}:\d{2} [AP]M that are not saved yet\. Save to send them\./);
    fireEvent.click(region.getByRole('button', { name: 'Discard changes' }));
    expect(diagnosis.value).toBe('Drain pump seized.');
    expect(region.queryByTestId('kept-draft')).toBeNull();
    await waitFor(() => expect(keptEntries()).toEqual([]));
  });

  it('says when the record cannot be loaded, with Try again', async () => {
    const { api } = await renderJobs([technicianJob({}, { status: 'arrived' })], {
      'GET /api/appointments/:id/job-record': () => apiError(503, 'SERVICE_UNAVAILABLE', 'Booking is unavailable'),
    });
    const card = within(await job());
    fireEvent.click(card.getByRole('button', { name: 'Job record' }));
    expect(await card.findByText('The job record could not be loaded')).toBeTruthy();
    api.answer('GET /api/appointments/:id/job-record', () => json(200, empty));
    fireEvent.click(card.getByRole('button', { name: 'Try again' }));
    expect(((await card.findByLabelText('Model number')) as HTMLInputElement).value).toBe('SHX878WD5N');
  });
});
