import { describe, expect, it } from 'vitest';
import { addDays, appointmentPageMessages, business, futureHistoryMessage, historyImportExample, historyImportLimits, importMessages } from '@repo/contracts';
import { expectApiError } from '@repo/service-kit/test-service';
import { bookingForTests, customerClaims, staffClaims, testClock } from './helpers.ts';

const clock = testClock('2026-11-23T15:00:00Z');
const booking = bookingForTests(clock.now);

const as = (customerId: number) => ({ authorization: booking.service.bearer(customerClaims(customerId)) });
const importHistory = (payload: unknown, headers: Record<string, string> = {}) =>
  booking.service.app.inject({ method: 'POST', url: '/api/customer/import-history', payload: JSON.stringify(payload), headers: { 'content-type': 'application/json', ...headers } });
const [exampleRequest] = historyImportExample.historyData.serviceRequests;
const [exampleAppointment] = historyImportExample.historyData.appointments;
const appointment = (changes: object = {}) => ({ ...exampleAppointment, ...changes });
const serviceRequest = (changes: object = {}) => ({ ...exampleRequest, ...changes });
const rows = async (customerId: number) => ({
  appointments: (await booking.service.db.selectFrom('appointments').select('id').where('customer_id', '=', customerId).execute()).length,
  serviceRequests: (await booking.service.db.selectFrom('service_requests').select('id').where('customer_id', '=', customerId).execute()).length,
});

