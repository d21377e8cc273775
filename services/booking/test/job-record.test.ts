import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  appointmentChangedTopic,
  jobRecordMessages,
  intakeMessages,
  technicianChangedTopic,
  warrantyClaimMessages,
  type AppointmentChanged,
  type AppointmentDetails,
  type AppointmentHistoryEntry,
  type Appointment,
  type JobRecordResponse,
  type StaffAppointment,
} from '@repo/contracts';
import { publishedEffects } from '@repo/service-kit/testing';
import { expectApiError, injectEffect } from '@repo/service-kit/test-service';
import { bookSlot, bookingForTests, customerClaims, staffClaims, testClock } from './helpers.ts';

// Monday 23 November 2026, 10:00 Eastern (15:00 UTC).
const clock = testClock('2026-11-23T15:00:00Z');
const booking = bookingForTests(clock.now);

type Headers = Record<string, string>;
const bearer = (claims: Parameters<typeof booking.service.bearer>[0]) => ({ authorization: booking.service.bearer(claims) });
const staff = () => bearer(staffClaims());
const technician = (technicianId: string) => bearer({ sub: `technician:${technicianId}`, role: 'technician', technicianId, sid: `test-session-${technicianId}-0001` });
const customer = (customerId: number) => bearer(customerClaims(customerId));

const call = (method: 'GET' | 'PUT' | 'POST', url: string, headers: Headers, payload?: object) =>
  booking.service.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const readRecord = (id: number, headers: Headers) => call('GET', `/api/appointments/${id}/job-record`, headers);
const saveRecord = (id: number, headers: Headers, payload: object) => call('PUT', `/api/appointments/${id}/job-record`, headers, payload);
const markWaiting = (id: number, headers: Headers, payload: object) => call('PUT', `/api/appointments/${id}/waiting-for-parts`, headers, payload);
const saveClaim = (id: number, headers: Headers, payload: object) => call('PUT', `/api/appointments/${id}/warranty-claim`, headers, payload);
const partArrived = (id: number, headers: Headers) => call('POST', `/api/appointments/${id}/part-arrived`, headers);
const assign = (id: number, technicianId: string) => call('PUT', `/api/appointments/${id}/assign`, staff(), { technicianId });

const intake = { modelNumber: 'wrf555sdfz', serialNumber: 'k12345678' };
const record = { modelNumber: ' wrf555sdfz00 ', serialNumber: 'k12345678', diagnosis: '  Defrost heater open; evaporator iced over.  ', partsNeeded: 'Defrost heater W10140113' };
const waiting = { part: 'Defrost heater', partNumber: ' w10140113 ', expectedOn: '2026-11-30' };

/** A visit booked by customer 71, with the intake, assigned to tech_a. */
async function assignedVisit(slot: string) {
  const booked = await bookSlot(booking.service, '2026-11-24', slot, customer(71), intake);
  expect((await assign(booked.id, 'tech_a')).statusCode).toBe(200);
  return booked;
}

beforeAll(async () => {
  for (const [id, name] of [['tech_a', 'Alex Avery'], ['tech_b', 'Bea Brooks']] as const) {
    await injectEffect(booking.service.app, { from: 'tracking', topic: technicianChangedTopic, payload: { id, name, status: 'available', version: 1 }, messageId: randomUUID() });
  }
});

