import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { businessDateRange, technicianJobsPath, unsafeTextMessages } from '@repo/contracts';
import { anonymousHostileRequests, createTestService, farDates, hostileIds, malformedJsonBodies, expectRefused as refused, unsafeTexts, type TestService } from '@repo/service-kit/test-service';
import type { TrackingDatabase } from '../src/db/schema.ts';
import { trackingService } from '../src/definition.ts';
import { schedules } from '../src/scheduled-work.ts';
import { deliverSnapshot, dispatchSnapshot } from './helpers.ts';

let service: TestService<TrackingDatabase>;
beforeAll(async () => {
  // The position purge takes its first turn a second after the start, and is waited for: its first claim adds a row
  // (`scheduled_runs`), which a refused request's before-and-after counts would otherwise catch. Later turns update it.
  service = await createTestService(trackingService, { SEED_DEMO: 'true', RATE_LIMIT_MAX: '100000', POSITION_PURGE_INTERVAL_MS: '1000' });
  await vi.waitFor(async () => expect(await service.db.selectFrom('scheduled_runs').select('name').execute()).toContainEqual({ name: schedules.positionPurge }), { timeout: 30_000, interval: 100 });
  // Appointment 1 exists, so an id read loosely (` 1`, `01`) would find it.
  expect((await deliverSnapshot(service.app, dispatchSnapshot(1, 1))).statusCode).toBeLessThan(300);
});
afterAll(async () => {
  await service?.close();
});

type Request = { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: unknown; as?: 'staff'; raw?: string };

/** Sends a hostile request (as staff when `as` says so) and proves it was refused, nothing stored changed. */
const expectRefused = ({ as, ...request }: Request, status: number, code: string, fields?: unknown) =>
  refused(service, { ...request, authorization: as ? service.bearer({ sub: 'staff:1', role: 'staff' }) : undefined }, status, code, fields);

const technician = { name: 'Sam Ortiz', phone: '(904) 555-0177', vehicleInfo: 'White van', specialties: ['Washers'] };
const appointmentIdMessage = 'Appointment id must be a whole number from 1 to 2147483647';

