import { describe, expect, it } from 'vitest';
import { appointmentAccessHeader, businessDateRange, officeActionLimits, officeActionMessages, unsafeTextMessages } from '@repo/contracts';
import { anonymousHostileRequests, farDates, hostileIds, malformedJsonBodies, expectRefused as refused, unsafeTexts } from '@repo/service-kit/test-service';
import { bookSlot, bookingForTests, customerClaims, staffClaims, testClock, validBooking } from './helpers.ts';

// Friday 2026-11-20, 10:00 in St Augustine; Monday the 23rd is bookable.
const clock = testClock('2026-11-20T15:00:00Z');
const booking = bookingForTests(clock.now);
const day = '2026-11-23';

/**
 * `as`: the session it is sent with (none for a visitor), made when it is sent; `another customer` is a new one each
 * time with a proven email, for the system import (limited per customer, and only for a proven email).
 */
type Request = { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: unknown; as?: 'staff' | 'customer' | 'another customer'; raw?: string };
let customers = 100;
const claimsOf = (as: NonNullable<Request['as']>) =>
  as === 'staff' ? staffClaims() : as === 'customer' ? customerClaims(41) : { ...customerClaims((customers += 1)), emailVerified: true };

/** Sends a hostile request with the session `as` names and proves it was refused, nothing stored changed. */
const expectRefused = ({ as, ...request }: Request, status: number, code: string, fields?: unknown) =>
  refused(booking.service, { ...request, authorization: as ? booking.service.bearer(claimsOf(as)) : undefined }, status, code, fields);

const customer = () => ({ authorization: booking.service.bearer(customerClaims(41)) });
let ownId = 0;