describe('the job record', () => {
  it('starts from the intake; the assigned technician saves the plate as read, the diagnosis and parts; staff see it', async () => {
    const { id } = await assignedVisit('09:00-10:00');
    const before = await readRecord(id, technician('tech_a'));
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toEqual({
      appointmentId: id, appliance: 'Refrigerator',
      intake: { modelNumber: 'WRF555SDFZ', serialNumber: 'K12345678', warranty: null, homeWarrantyCompany: null },
      record: null, waitingForParts: null, partArrivedAt: null, warrantyClaim: null,
    });

    const saved = await saveRecord(id, technician('tech_a'), record);
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = {
      modelNumber: 'WRF555SDFZ00', serialNumber: 'K12345678', diagnosis: 'Defrost heater open; evaporator iced over.', partsNeeded: 'Defrost heater W10140113',
      recordedAt: clock.now().toISOString(), recordedBy: 'Alex Avery',
    };
    expect((saved.json() as JobRecordResponse).record).toEqual(expected);
    // The intake stays as the customer gave it: the record holds the correction.
    expect((saved.json() as JobRecordResponse).intake?.modelNumber).toBe('WRF555SDFZ');
    expect(((await readRecord(id, staff())).json() as JobRecordResponse).record).toEqual(expected);
    const list = (await call('GET', '/api/appointments?date=2026-11-24', staff())).json() as StaffAppointment[];
    expect(list.find((appointment) => appointment.id === id)?.jobRecord).toEqual(expected);

    // The office may correct it; an empty plate field means not read.
    const corrected = await saveRecord(id, staff(), { modelNumber: '', serialNumber: 'K12345678', diagnosis: 'Defrost heater open.' });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect((corrected.json() as JobRecordResponse).record).toMatchObject({ modelNumber: null, diagnosis: 'Defrost heater open.', partsNeeded: null, recordedBy: 'staff:1' });

    // The diagnosis is the technician's and the office's: the customer's own reads do not carry it.
    const mine = (await call('GET', '/api/customer/appointments', customer(71))).json() as Appointment[];
    expect(JSON.stringify(mine.find((appointment) => appointment.id === id))).not.toContain('Defrost heater open');
  });

  it('is the assigned technician\'s and the office\'s: another technician 404, customers 403, anonymous 401, before the body is read', async () => {
    const { id } = await assignedVisit('10:00-11:00');
    for (const [headers, status, code] of [
      [technician('tech_b'), 404, 'NOT_FOUND'],
      [customer(71), 403, 'FORBIDDEN'],
      [{}, 401, 'UNAUTHORIZED'],
    ] as const) {
      expectApiError(await readRecord(id, headers), status, code);
      expectApiError(await saveRecord(id, headers, record), status, code);
      expectApiError(await markWaiting(id, headers, waiting), status, code);
    }
    // Authentication and the role come before validation: a bad body tells an outsider nothing.
    expectApiError(await saveRecord(id, {}, { diagnosis: 42 }), 401, 'UNAUTHORIZED');
    expectApiError(await saveRecord(id, customer(71), { diagnosis: 42 }), 403, 'FORBIDDEN');
    expectApiError(await markWaiting(id, {}, { expectedOn: 'soon' }), 401, 'UNAUTHORIZED');
    // A missing appointment reads as another technician's job does.
    expectApiError(await readRecord(999_999, technician('tech_a')), 404, 'NOT_FOUND');
    expectApiError(await readRecord(999_999, staff()), 404, 'NOT_FOUND');
    // Unassigned, the job is no technician's.
    expect((await call('PUT', `/api/appointments/${id}/assign`, staff(), { technicianId: null })).statusCode).toBe(200);
    expectApiError(await readRecord(id, technician('tech_a')), 404, 'NOT_FOUND');
    const row = await booking.service.db.selectFrom('appointments').select(['diagnosis', 'waiting_part']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ diagnosis: null, waiting_part: null });
  });

  it('refuses bad input with a 400 naming each field in words a person can act on, never a 500', async () => {
    const { id } = await assignedVisit('11:00-12:00');
    expectApiError(await saveRecord(id, technician('tech_a'), { diagnosis: '   ' }), 400, 'VALIDATION_ERROR', { diagnosis: jobRecordMessages.diagnosisRequired });
    expectApiError(await saveRecord(id, technician('tech_a'), {
      modelNumber: 'WRF<555>', serialNumber: 'x'.repeat(41), diagnosis: 'd'.repeat(2001), partsNeeded: 'p'.repeat(1001),
    }), 400, 'VALIDATION_ERROR', {
      modelNumber: intakeMessages.modelCharacters,
      serialNumber: intakeMessages.serialLength,
      diagnosis: jobRecordMessages.diagnosisLength,
      partsNeeded: jobRecordMessages.partsNeededLength,
    });
    expectApiError(await saveRecord(id, technician('tech_a'), { diagnosis: 42 }), 400, 'VALIDATION_ERROR', { diagnosis: jobRecordMessages.diagnosisLength });
    expectApiError(await saveRecord(id, technician('tech_a'), { diagnosis: 'ok\u0000' }), 400, 'VALIDATION_ERROR');

    expectApiError(await markWaiting(id, technician('tech_a'), {}), 400, 'VALIDATION_ERROR', {
      part: jobRecordMessages.partLength, expectedOn: jobRecordMessages.expectedOnRequired,
    });
    expectApiError(await markWaiting(id, technician('tech_a'), { part: ' ', partNumber: 'W1<0>', expectedOn: '2026-02-30' }), 400, 'VALIDATION_ERROR', {
      part: jobRecordMessages.partRequired, partNumber: jobRecordMessages.partNumberCharacters, expectedOn: jobRecordMessages.expectedOnForm,
    });
    expectApiError(await markWaiting(id, technician('tech_a'), { part: 'p'.repeat(201), partNumber: '1'.repeat(61), expectedOn: 'next week' }), 400, 'VALIDATION_ERROR', {
      part: jobRecordMessages.partLength, partNumber: jobRecordMessages.partNumberLength, expectedOn: jobRecordMessages.expectedOnForm,
    });
    // The day is checked against today in business time: yesterday and more than a year ahead are refused, today is fine.
    expectApiError(await markWaiting(id, technician('tech_a'), { ...waiting, expectedOn: '2026-11-22' }), 400, 'VALIDATION_ERROR', { expectedOn: jobRecordMessages.expectedOnPast });
    expectApiError(await markWaiting(id, technician('tech_a'), { ...waiting, expectedOn: '2027-11-24' }), 400, 'VALIDATION_ERROR', { expectedOn: jobRecordMessages.expectedOnFar });
    expect((await markWaiting(id, technician('tech_a'), { ...waiting, expectedOn: '2026-11-23' })).statusCode).toBe(200);
  });

  it('refuses a cancelled visit (409)', async () => {
    const { id } = await assignedVisit('13:00-14:00');
    expect((await call('PUT', `/api/appointments/${id}/status`, staff(), { status: 'cancelled' })).statusCode).toBe(200);
    expectApiError(await saveRecord(id, technician('tech_a'), record), 409, 'CONFLICT');
    expectApiError(await markWaiting(id, technician('tech_a'), waiting), 409, 'CONFLICT');
  });
});

