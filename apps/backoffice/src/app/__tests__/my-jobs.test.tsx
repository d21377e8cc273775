import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { technicianJobsPath, trackingMessages, type TechnicianJob } from '@repo/contracts';
import { expectPageHeading } from '@repo/ui/testing/queries';
import { App } from '../index.tsx';
import {
  apiError,
  fakeApi,
  fakeGeolocation,
  fakeLiveSocket,
  json,
  renderAppAt,
  signIn,
  technicianJob,
  technicianUser,
  type Answer,
} from '../../features/tracking-admin/testing/fake-api.ts';

const jobsAnswer = (items: TechnicianJob[]) => () => json(200, { date: '2026-03-10', technicianId: 'tech_sara', items });

async function renderJobs(items: TechnicianJob[], more: Record<string, Answer> = {}) {
  fakeLiveSocket();
  const api = fakeApi({ ...signIn(technicianUser), [`GET ${technicianJobsPath}`]: jobsAnswer(items), ...more });
  const view = await renderAppAt(<App />, '/my-jobs');
  await expectPageHeading('My Jobs');
  return { api, view };
}

const job = (name = 'Pat Rivera') => screen.findByRole('article', { name });

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(window.navigator, 'geolocation');
  Reflect.deleteProperty(window, 'isSecureContext');
});

describe('my jobs', () => {
  it("shows today's jobs with directions, a call link, the time window in Eastern time and the next step", async () => {
    fakeGeolocation();
    await renderJobs([technicianJob()]);
    const card = within(await job());
    expect(screen.getByText('Tuesday, March 10')).toBeTruthy();
    expect(card.getByText('2:00 PM – 3:00 PM EDT')).toBeTruthy();
    expect(card.getByText('Repair · Dishwasher · Bosch')).toBeTruthy();
    expect(card.getByText('Not started')).toBeTruthy();
    expect(card.getByRole('link', { name: 'Get directions' }).getAttribute('href')).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=12%20Aviles%20Street%2C%20St%20Augustine%2C%20FL%2032084',
    );
    expect(card.getByRole('link', { name: 'Call Pat Rivera at (904) 555-0142' }).getAttribute('href')).toBe('tel:9045550142');
    expect(card.getAllByRole('button').map((button) => button.textContent)).toEqual(['Start driving']);
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

  it('says a completed job is done, with no button', async () => {
    await renderJobs([technicianJob({}, { status: 'completed' })]);
    const card = within(await job());
    expect(card.getByText('Job complete. Thank you!')).toBeTruthy();
    expect(card.queryAllByRole('button')).toHaveLength(0);
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