describe('hostile input to booking: a 4xx in the error shape, and nothing stored changes', () => {
  it('books the appointment the cases aim at (id 1, so a loosely read id would name it)', async () => {
    ownId = (await bookSlot(booking.service, day, '09:00-10:00', customer())).id;
    expect(ownId).toBe(1);
  });

  const idRoutes = (id: string): Request[] => [
    { method: 'PUT', url: `/api/appointments/${id}/status`, payload: { status: 'confirmed' }, as: 'staff' },
    { method: 'PUT', url: `/api/appointments/${id}/assign`, payload: { technicianId: null }, as: 'staff' },
    { method: 'POST', url: `/api/appointments/${id}/confirm`, payload: { version: 1 }, as: 'staff' },
    { method: 'POST', url: `/api/appointments/${id}/cancel`, payload: { version: 1, reason: 'Called' }, as: 'staff' },
    { method: 'POST', url: `/api/appointments/${id}/reopen`, payload: { version: 1 }, as: 'staff' },
    { method: 'POST', url: `/api/appointments/${id}/no-show`, payload: { version: 1 }, as: 'staff' },
    { method: 'POST', url: `/api/appointments/${id}/reschedule`, payload: { version: 1, appointmentDate: day, timeSlot: '11:00-12:00' }, as: 'staff' },
    { method: 'GET', url: `/api/appointments/${id}/history`, as: 'staff' },
    { method: 'GET', url: `/api/customer/appointments/${id}`, as: 'customer' },
    { method: 'PUT', url: `/api/customer/appointments/${id}/reschedule`, payload: { appointmentDate: day, timeSlot: '11:00-12:00' }, as: 'customer' },
    { method: 'POST', url: `/api/customer/appointments/${id}/cancel`, as: 'customer' },
    { method: 'GET', url: `/api/customer/appointments/${id}/calendar.ics`, as: 'customer' },
  ];
  const idCases = hostileIds.flatMap((id) => idRoutes(id).map((request) => [`${request.method} ${request.url}`, request] as const));
  it.each(idCases)('%s: 400 naming the id', async (_name, request) => {
    if (request.url.includes('%C0%80')) {
      // Not UTF-8 at all: the router refuses the address before anything reads it.
      await expectRefused(request, 400, 'BAD_REQUEST');
      return;
    }
    const message = request.url.includes('%00') ? expect.stringMatching(/^(Appointment id must be|Remove the NUL)/) : 'Appointment id must be a whole number from 1 to 2147483647';
    await expectRefused(request, 400, 'VALIDATION_ERROR', { 'params.id': message });
  });

  it('reads a well-formed id that names no appointment as not found', async () => {
    await expectRefused({ method: 'PUT', url: '/api/appointments/2147483647/status', payload: { status: 'confirmed' }, as: 'staff' }, 404, 'NOT_FOUND');
    await expectRefused({ method: 'GET', url: '/api/customer/appointments/2147483647', as: 'customer' }, 404, 'NOT_FOUND');
    await expectRefused({ method: 'POST', url: '/api/appointments/2147483647/confirm', payload: { version: 1 }, as: 'staff' }, 404, 'NOT_FOUND');
    await expectRefused({ method: 'GET', url: '/api/appointments/2147483647/history', as: 'staff' }, 404, 'NOT_FOUND');
  });

  it.each([
    ['a string', '1'],
    ['a fraction', 1.5],
    ['a negative number', -1],
    ['null', null],
    ['an object', { $gt: 0 }],
  ])('an office action with %s as its version: 400 naming it', async (_name, version) => {
    for (const action of ['confirm', 'cancel', 'reopen', 'no-show', 'reschedule']) {
      const payload = { version, reason: 'Called', appointmentDate: day, timeSlot: '11:00-12:00' };
      await expectRefused({ method: 'POST', url: `/api/appointments/1/${action}`, payload, as: 'staff' }, 400, 'VALIDATION_ERROR', { version: officeActionMessages.versionRequired });
    }
    await expectRefused({ method: 'PUT', url: '/api/appointments/1/assign', payload: { technicianId: null, version }, as: 'staff' }, 400, 'VALIDATION_ERROR', { version: officeActionMessages.versionRequired });
  });

  it.each([
    ['missing', undefined, officeActionMessages.reasonRequired],
    ['blank', ' \t\n ', officeActionMessages.reasonRequired],
    ['too long', 'x'.repeat(officeActionLimits.reason + 1), officeActionMessages.reasonTooLong],
    ['a number', 42, officeActionMessages.reasonRequired],
    ['an array', ['Called'], officeActionMessages.reasonRequired],
  ])('a cancellation reason %s: 400 naming it', async (_name, reason, message) => {
    await expectRefused({ method: 'POST', url: '/api/appointments/1/cancel', payload: { version: 1, reason }, as: 'staff' }, 400, 'VALIDATION_ERROR', { reason: message });
  });

  const dateMessage = (date: string) => (/^\d{4}-/.test(date) ? `Date must be between ${businessDateRange.first} and ${businessDateRange.last}` : 'Date must be in YYYY-MM-DD form');
  const dateCases = farDates.flatMap((date) => [
    [`available slots on ${date}`, { method: 'GET', url: `/api/appointments/available-slots?date=${date}` }, 'querystring.date'],
    [`the staff list on ${date}`, { method: 'GET', url: `/api/appointments?date=${date}`, as: 'staff' }, 'querystring.date'],
    [`the dispatch board on ${date}`, { method: 'GET', url: `/api/appointments/board?date=${date}`, as: 'staff' }, 'querystring.date'],
    [`a closure on ${date}`, { method: 'POST', url: '/api/appointments/closures', payload: { date }, as: 'staff' }, 'date'],
    [`a staff reschedule to ${date}`, { method: 'POST', url: '/api/appointments/1/reschedule', payload: { version: 1, appointmentDate: date, timeSlot: '09:00-10:00' }, as: 'staff' }, 'appointmentDate'],
    [`a booking on ${date}`, { method: 'POST', url: '/api/appointments', payload: { ...validBooking, appointmentDate: date, timeSlot: '09:00-10:00' } }, 'appointmentDate'],
    [`a reschedule to ${date}`, { method: 'PUT', url: '/api/customer/appointments/1/reschedule', payload: { appointmentDate: date, timeSlot: '09:00-10:00' }, as: 'customer' }, 'appointmentDate'],
  ] as const).map(([name, request, field]) => [name, request, field, dateMessage(name.split(' ').at(-1)!)] as const);
  it.each(dateCases)('%s: 400 with the range', async (_name, request, field, message) => {
    await expectRefused(request as Request, 400, 'VALIDATION_ERROR', { [field]: message });
  });

  const bookingFields = ['customerName', 'email', 'phone', 'address', 'city', 'state', 'zipCode', 'serviceType', 'appliance', 'brand', 'description', 'appointmentDate', 'timeSlot'] as const;
  const history = {
    historyData: {
      serviceRequests: [{ firstName: 'Ana', lastName: 'Lee', phone: '904 555 0101', applianceType: 'Washer', problemDescription: 'Leaks' }],
      appointments: [{ ...validBooking, appointmentDate: '2024-03-05', timeSlot: '09:00-10:00' }],
    },
  };
  const textCases = unsafeTexts.flatMap((text) => {
    const message = text.includes('\u0000') ? unsafeTextMessages.nul : unsafeTextMessages.brokenCharacter;
    const cases: [string, Request, string][] = [
      ...bookingFields.map((field): [string, Request, string] => [`booking ${field}`, { method: 'POST', url: '/api/appointments', payload: { ...validBooking, appointmentDate: day, timeSlot: '10:00-11:00', [field]: text } }, field]),
      ['assign technicianId', { method: 'PUT', url: '/api/appointments/1/assign', payload: { technicianId: text }, as: 'staff' }, 'technicianId'],
      ['status change', { method: 'PUT', url: '/api/appointments/1/status', payload: { status: text }, as: 'staff' }, 'status'],
      ['cancellation reason', { method: 'POST', url: '/api/appointments/1/cancel', payload: { version: 1, reason: text }, as: 'staff' }, 'reason'],
      ['closure reason', { method: 'POST', url: '/api/appointments/closures', payload: { date: day, reason: text }, as: 'staff' }, 'reason'],
      ['closure window', { method: 'POST', url: '/api/appointments/closures', payload: { date: day, openSlots: [text] }, as: 'staff' }, 'openSlots.0'],
      ['reschedule slot', { method: 'PUT', url: '/api/customer/appointments/1/reschedule', payload: { appointmentDate: day, timeSlot: text }, as: 'customer' }, 'timeSlot'],
      ['history request description', { method: 'POST', url: '/api/customer/import-history', payload: { historyData: { ...history.historyData, serviceRequests: [{ ...history.historyData.serviceRequests[0], problemDescription: text }] } }, as: 'customer' }, 'historyData.serviceRequests.0.problemDescription'],
      ['history appointment brand', { method: 'POST', url: '/api/customer/import-history', payload: { historyData: { ...history.historyData, appointments: [{ ...history.historyData.appointments[0], brand: text }] } }, as: 'customer' }, 'historyData.appointments.0.brand'],
      ['system import system name', { method: 'POST', url: '/api/customer/import-from-system', payload: { systemName: text }, as: 'another customer' }, 'systemName'],
      ['system import credential', { method: 'POST', url: '/api/customer/import-from-system', payload: { systemName: 'servicepro', credentials: { apiKey: text } }, as: 'another customer' }, 'credentials.apiKey'],
    ];
    return cases.map(([name, request, field]) => [`${JSON.stringify(text)} in ${name}`, request, field, message] as const);
  });
  it.each(textCases)('%s: 400 naming the field', async (_name, request, field, message) => {
    await expectRefused(request, 400, 'VALIDATION_ERROR', { [field]: message });
  });

  it.each([
    ['status', 'querystring.status'],
    ['date', 'querystring.date'],
  ])('NUL in the staff list query %s: 400 naming it', async (key, field) => {
    await expectRefused({ method: 'GET', url: `/api/appointments?${key}=a%00`, as: 'staff' }, 400, 'VALIDATION_ERROR', { [field]: unsafeTextMessages.nul });
  });

  it('NUL in a manage link token: 401 or 404, never 500', async () => {
    const response = await booking.service.app.inject({ method: 'GET', url: '/api/customer/appointments/1', headers: { [appointmentAccessHeader]: 'abc\u0000' } });
    expect([401, 403, 404]).toContain(response.statusCode);
  });

  it.each(['1e3', '-1', '0x10', '%201', '99999999999999999999'])('paging the staff list with %s: 400', async (value) => {
    await expectRefused({ method: 'GET', url: `/api/appointments?page=${value}&pageSize=${value}`, as: 'staff' }, 400, 'VALIDATION_ERROR');
  });

  const bodyRoutes: Request[] = [
    { method: 'POST', url: '/api/appointments' },
    { method: 'POST', url: '/api/appointments/find' },
    { method: 'PUT', url: '/api/appointments/1/status', as: 'staff' },
    { method: 'PUT', url: '/api/appointments/1/assign', as: 'staff' },
    { method: 'POST', url: '/api/appointments/1/confirm', as: 'staff' },
    { method: 'POST', url: '/api/appointments/1/cancel', as: 'staff' },
    { method: 'PUT', url: '/api/customer/appointments/1/reschedule', as: 'customer' },
    { method: 'POST', url: '/api/customer/import-history', as: 'customer' },
    { method: 'POST', url: '/api/customer/import-from-system', as: 'another customer' },
  ];
  const jsonCases = malformedJsonBodies.flatMap((raw) => bodyRoutes.map((request) => [`${JSON.stringify(raw)} to ${request.method} ${request.url}`, { ...request, raw }] as const));
  it.each(jsonCases)('malformed JSON %s: 400', async (_name, request) => {
    await expectRefused(request, 400, 'BAD_REQUEST');
  });

  it('asks every route that needs a session for one before it reads anything else', async () => {
    const answers = await anonymousHostileRequests(booking.service.app);
    // Open to visitors: the slots, the closed days, booking (and its photos' upload slots), finding one's appointments
    // and the list of systems; each refuses what it was sent instead. A photo's image is opened by its signed address, not a session.
    const open = new Set([
      'GET /api/appointments/available-slots', 'GET /api/appointments/closed-days', 'POST /api/appointments', 'POST /api/appointments/find', 'GET /api/service-systems',
      'GET /api/appointments/:id/photos/:id/image', 'POST /api/appointments/photo-drafts', 'GET /healthz', 'GET /readyz',
    ]);
    for (const { route, status, body } of answers) {
      const name = `${route.method} ${route.url.replaceAll('%00', ':id')}`;
      if (open.has(name)) expect([200, 400], `${name}: ${body}`).toContain(status);
      else expect(status, `${name}: ${body}`).toBe(401);
    }
    expect(answers.filter((answer) => answer.status === 401).length).toBeGreaterThanOrEqual(17);
  });
});