describe('POST /api/customer/import-history', () => {
  it('is for a signed-in customer only, checked before the body', async () => {
    expectApiError(await importHistory({ nonsense: true }), 401, 'UNAUTHORIZED');
    expectApiError(await importHistory({ nonsense: true }, { authorization: booking.service.bearer(staffClaims()) }), 403, 'FORBIDDEN');
  });

  it('imports the example as the caller\'s own history and answers the counts', async () => {
    const response = await importHistory(historyImportExample, as(71));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      imported: { serviceRequests: 1, appointments: 1 },
      alreadyPresent: { serviceRequests: 0, appointments: 0 },
      message: 'Imported 1 service request and 1 appointment.',
    });
    const mine = await booking.service.app.inject({ method: 'GET', url: '/api/customer/appointments', headers: as(71) });
    expect(mine.json()).toEqual([expect.objectContaining({ customerId: 71, zipCode: '32084', totalCost: '289.00', status: 'completed', appointmentDate: '2024-03-05' })]);
    const requests = await booking.service.app.inject({ method: 'GET', url: '/api/customer/service-requests', headers: as(71) });
    expect(requests.json()).toEqual([expect.objectContaining({ customerId: 71, firstName: 'Dana', isEmergency: true, createdAt: '2024-03-04T13:00:00.000Z', completedAt: '2024-03-05T15:00:00.000Z' })]);
    expect((await booking.service.app.inject({ method: 'GET', url: '/api/customer/appointments', headers: as(72) })).json()).toEqual([]);
  });

  it('creates nothing new when the same data comes again, however it is spelled', async () => {
    const before = await rows(71);
    const again = await importHistory(historyImportExample, as(71));
    expect(again.json()).toMatchObject({ imported: { serviceRequests: 0, appointments: 0 }, alreadyPresent: { serviceRequests: 1, appointments: 1 } });
    expect(again.json().message).toMatch(/already imported/);
    const respelled = {
      historyData: {
        serviceRequests: [serviceRequest({ email: ' DANA@Example.com ', firstName: ' Dana', createdAt: '2024-03-04T13:00:00.000Z' })],
        appointments: [appointment({ totalCost: '$289.00', customerName: 'Dana Whitfield  ' })],
      },
    };
    expect((await importHistory(respelled, as(71))).json()).toMatchObject({ imported: { serviceRequests: 0, appointments: 0 }, alreadyPresent: { serviceRequests: 1, appointments: 1 } });
    const twiceInOne = await importHistory({ historyData: { appointments: [appointment({ appointmentDate: '2024-04-01' }), appointment({ appointmentDate: '2024-04-01' })] } }, as(71));
    expect(twiceInOne.json()).toMatchObject({ imported: { serviceRequests: 0, appointments: 1 }, alreadyPresent: { serviceRequests: 0, appointments: 1 } });
    expect(await rows(71)).toEqual({ appointments: before.appointments + 1, serviceRequests: before.serviceRequests });
    // The same history is another customer's own when they import it.
    expect((await importHistory(historyImportExample, as(73))).json().imported).toEqual({ serviceRequests: 1, appointments: 1 });
  });

  it('keeps the same visit once when it comes again written another way (the address spelled out, other notes), and a different appliance that day apart', async () => {
    expect((await importHistory({ historyData: { serviceRequests: [], appointments: [appointment()] } }, as(81))).json().imported.appointments).toBe(1);
    const again = await importHistory({
      historyData: {
        serviceRequests: [],
        appointments: [
          appointment({ address: '48 CORDOVA STREET.', description: 'Written up by another office', totalCost: '300.00', timeSlot: '10:00-11:00' }),
          appointment({ appliance: 'Dishwasher' }),
        ],
      },
    }, as(81));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({
      imported: { serviceRequests: 0, appointments: 1 },
      alreadyPresent: { serviceRequests: 0, appointments: 1 },
      message: 'Imported 0 service requests and 1 appointment. 1 visit was already in your history from another record, and kept once.',
    });
    const kept = await booking.service.db.selectFrom('appointments').select(['appliance', 'address', 'total_cost']).where('customer_id', '=', 81).orderBy('id').execute();
    expect(kept).toEqual([
      { appliance: exampleAppointment!.appliance, address: exampleAppointment!.address, total_cost: '289.00' },
      { appliance: 'Dishwasher', address: exampleAppointment!.address, total_cost: '289.00' },
    ]);
  });

  it('checks every item with booking\'s rules, naming the item and the field, and imports nothing then', async () => {
    const before = await rows(74);
    const response = await importHistory({
      historyData: {
        serviceRequests: [serviceRequest({ firstName: '', status: 'done' }), serviceRequest({ createdAt: 'yesterday' })],
        appointments: [
          appointment(),
          appointment({ email: 'not-an-email' }),
          appointment({ zipCode: '123', appointmentDate: '2024-02-30', timeSlot: 'morning' }),
          appointment({ zipCode: '12345-678901', description: 'x'.repeat(2001), totalCost: 'lots' }),
          appointment({ timeSlot: '15:00-14:00', status: 'finished' }),
          'not an object',
        ],
      },
    }, as(74));
    expectApiError(response, 400, 'VALIDATION_ERROR', {
      'historyData.serviceRequests.0.firstName': 'Service request 1: First name is required',
      'historyData.serviceRequests.0.status': 'Service request 1: Status must be completed or cancelled: imported history holds finished visits only (book upcoming visits online)',
      'historyData.serviceRequests.1.createdAt': 'Service request 2: Must be a date like 2024-03-05 or 2024-03-05T14:00:00Z',
      'historyData.appointments.1.email': 'Appointment 2: Valid email is required',
      'historyData.appointments.2.zipCode': 'Appointment 3: Valid zip code is required',
      'historyData.appointments.2.appointmentDate': 'Appointment 3: Date is not a real calendar date',
      'historyData.appointments.2.timeSlot': 'Appointment 3: Time slot must look like 14:00-15:00',
      'historyData.appointments.3.zipCode': 'Appointment 4: Zip code too long',
      'historyData.appointments.3.description': 'Appointment 4: Must be at most 2000 characters',
      'historyData.appointments.3.totalCost': 'Appointment 4: Total cost must be an amount in dollars, like 289.00',
      'historyData.appointments.4.timeSlot': 'Appointment 5: Time slot must end after it starts',
      'historyData.appointments.4.status': 'Appointment 5: Status must be completed or cancelled: imported history holds finished visits only (book upcoming visits online)',
      'historyData.appointments.5': "Appointment 6: Must be an object with the appointment's fields",
    });
    expect(await rows(74)).toEqual(before);
    expectApiError(await importHistory({}, as(74)), 400, 'VALIDATION_ERROR', { historyData: 'historyData is required: an object with serviceRequests and appointments lists' });
    expectApiError(await importHistory({ historyData: { appointments: 'many' } }, as(74)), 400, 'VALIDATION_ERROR', { 'historyData.appointments': 'Appointment list must be a list' });
  });

  it('lists the first 50 problems of a thousand bad items and counts the rest, so the answer stays far smaller than the request', async () => {
    const payload = { historyData: { appointments: Array.from({ length: 1000 }, () => appointment({ zipCode: '1' })) } };
    const response = await importHistory(payload, as(75));
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(Object.keys(error.fields)).toHaveLength(50);
    expect(error.fields['historyData.appointments.0.zipCode']).toBe('Appointment 1: Valid zip code is required');
    expect(error.message).toMatch(/\(950 more problems not listed\)$/);
    expect(response.body.length).toBeLessThan(JSON.stringify(payload).length / 20);
  });

  it('takes up to 1,000 items and refuses more, or more than 1 MB, whole with a clear 413', async () => {
    const full = {
      historyData: {
        serviceRequests: Array.from({ length: 400 }, (_, i) => serviceRequest({ problemDescription: `Problem ${i}` })),
        // Each on a day of its own: two visits to one appliance at one address on one day are one visit.
        appointments: Array.from({ length: 600 }, (_, i) => appointment({ description: `Visit ${i}`, appointmentDate: addDays('2022-01-01', i) })),
      },
    };
    const accepted = await importHistory(full, as(75));
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().imported).toEqual({ serviceRequests: 400, appointments: 600 });

    const tooMany = await importHistory({ historyData: { ...full.historyData, appointments: [...full.historyData.appointments, appointment({ description: 'one more' })] } }, as(76));
    expectApiError(tooMany, 413, 'PAYLOAD_TOO_LARGE');
    expect(tooMany.json().error.message).toBe(importMessages.tooLarge);

    const big = { historyData: { serviceRequests: [serviceRequest({ problemDescription: 'x'.repeat(historyImportLimits.maxBytes) })] } };
    const tooBig = await importHistory(big, as(76));
    expectApiError(tooBig, 413, 'PAYLOAD_TOO_LARGE');
    expect(tooBig.json().error.message).toBe(importMessages.tooLarge);
    expect(await rows(76)).toEqual({ appointments: 0, serviceRequests: 0 });
  });

  it('refuses a body that is not JSON', async () => {
    const response = await booking.service.app.inject({ method: 'POST', url: '/api/customer/import-history', payload: 'a=b', headers: { 'content-type': 'application/x-www-form-urlencoded', ...as(77) } });
    expectApiError(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('imported history on the portal', () => {
  it('lists appointments and service requests newest first', async () => {
    const dates = ['2023-05-01', '2025-01-10', '2024-07-15'];
    await importHistory({
      historyData: {
        appointments: [...dates.map((appointmentDate) => appointment({ appointmentDate })), appointment({ appointmentDate: '2025-01-10', timeSlot: '15:00-16:00', appliance: 'Dishwasher' })],
        serviceRequests: [serviceRequest({ createdAt: '2023-01-01' }), serviceRequest({ createdAt: '2025-02-02T10:00:00Z' }), serviceRequest({ createdAt: '2024-06-06' })],
      },
    }, as(78));
    const appointments = (await booking.service.app.inject({ method: 'GET', url: '/api/customer/appointments', headers: as(78) })).json();
    expect(appointments.map((a: { appointmentDate: string; timeSlot: string }) => `${a.appointmentDate} ${a.timeSlot}`))
      .toEqual(['2025-01-10 15:00-16:00', '2025-01-10 09:00-10:00', '2024-07-15 09:00-10:00', '2023-05-01 09:00-10:00']);
    const requests = (await booking.service.app.inject({ method: 'GET', url: '/api/customer/service-requests', headers: as(78) })).json();
    expect(requests.map((r: { createdAt: string }) => r.createdAt.slice(0, 10))).toEqual(['2025-02-02', '2024-06-06', '2023-01-01']);
  });

  it('refuses open or future-dated items one by one, naming each, so history never enters the live schedule or takes a place', async () => {
    // The clock reads 2026-11-23 10:00 in St Augustine.
    const slotsBefore = (await booking.service.app.inject({ method: 'GET', url: '/api/appointments/available-slots?date=2026-11-30' })).json();
    const response = await importHistory({
      historyData: {
        appointments: [
          appointment(),
          appointment({ appointmentDate: '2026-11-30', timeSlot: '10:00-11:00', status: 'completed' }),
          ...(['scheduled', 'confirmed', 'in-progress'] as const).map((status) => appointment({ appointmentDate: '2026-11-30', timeSlot: '03:00-04:00', status })),
          appointment({ appointmentDate: '2026-11-23', timeSlot: '08:00-09:00' }),
        ],
        serviceRequests: [serviceRequest({ status: 'pending' }), serviceRequest({ completedAt: '2026-11-24T12:00:00Z' }), serviceRequest({ createdAt: '2026-11-23' })],
      },
    }, as(79));
    const open = (label: string) => `${label}: Status must be completed or cancelled: imported history holds finished visits only (book upcoming visits online)`;
    expectApiError(response, 400, 'VALIDATION_ERROR', {
      'historyData.appointments.2.status': open('Appointment 3'),
      'historyData.appointments.3.status': open('Appointment 4'),
      'historyData.appointments.4.status': open('Appointment 5'),
      'historyData.serviceRequests.0.status': open('Service request 1'),
    });
    expect(await rows(79)).toEqual({ appointments: 0, serviceRequests: 0 });

    // Well-formed but dated after today (or, for a request, after this instant).
    const future = await importHistory({
      historyData: {
        appointments: [appointment(), appointment({ appointmentDate: '2026-11-30', timeSlot: '10:00-11:00' }), appointment({ appointmentDate: '2026-11-23', timeSlot: '08:00-09:00' })],
        serviceRequests: [serviceRequest(), serviceRequest({ completedAt: '2026-11-24T12:00:00Z' })],
      },
    }, as(79));
    expectApiError(future, 400, 'VALIDATION_ERROR', {
      'historyData.appointments.1.appointmentDate': futureHistoryMessage('Appointment 2', '2026-11-30'),
      'historyData.serviceRequests.1.completedAt': futureHistoryMessage('Service request 2', '2026-11-24T12:00:00Z'),
    });
    expect(await rows(79)).toEqual({ appointments: 0, serviceRequests: 0 });
    expect(await booking.service.db.selectFrom('slot_bookings').selectAll().where('appointment_date', '=', '2026-11-30').execute()).toEqual([]);
    expect((await booking.service.app.inject({ method: 'GET', url: '/api/appointments/available-slots?date=2026-11-30' })).json()).toEqual(slotsBefore);

    // Today's finished visit is history, shown on its page but never changeable, and never in the slot counter.
    const today = await importHistory({ historyData: { appointments: [appointment({ appointmentDate: '2026-11-23', timeSlot: '08:00-09:00' })] } }, as(79));
    expect(today.statusCode, today.body).toBe(200);
    const [imported] = (await booking.service.app.inject({ method: 'GET', url: '/api/customer/appointments', headers: as(79) })).json();
    expect(imported).toMatchObject({ status: 'completed', appointmentDate: '2026-11-23' });
    const notChangeable = appointmentPageMessages.notChangeable.replace('{phone}', business.phoneDisplay);
    expect((await booking.page.details(imported.id, as(79))).json()).toMatchObject({ canChange: false, changeBlockedReason: notChangeable });
    expect((await booking.page.cancel(imported.id, as(79))).json().error.message).toBe(notChangeable);
    expect(await booking.service.db.selectFrom('slot_bookings').selectAll().where('appointment_date', '=', '2026-11-23').execute()).toEqual([]);
    expectApiError(await booking.page.details(imported.id, as(80)), 404, 'NOT_FOUND');
  });
});
