import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { technicianJobsPath, trackingAllowTodayPath, trackingMessages, type Technician, type TechnicianJobList, type TrackingList, type TrackingRecord } from '@repo/contracts';
import { createTestService, expectApiError, type TestService } from '@repo/service-kit/test-service';
import type { TrackingDatabase } from '../src/db/schema.ts';
import { trackingService } from '../src/definition.ts';
import { technicianJobsMessages } from '../src/use-cases/list-technician-jobs.ts';
import { deliverSnapshot, dispatchSnapshot, testClock } from './helpers.ts';

// Monday 23 November 2026, 10:00 in St Augustine.
const clock = testClock('2026-11-23T15:00:00Z');
let service: TestService<TrackingDatabase>;
let staff: string;

beforeAll(async () => {
  service = await createTestService(trackingService, { SEED_DEMO: 'true', RATE_LIMIT_MAX: '100000' }, { now: clock.now });
  staff = service.bearer({ sub: 'staff:1', role: 'staff' });
  const deliveries = [
    dispatchSnapshot(601, 1, { technicianId: 'tech_mike', startsAt: '2026-11-23T13:00:00-05:00', endsAt: '2026-11-23T14:00:00-05:00', customerName: 'Ana Ruiz' }),
    dispatchSnapshot(602, 1, { technicianId: 'tech_mike', startsAt: '2026-11-23T09:00:00-05:00', endsAt: '2026-11-23T10:00:00-05:00', customerName: 'Ben Ode' }),
    dispatchSnapshot(603, 1, { technicianId: 'tech_sara', startsAt: '2026-11-23T11:00:00-05:00', endsAt: '2026-11-23T12:00:00-05:00' }),
    dispatchSnapshot(604, 1, { technicianId: 'tech_mike', startsAt: '2026-11-24T09:00:00-05:00', endsAt: '2026-11-24T10:00:00-05:00' }),
    dispatchSnapshot(605, 1, { technicianId: 'tech_mike', startsAt: '2026-11-23T15:00:00-05:00', endsAt: '2026-11-23T16:00:00-05:00' }),
    dispatchSnapshot(605, 2, { technicianId: null, startsAt: '2026-11-23T15:00:00-05:00', endsAt: '2026-11-23T16:00:00-05:00' }),
  ];
  for (const snapshot of deliveries) expect((await deliverSnapshot(service.app, snapshot)).json()).toMatchObject({ status: 'applied' });
});
afterAll(async () => {
  await service?.close();
});

const mike = () => service.bearer({ sub: 'technician:1', role: 'technician', technicianId: 'tech_mike' });
const customer = () => service.bearer({ sub: 'customer:7', role: 'customer', customerId: 7 });
const call = (method: 'GET' | 'PUT', url: string, authorization: string, payload?: object) =>
  service.app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });

describe('a signed-in technician', () => {
  it('moves their own job forward, and gets a 404 for another technician’s, as for a missing one', async () => {
    const moved = await call('PUT', '/api/tracking/602/status', mike(), { status: 'en-route' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ appointmentId: '602', status: 'en-route' });
    expectApiError(await call('PUT', '/api/tracking/602/status', mike(), { status: 'completed' }), 409, 'CONFLICT');

    const others = await call('PUT', '/api/tracking/603/status', mike(), { status: 'en-route' });
    const missing = await call('PUT', '/api/tracking/999999/status', mike(), { status: 'en-route' });
    expectApiError(others, 404, 'NOT_FOUND');
    expect(others.json()).toEqual(missing.json());
    expect(others.json().error.message).toBe(trackingMessages.notFound);
    expect((await call('GET', '/api/tracking/603', staff)).json()).toMatchObject({ status: 'dispatched' });
    // Taken off a job: it says so rather than pretending it never existed.
    expect((await call('PUT', '/api/tracking/605/status', mike(), { status: 'en-route' })).json().error.message).toBe(trackingMessages.closedUnassigned);
    // A technician session without a technician moves nothing.
    const nobody = service.bearer({ sub: 'technician:9', role: 'technician' });
    expectApiError(await call('PUT', '/api/tracking/601/status', nobody, { status: 'en-route' }), 404, 'NOT_FOUND');
  });

  it('reports their own position only (403 for another’s), checked before the body is read', async () => {
    const own = await call('PUT', '/api/technicians/tech_mike/location', mike(), { lat: 29.89, lng: -81.32 });
    expect(own.statusCode, own.body).toBe(200);
    expect((own.json() as Technician).currentLocation).toMatchObject({ lat: 29.89, lng: -81.32 });

    const other = await call('PUT', '/api/technicians/tech_sara/location', mike(), { lat: 29.89, lng: -81.32 });
    expectApiError(other, 403, 'FORBIDDEN');
    expect(other.json().error.message).toBe('You can only update your own location.');
    const brokenBody = await service.app.inject({ method: 'PUT', url: '/api/technicians/tech_sara/location', headers: { authorization: mike(), 'content-type': 'application/json' }, payload: '{"lat":' });
    expectApiError(brokenBody, 403, 'FORBIDDEN');
    expectApiError(await call('PUT', '/api/technicians/tech_mike/location', mike(), { lat: 91, lng: 0 }), 400, 'VALIDATION_ERROR', { lat: 'Latitude must be between -90 and 90' });
    // Only staff edit technicians or add them.
    expectApiError(await call('PUT', '/api/technicians/tech_mike', mike(), { name: 'Mike', phone: '1', vehicleInfo: 'Van' }), 403, 'FORBIDDEN');
    expectApiError(await service.app.inject({ method: 'POST', url: '/api/technicians', headers: { authorization: mike() }, payload: { name: 'X', phone: '1' } }), 403, 'FORBIDDEN');
    expectApiError(await call('GET', '/api/technicians', mike()), 403, 'FORBIDDEN');
  });

  it('reads their own jobs’ tracking and their own card, not another’s', async () => {
    expect((await call('GET', '/api/tracking/601', mike())).json()).toMatchObject({ appointmentId: '601', technicianId: 'tech_mike' });
    const others = await call('GET', '/api/tracking/603', mike());
    expectApiError(others, 404, 'NOT_FOUND');
    expect(others.json().error.message).toBe(trackingMessages.notFound);

    expect((await call('GET', '/api/technicians/tech_mike', mike())).json()).toMatchObject({ id: 'tech_mike', name: 'Mike Johnson', currentLocation: { lat: 29.89 } });
    expectApiError(await call('GET', '/api/technicians/tech_sara', mike()), 404, 'NOT_FOUND');

    const active = (await call('GET', '/api/tracking', mike())).json() as TrackingList;
    expect(active.items.map((item) => item.appointmentId)).toEqual(['602', '601', '604']);
  });

  it('lists their jobs of today (business date) in schedule order, or of another date, closed ones left out', async () => {
    const today = await call('GET', technicianJobsPath, mike());
    expect(today.statusCode, today.body).toBe(200);
    const list = today.json() as TechnicianJobList;
    expect(list).toMatchObject({ date: '2026-11-23', technicianId: 'tech_mike' });
    expect(list.items.map((job) => job.appointmentId)).toEqual(['602', '601']);
    expect(list.items[0]).toMatchObject({
      customerName: 'Ben Ode',
      phone: '(904) 555-0142',
      address: '48 Cordova St, St Augustine, FL 32084',
      serviceType: 'Repair',
      appliance: 'Dishwasher',
      brand: 'Bosch',
      scheduledStart: '2026-11-23T14:00:00.000Z',
      scheduledEnd: '2026-11-23T15:00:00.000Z',
      tracking: { appointmentId: '602', status: 'en-route', customerLocation: { lat: 29.8977, lng: -81.3422 } },
    });
    // The trip: where Mike was when he set off (his seeded position), then the position his phone reported.
    expect((list.items[0]!.tracking as TrackingRecord).route).toEqual([{ lat: 29.9012, lng: -81.3124 }, { lat: 29.89, lng: -81.32 }]);

    expect(((await call('GET', `${technicianJobsPath}?date=2026-11-24`, mike())).json() as TechnicianJobList).items.map((job) => job.appointmentId)).toEqual(['604']);
    expect((await call('GET', `${technicianJobsPath}?date=2026-11-25`, mike())).json()).toEqual({ date: '2026-11-25', technicianId: 'tech_mike', items: [] });
    expectApiError(await call('GET', `${technicianJobsPath}?technicianId=tech_sara`, mike()), 403, 'FORBIDDEN');
    expect((await call('GET', `${technicianJobsPath}?technicianId=tech_mike`, mike())).statusCode).toBe(200);
  });

  it('counts the business date: late evening in St Augustine is still that day', async () => {
    clock.set('2026-11-24T04:30:00Z');
    try {
      expect(((await call('GET', technicianJobsPath, mike())).json() as TechnicianJobList).date).toBe('2026-11-23');
    } finally {
      clock.set('2026-11-23T15:00:00Z');
    }
  });
});