describe('hostile input to tracking: a 4xx in the error shape, and nothing stored changes', () => {
  const idCases = hostileIds.flatMap((id) => [
    [`GET /api/tracking/${id}`, { method: 'GET', url: `/api/tracking/${id}`, as: 'staff' }, 'params.appointmentId'],
    [`PUT /api/tracking/${id}/status`, { method: 'PUT', url: `/api/tracking/${id}/status`, payload: { status: 'dispatched' }, as: 'staff' }, 'params.appointmentId'],
    [`GET /api/technicians/tech_mike?appointment=${id}`, { method: 'GET', url: `/api/technicians/tech_mike?appointment=${id}`, as: 'staff' }, 'querystring.appointment'],
  ] as const);
  it.each(idCases)('%s: 400 naming the id', async (_name, request, field) => {
    if (request.url.includes('%C0%80') && field.startsWith('params')) {
      await expectRefused(request, 400, 'BAD_REQUEST');
      return;
    }
    // An undecodable query value is read as it came; either way it is not an appointment id.
    const message = request.url.includes('%00') ? unsafeTextMessages.nul : appointmentIdMessage;
    await expectRefused(request, 400, 'VALIDATION_ERROR', { [field]: request.url.includes('%C0%80') ? expect.any(String) : message });
  });

  it('reads a well-formed id that names nothing as not found', async () => {
    await expectRefused({ method: 'GET', url: '/api/tracking/2147483647', as: 'staff' }, 404, 'NOT_FOUND');
  });

  const dateCases = farDates.flatMap((date) => [
    [`the tracking list on ${date}`, `/api/tracking?date=${date}`],
    [`a technician's jobs on ${date}`, `${technicianJobsPath}?technicianId=tech_mike&date=${date}`],
  ] as const).map(([name, url]) => [name, url, /^\d{4}-/.test(name.split(' ').at(-1)!) ? `Date must be between ${businessDateRange.first} and ${businessDateRange.last}` : 'Date must be in YYYY-MM-DD form'] as const);
  it.each(dateCases)('%s: 400 with the range', async (_name, url, message) => {
    await expectRefused({ method: 'GET', url, as: 'staff' }, 400, 'VALIDATION_ERROR', { 'querystring.date': message });
  });

  const textCases = unsafeTexts.flatMap((text) => {
    const message = text.includes('\u0000') ? unsafeTextMessages.nul : unsafeTextMessages.brokenCharacter;
    const cases: [string, Request, string][] = [
      ...['name', 'phone', 'vehicleInfo', 'vehicle', 'avatar'].map((field): [string, Request, string] => [`new technician ${field}`, { method: 'POST', url: '/api/technicians', payload: { ...technician, [field]: text }, as: 'staff' }, field]),
      ['new technician specialty', { method: 'POST', url: '/api/technicians', payload: { ...technician, specialties: ['Ovens', text] }, as: 'staff' }, 'specialties.1'],
      ...['name', 'phone', 'vehicleInfo'].map((field): [string, Request, string] => [`technician update ${field}`, { method: 'PUT', url: '/api/technicians/tech_mike', payload: { ...technician, [field]: text }, as: 'staff' }, field]),
      ['location address', { method: 'PUT', url: '/api/technicians/tech_mike/location', payload: { lat: 29.9, lng: -81.3, address: text }, as: 'staff' }, 'address'],
      ['status change', { method: 'PUT', url: '/api/tracking/1/status', payload: { status: text }, as: 'staff' }, 'status'],
    ];
    return cases.map(([name, request, field]) => [`${JSON.stringify(text)} in ${name}`, request, field, message] as const);
  });
  it.each(textCases)('%s: 400 naming the field', async (_name, request, field, message) => {
    await expectRefused(request, 400, 'VALIDATION_ERROR', { [field]: message });
  });

  it.each([
    ['a technician id in the path', 'GET', '/api/technicians/tech%00', 'params.id'],
    ['a technician id to update', 'PUT', '/api/technicians/tech_mike%00', 'params.id'],
    ["a technician's jobs", 'GET', `${technicianJobsPath}?technicianId=tech%00`, 'querystring.technicianId'],
  ] as const)('NUL in %s: 400 naming it', async (_name, method, url, field) => {
    await expectRefused({ method, url, payload: method === 'PUT' ? technician : undefined, as: 'staff' }, 400, 'VALIDATION_ERROR', { [field]: unsafeTextMessages.nul });
  });

  it.each(['1e3', '-1', '0x10', '%201', '99999999999999999999', ''])('paging the tracking list with %j: 400', async (value) => {
    await expectRefused({ method: 'GET', url: `/api/tracking?page=${value}&pageSize=${value}`, as: 'staff' }, 400, 'VALIDATION_ERROR');
  });

  const bodyRoutes: Request[] = [
    { method: 'POST', url: '/api/technicians', as: 'staff' },
    { method: 'PUT', url: '/api/technicians/tech_mike', as: 'staff' },
    { method: 'PUT', url: '/api/technicians/tech_mike/location', as: 'staff' },
    { method: 'PUT', url: '/api/technicians/tech_mike/active', as: 'staff' },
    { method: 'PUT', url: '/api/technicians/tech_mike/schedule', as: 'staff' },
    { method: 'PUT', url: '/api/tracking/1/status', as: 'staff' },
  ];

  it.each([
    ['a weekday past Saturday', { workingHours: [{ weekday: 7, start: '08:00', end: '17:00' }], daysOff: [] }, 'workingHours.0.weekday', 'Weekday must be 0 (Sunday) to 6 (Saturday)'],
    ['a time that is no time', { workingHours: [{ weekday: 1, start: '8am', end: '17:00' }], daysOff: [] }, 'workingHours.0.start', 'Time must look like 08:00 (24-hour)'],
    ['an end before the start', { workingHours: [{ weekday: 1, start: '17:00', end: '08:00' }], daysOff: [] }, 'workingHours.0.end', 'The end must be after the start'],
    ['a weekday twice', { workingHours: [{ weekday: 1, start: '08:00', end: '12:00' }, { weekday: 1, start: '13:00', end: '17:00' }], daysOff: [] }, 'workingHours', 'Each weekday can be listed only once'],
    ['a day off that is no date', { workingHours: [], daysOff: ['2026-02-30'] }, 'daysOff.0', 'Date is not a real calendar date'],
    ['a far day off', { workingHours: [], daysOff: ['9999-01-01'] }, 'daysOff.0', 'Date must be between 2000-01-01 and 2100-12-31'],
    ['a day off twice', { workingHours: [], daysOff: ['2026-12-24', '2026-12-24'] }, 'daysOff', 'Each day off can be listed only once'],
    ['days off as an object', { workingHours: [], daysOff: { $gt: '' } }, 'daysOff', 'Days off must be a list'],
  ])('a schedule with %s: 400 naming it', async (_name, payload, field, message) => {
    await expectRefused({ method: 'PUT', url: '/api/technicians/tech_mike/schedule', payload, as: 'staff' }, 400, 'VALIDATION_ERROR', { [field]: message });
  });

  it.each([['a string', 'false'], ['a number', 0], ['null', null], ['an object', { $ne: true }], ['missing', undefined]])(
    'deactivating with %s as active: 400 naming it, the technician unchanged',
    async (_name, active) => {
      await expectRefused({ method: 'PUT', url: '/api/technicians/tech_mike/active', payload: { active }, as: 'staff' }, 400, 'VALIDATION_ERROR', { active: 'Active must be true or false' });
    },
  );
  const jsonCases = malformedJsonBodies.flatMap((raw) => bodyRoutes.map((request) => [`${JSON.stringify(raw)} to ${request.method} ${request.url}`, { ...request, raw }] as const));
  it.each(jsonCases)('malformed JSON %s: 400', async (_name, request) => {
    await expectRefused(request, 400, 'BAD_REQUEST');
  });

  it('asks every route that needs a session for one before it reads anything else', async () => {
    const answers = await anonymousHostileRequests(service.app);
    const open = new Set(['GET /healthz', 'GET /readyz']);
    for (const { route, status, body } of answers) {
      const name = `${route.method} ${route.url.replaceAll('%00', ':id')}`;
      if (open.has(name)) expect([200, 400], `${name}: ${body}`).toContain(status);
      else expect(status, `${name}: ${body}`).toBe(401);
    }
    expect(answers.filter((answer) => answer.status === 401).length).toBeGreaterThanOrEqual(8);
  });
});