describe('the warranty claim', () => {
  const claim = { serviceCode: ' sz-1234 ', failureCode: 'e07 ', distributorPartNumber: ' 7013816 ', distributorInvoice: ' inv 55#102 ', purchaseDate: '2024-05-17' };

  it('keeps what a manufacturer\'s claim asks for, normalised; the office sees it on the appointment and may replace it', async () => {
    const { id } = await assignedVisit('14:00-15:00');
    const saved = await saveClaim(id, technician('tech_a'), claim);
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = {
      serviceCode: 'SZ-1234', failureCode: 'E07', distributorPartNumber: '7013816', distributorInvoice: 'INV 55#102', purchaseDate: '2024-05-17',
      recordedAt: clock.now().toISOString(), recordedBy: 'Alex Avery',
    };
    expect((saved.json() as JobRecordResponse).warrantyClaim).toEqual(expected);
    expect(((await readRecord(id, staff())).json() as JobRecordResponse).warrantyClaim).toEqual(expected);
    const list = (await call('GET', '/api/appointments?date=2026-11-24', staff())).json() as StaffAppointment[];
    expect(list.find((appointment) => appointment.id === id)?.warrantyClaim).toEqual(expected);
    // Saved again with only the failure code, the rest is not known any more; today's purchase date is fine.
    const replaced = await saveClaim(id, staff(), { failureCode: 'F1', purchaseDate: '2026-11-23' });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect((replaced.json() as JobRecordResponse).warrantyClaim).toMatchObject({ serviceCode: null, failureCode: 'F1', distributorPartNumber: null, distributorInvoice: null, purchaseDate: '2026-11-23', recordedBy: 'staff:1' });
    // Customers never read it.
    const mine = (await call('GET', '/api/customer/appointments', customer(71))).json() as Appointment[];
    expect(JSON.stringify(mine.find((appointment) => appointment.id === id))).not.toContain('F1');
  });

  it('refuses bad input field by field, a purchase after today, other technicians and customers (before the body), and a cancelled visit', async () => {
    const { id } = await assignedVisit('15:00-16:00');
    expectApiError(await saveClaim(id, technician('tech_a'), {}), 400, 'VALIDATION_ERROR', { failureCode: warrantyClaimMessages.failureCode });
    expectApiError(await saveClaim(id, technician('tech_a'), {
      serviceCode: 'S<1>', failureCode: ' ', distributorPartNumber: 'x'.repeat(61), distributorInvoice: 'a%b', purchaseDate: '2025-02-29',
    }), 400, 'VALIDATION_ERROR', {
      serviceCode: warrantyClaimMessages.serviceCode,
      failureCode: warrantyClaimMessages.failureCodeRequired,
      distributorPartNumber: jobRecordMessages.partNumberLength,
      distributorInvoice: warrantyClaimMessages.distributorInvoice,
      purchaseDate: warrantyClaimMessages.purchaseDateForm,
    });
    expectApiError(await saveClaim(id, technician('tech_a'), { failureCode: 'E1', purchaseDate: '1969-12-31' }), 400, 'VALIDATION_ERROR', { purchaseDate: warrantyClaimMessages.purchaseDateOld });
    expectApiError(await saveClaim(id, technician('tech_a'), { failureCode: 'E1', purchaseDate: '2026-11-24' }), 400, 'VALIDATION_ERROR', { purchaseDate: warrantyClaimMessages.purchaseDateFuture });
    expectApiError(await saveClaim(id, technician('tech_b'), claim), 404, 'NOT_FOUND');
    expectApiError(await saveClaim(id, customer(71), { failureCode: 42 }), 403, 'FORBIDDEN');
    expectApiError(await saveClaim(id, {}, { failureCode: 42 }), 401, 'UNAUTHORIZED');
    const row = await booking.service.db.selectFrom('appointments').select(['warranty_failure_code', 'warranty_recorded_at']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ warranty_failure_code: null, warranty_recorded_at: null });
    expect((await call('PUT', `/api/appointments/${id}/status`, staff(), { status: 'cancelled' })).statusCode).toBe(200);
    expectApiError(await saveClaim(id, technician('tech_a'), claim), 409, 'CONFLICT');
  });
});