describe('a visit dated another day', () => {
  const allow = (id: number, authorization: string) => service.app.inject({ method: 'POST', url: trackingAllowTodayPath(id), headers: { authorization } });

  it('moves on the technician’s phone only once the office allows it today; staff move it as they are', async () => {
    for (const snapshot of [
      dispatchSnapshot(606, 1, { technicianId: 'tech_mike', startsAt: '2026-11-25T09:00:00-05:00', endsAt: '2026-11-25T10:00:00-05:00' }),
      dispatchSnapshot(607, 1, { technicianId: 'tech_sara', startsAt: '2026-11-25T11:00:00-05:00', endsAt: '2026-11-25T12:00:00-05:00' }),
    ]) expect((await deliverSnapshot(service.app, snapshot)).json()).toMatchObject({ status: 'applied' });

    const early = await call('PUT', '/api/tracking/604/status', mike(), { status: 'en-route' });
    expectApiError(early, 409, 'CONFLICT');
    expect(early.json().error.message).toBe('This visit is on Tuesday, November 24. Call the office: they confirm a visit on another day before you start it.');
    expect((await call('GET', '/api/tracking/604', staff)).json()).toMatchObject({ status: 'dispatched', startAllowed: null });

    // Only staff allow it, and only what needs it: not today's visit, a closed record or a missing one.
    expectApiError(await allow(604, mike()), 403, 'FORBIDDEN');
    expectApiError(await allow(604, customer()), 403, 'FORBIDDEN');
    const today = await allow(601, staff);
    expectApiError(today, 409, 'CONFLICT');
    expect(today.json().error.message).toBe(trackingMessages.allowNotNeeded);
    expect((await allow(605, staff)).json().error.message).toBe(trackingMessages.closedUnassigned);
    expectApiError(await allow(999_999, staff), 404, 'NOT_FOUND');

    const allowed = await allow(604, staff);
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json()).toMatchObject({ appointmentId: '604', startAllowed: { day: '2026-11-23', by: 'staff:1' } });
    expect((await call('PUT', '/api/tracking/604/status', mike(), { status: 'en-route' })).json()).toMatchObject({ status: 'en-route' });
    // The customer does not see who allowed it.
    expect((await call('GET', '/api/tracking/604', customer())).json().startAllowed ?? null).toBeNull();

    // Allowed today is not allowed tomorrow; staff are not held by it.
    expect((await allow(606, staff)).statusCode).toBe(200);
    clock.set('2026-11-24T15:00:00Z');
    try {
      expectApiError(await call('PUT', '/api/tracking/606/status', mike(), { status: 'en-route' }), 409, 'CONFLICT');
      expect((await call('PUT', '/api/tracking/607/status', staff, { status: 'en-route' })).json()).toMatchObject({ status: 'en-route' });
    } finally {
      clock.set('2026-11-23T15:00:00Z');
    }
  });
});

describe('the jobs list for others', () => {
  it('lets staff read any technician’s day, naming the technician', async () => {
    const sara = (await call('GET', `${technicianJobsPath}?technicianId=tech_sara&date=2026-11-23`, staff)).json() as TechnicianJobList;
    expect(sara.items.map((job) => job.appointmentId)).toEqual(['603']);
    const missing = await call('GET', technicianJobsPath, staff);
    expectApiError(missing, 400, 'VALIDATION_ERROR', { technicianId: technicianJobsMessages.technicianRequired });
    expect(missing.json().error.message).toBe(technicianJobsMessages.technicianRequired);
    expectApiError(await call('GET', `${technicianJobsPath}?technicianId=tech_nobody`, staff), 404, 'NOT_FOUND');
    expectApiError(await call('GET', `${technicianJobsPath}?technicianId=tech_sara&date=2026-02-30`, staff), 400, 'VALIDATION_ERROR', { 'querystring.date': expect.any(String) });
  });

  it('refuses customers (403) and anonymous callers (401)', async () => {
    const refused = await call('GET', technicianJobsPath, customer());
    expectApiError(refused, 403, 'FORBIDDEN');
    expect(refused.json().error.message).toBe(technicianJobsMessages.staffOrTechnician);
    expectApiError(await service.app.inject({ method: 'GET', url: technicianJobsPath }), 401, 'UNAUTHORIZED');
    expectApiError(await call('PUT', '/api/technicians/tech_mike/location', customer(), { lat: 1, lng: 1 }), 403, 'FORBIDDEN');
  });
});