describe('waiting for parts', () => {
  it('the customer sees the part and its day on their appointment page (session and link) until the office marks it arrived', async () => {
    const { id, manageToken } = await assignedVisit('14:00-15:00');
    const marked = await markWaiting(id, technician('tech_a'), waiting);
    expect(marked.statusCode, marked.body).toBe(200);
    const shown = { part: 'Defrost heater', partNumber: 'W10140113', expectedOn: '2026-11-30', since: clock.now().toISOString() };
    expect((marked.json() as JobRecordResponse).waitingForParts).toEqual(shown);

    const bySession = await booking.page.details(id, { authorization: customer(71).authorization });
    expect(bySession.statusCode, bySession.body).toBe(200);
    expect((bySession.json() as AppointmentDetails).appointment.waitingForParts).toEqual(shown);
    const byLink = await booking.page.details(id, { token: manageToken });
    expect((byLink.json() as AppointmentDetails).appointment.waitingForParts).toEqual(shown);
    const mine = (await call('GET', '/api/customer/appointments', customer(71))).json() as Appointment[];
    expect(mine.find((appointment) => appointment.id === id)?.waitingForParts).toEqual(shown);
    // Another customer still learns nothing of it.
    expectApiError(await booking.page.details(id, { authorization: customer(72).authorization }), 404, 'NOT_FOUND');

    // Only the office marks the part arrived; the technician's part is done at the visit.
    expectApiError(await partArrived(id, technician('tech_a')), 403, 'FORBIDDEN');
    expectApiError(await partArrived(id, customer(71)), 403, 'FORBIDDEN');
    expectApiError(await partArrived(id, {}), 401, 'UNAUTHORIZED');
    expectApiError(await partArrived(999_999, staff()), 404, 'NOT_FOUND');

    clock.set('2026-11-30T16:00:00Z');
    try {
      const arrived = await partArrived(id, staff());
      expect(arrived.statusCode, arrived.body).toBe(200);
      expect(arrived.json()).toMatchObject({ waitingForParts: null, partArrivedAt: '2026-11-30T16:00:00.000Z' });
      // (The visit's link has lapsed by now; the customer's session still opens the page.)
      expect(((await booking.page.details(id, { authorization: customer(71).authorization })).json() as AppointmentDetails).appointment.waitingForParts).toBeNull();
      const list = (await call('GET', '/api/appointments?date=2026-11-24', staff())).json() as StaffAppointment[];
      expect(list.find((appointment) => appointment.id === id)).toMatchObject({ waitingForParts: null, partArrivedAt: '2026-11-30T16:00:00.000Z' });
      const again = await partArrived(id, staff());
      expectApiError(again, 409, 'CONFLICT');
      expect((again.json() as { error: { message: string } }).error.message).toBe(jobRecordMessages.notWaiting);
      // Said once, in the change's transaction: the history names the part and who marked it, and every subscriber of
      // appointment.changed hears `part-arrived` (notifications emails the customer).
      const history = (await call('GET', `/api/appointments/${id}/history`, staff())).json() as { items: AppointmentHistoryEntry[] };
      expect(history.items.filter((entry) => entry.action === 'part-arrived')).toEqual([expect.objectContaining({ actor: 'staff:1', detail: 'Defrost heater', at: '2026-11-30T16:00:00.000Z' })]);
      const events = await publishedEffects<AppointmentChanged>(booking.service.database, appointmentChangedTopic);
      expect(events.filter((event) => event.appointmentId === id && event.change === 'part-arrived')).toEqual([
        expect.objectContaining({ change: 'part-arrived', confirmationCode: expect.any(String), email: expect.stringContaining('@'), phone: expect.any(String) }),
      ]);
    } finally {
      clock.set('2026-11-23T15:00:00Z');
    }
  });

  it('the office may mark it too, and marking again replaces the part and day', async () => {
    const { id } = await assignedVisit('15:00-16:00');
    expect((await markWaiting(id, staff(), { part: 'Drain pump', expectedOn: '2026-11-27' })).statusCode).toBe(200);
    const again = await markWaiting(id, technician('tech_a'), { part: 'Drain pump assembly', partNumber: '', expectedOn: '2026-11-28' });
    expect((again.json() as JobRecordResponse).waitingForParts).toMatchObject({ part: 'Drain pump assembly', partNumber: null, expectedOn: '2026-11-28' });
  });
});
