import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneMessages, slotTakenMessage } from '@repo/contracts';
import type { TestService } from '@repo/service-kit/test-service';
import type { BookingDatabase } from '../src/db/schema.ts';
import { buildBooking, customerClaims, staffClaims, testClock, validBooking } from './helpers.ts';

// Monday 23 November 2026, 10:00 Eastern (15:00 UTC).
const clock = testClock('2026-11-23T15:00:00Z');
let service: TestService<BookingDatabase>;

beforeAll(async () => {
  service = await buildBooking(clock.now);
});
afterAll(async () => {
  await service?.close();
});

const slots = async (date: string) => {
  const response = await service.app.inject({ method: 'GET', url: `/api/appointments/available-slots?date=${date}` });
  return { status: response.statusCode, body: response.json() };
};
const book = (body: object, headers: Record<string, string> = {}) =>
  service.app.inject({ method: 'POST', url: '/api/appointments', payload: body, headers });

it('runs on real PostgreSQL unless PGlite is asked for', () => {
  expect(service.database.kind).toBe(process.env.TEST_DB === 'pglite' ? 'pglite' : 'postgres');
});

describe('GET /api/appointments/available-slots', () => {
  it('offers the remaining slots of today after the minimum notice, in Eastern time', async () => {
    const { status, body } = await slots('2026-11-23');
    expect(status).toBe(200);
    // 10:00 now + 120 min notice: 12:00 is the first slot that still starts in time.
    expect(body.availableSlots[0]).toBe('12:00-13:00');
    expect(body.availableSlots.at(-1)).toBe('16:00-17:00');
  });

  it('offers a full day in the window', async () => {
    const { body } = await slots('2026-11-24');
    expect(body.availableSlots).toEqual(['08:00-09:00', '09:00-10:00', '10:00-11:00', '11:00-12:00', '12:00-13:00', '13:00-14:00', '14:00-15:00', '15:00-16:00', '16:00-17:00']);
  });

  it('answers an empty list with a reason for Sundays, past dates and dates beyond the window', async () => {
    for (const [date, reason] of [['2026-11-29', /Sundays/], ['2026-11-20', /passed/], ['2026-12-31', /14 days/]] as const) {
      const { status, body } = await slots(date);
      expect(status).toBe(200);
      expect(body.availableSlots).toEqual([]);
      expect(body.reason).toMatch(reason);
    }
  });

  it('rejects a malformed date with a message', async () => {
    const messages = {
      '2026-13-01': 'Date is not a real calendar date',
      tomorrow: 'Date must be in YYYY-MM-DD form',
      '2026-02-30': 'Date is not a real calendar date',
      '': 'Date must be in YYYY-MM-DD form',
    };
    for (const [date, message] of Object.entries(messages)) {
      const { status, body } = await slots(date);
      expect(status).toBe(400);
      expect(body.error.code).toBe('VALIDATION_ERROR');
      expect(body.error.fields['querystring.date']).toBe(message);
    }
  });
});

describe('POST /api/appointments', () => {
  it('books an appointment and answers its status, the appointment and a confirmation code', async () => {
    const response = await book({ ...validBooking, appointmentDate: '2026-11-25', timeSlot: '09:00-10:00' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.status).toBe('scheduled');
    expect(body.confirmationCode).toMatch(/^SA-[A-Z2-9]{6}$/);
    expect(body.appointment).toMatchObject({ customerName: 'Jordan Reyes', appointmentDate: '2026-11-25', timeSlot: '09:00-10:00', state: 'FL', customerId: null });
  });

  it('gives every validation message, under each field', async () => {
    const response = await book({ email: 'nope', zipCode: '123', state: '' });
    expect(response.statusCode).toBe(400);
    const { fields } = response.json().error;
    expect(fields).toMatchObject({
      customerName: 'Customer name is required',
      email: 'Valid email is required',
      phone: 'Phone number is required',
      address: 'Service address is required',
      city: 'City is required',
      state: 'State is required',
      zipCode: 'Valid zip code is required',
      timeSlot: 'Time slot is required',
      serviceType: 'Service type is required',
      appliance: 'Appliance is required',
      brand: 'Brand is required',
    });
    const tooLong = await book({ ...validBooking, zipCode: '12345-67890', appointmentDate: '2026-11-25', timeSlot: '10:00-11:00' });
    expect(tooLong.json().error.fields.zipCode).toBe('Zip code too long');
  });

  it('takes a plausible US phone number in any usual form and refuses the rest with a clear message', async () => {
    for (const phone of ['12', '904-555-017', '+44 20 7946 0958', '(904) 555-0177 ext 2', '9045550177123']) {
      const refused = await book({ ...validBooking, phone, appointmentDate: '2026-11-25', timeSlot: '13:00-14:00' });
      expect(refused.statusCode, phone).toBe(400);
      expect(refused.json().error.fields.phone, phone).toBe(phoneMessages.invalid);
    }
    for (const [index, phone] of ['904.555.0177', '+1 (904) 555-0177'].entries()) {
      const accepted = await book({ ...validBooking, phone, appointmentDate: '2026-11-26', timeSlot: `${13 + index}:00-${14 + index}:00` });
      expect(accepted.statusCode, phone).toBe(201);
      expect(accepted.json().appointment.phone).toBe(phone);
    }
  });

  it('defaults the state to FL', async () => {
    const { state: _state, ...withoutState } = validBooking;
    const response = await book({ ...withoutState, appointmentDate: '2026-11-25', timeSlot: '11:00-12:00' });
    expect(response.statusCode).toBe(201);
    expect(response.json().appointment.state).toBe('FL');
  });

  it('refuses dates outside the window and slots that are not offered', async () => {
    const sunday = await book({ ...validBooking, appointmentDate: '2026-11-29', timeSlot: '09:00-10:00' });
    expect(sunday.statusCode).toBe(400);
    expect(sunday.json().error.fields.appointmentDate).toMatch(/Sundays/);
    const odd = await book({ ...validBooking, appointmentDate: '2026-11-25', timeSlot: '07:00-08:00' });
    expect(odd.statusCode).toBe(400);
    expect(odd.json().error.fields.timeSlot).toMatch(/not offered/);
    const tooSoon = await book({ ...validBooking, appointmentDate: '2026-11-23', timeSlot: '10:00-11:00' });
    expect(tooSoon.statusCode).toBe(409);
  });

  it('lets exactly as many of 50 concurrent visitors take a slot as it has room for', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 50 }, (_, i) => book({ ...validBooking, email: `racer${i}@example.com`, appointmentDate: '2026-11-27', timeSlot: '14:00-15:00' })),
    );
    const codes = attempts.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(2);
    expect(codes.filter((code) => code === 409)).toHaveLength(48);
    expect(attempts.find((response) => response.statusCode === 409)?.json().error.message).toBe(slotTakenMessage);
    const stored = await service.db.selectFrom('appointments').selectAll().where('appointment_date', '=', '2026-11-27').where('time_slot', '=', '14:00-15:00').execute();
    expect(stored).toHaveLength(2);
    expect((await slots('2026-11-27')).body.availableSlots).not.toContain('14:00-15:00');
  });

  it('returns the first result for a retried request with the same Idempotency-Key', async () => {
    const headers = { 'idempotency-key': 'retry-key-0001' };
    const body = { ...validBooking, appointmentDate: '2026-11-30', timeSlot: '08:00-09:00' };
    const [first, second] = await Promise.all([book(body, headers), book(body, headers)]);
    const third = await book(body, headers);
    expect(first.statusCode).toBe(201);
    expect(second.json().appointment.id).toBe(first.json().appointment.id);
    expect(third.json().confirmationCode).toBe(first.json().confirmationCode);
    const stored = await service.db.selectFrom('appointments').selectAll().where('appointment_date', '=', '2026-11-30').execute();
    expect(stored).toHaveLength(1);
    const reused = await book({ ...body, customerName: 'Someone Else' }, headers);
    expect(reused.statusCode).toBe(409);
  });

  it('links a signed-in customer\'s appointment to their account', async () => {
    const response = await book({ ...validBooking, appointmentDate: '2026-11-26', timeSlot: '15:00-16:00' }, {
      authorization: service.bearer(customerClaims(41)),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().appointment.customerId).toBe(41);
  });
});

describe('time zone edges', () => {
  it('treats 23:30 Eastern as still the same Eastern day on a UTC server', async () => {
    clock.set('2026-11-24T04:30:00Z'); // 23:30 EST on Monday 23 November
    const today = await slots('2026-11-23');
    expect(today.body.availableSlots).toEqual([]);
    expect(today.body.reason).toMatch(/No times are left/);
    const tomorrow = await slots('2026-11-24');
    expect(tomorrow.body.availableSlots[0]).toBe('08:00-09:00');
    clock.set('2026-11-23T15:00:00Z');
  });

  it('computes slot times across the spring DST switch', async () => {
    clock.set('2027-03-14T12:30:00Z'); // Sunday 14 March 2027, 08:30 EDT (switch at 02:00)
    const monday = await slots('2027-03-15');
    expect(monday.body.availableSlots).toHaveLength(9);
    clock.set('2027-03-15T13:30:00Z'); // Monday 09:30 EDT: with 2 h notice the 12:00 slot is the first
    expect((await slots('2027-03-15')).body.availableSlots[0]).toBe('12:00-13:00');
    clock.set('2026-11-23T15:00:00Z');
  });
});

describe('access rules', () => {
  const staff = () => service.bearer(staffClaims());

  it('lists appointments for staff only', async () => {
    expect((await service.app.inject({ method: 'GET', url: '/api/appointments' })).statusCode).toBe(401);
    const customer = service.bearer(customerClaims(41));
    expect((await service.app.inject({ method: 'GET', url: '/api/appointments', headers: { authorization: customer } })).statusCode).toBe(403);
    const list = await service.app.inject({ method: 'GET', url: '/api/appointments?date=2026-11-27', headers: { authorization: staff() } });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toHaveLength(2);
  });

  it('checks access before reading or validating the request, so a caller without access learns nothing from it', async () => {
    const anonymous = await service.app.inject({ method: 'PUT', url: '/api/appointments/not-a-number/status', payload: { status: 'gone' } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('UNAUTHORIZED');
    const customer = service.bearer(customerClaims(41));
    const refused = await service.app.inject({ method: 'GET', url: '/api/appointments?date=someday&status=gone', headers: { authorization: customer } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('FORBIDDEN');
    const forged = await book({ customerName: '' }, { authorization: 'Bearer not-a-token' });
    expect(forged.statusCode).toBe(401);
  });

  it('frees a place when staff cancel an appointment', async () => {
    const list = await service.app.inject({ method: 'GET', url: '/api/appointments?date=2026-11-27', headers: { authorization: staff() } });
    const [first] = list.json();
    const cancel = await service.app.inject({ method: 'PUT', url: `/api/appointments/${first.id}/status`, payload: { status: 'cancelled' }, headers: { authorization: staff() } });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().status).toBe('cancelled');
    expect((await slots('2026-11-27')).body.availableSlots).toContain('14:00-15:00');
    const missing = await service.app.inject({ method: 'PUT', url: '/api/appointments/999999/status', payload: { status: 'cancelled' }, headers: { authorization: staff() } });
    expect(missing.statusCode).toBe(404);
  });

  it('takes the place back when staff un-cancel, and refuses while the slot is full again', async () => {
    const setStatus = (id: number, status: string) =>
      service.app.inject({ method: 'PUT', url: `/api/appointments/${id}/status`, payload: { status }, headers: { authorization: staff() } });
    const list = await service.app.inject({ method: 'GET', url: '/api/appointments?date=2026-11-27', headers: { authorization: staff() } });
    const cancelled = list.json().find((a: { status: string }) => a.status === 'cancelled');
    const kept = list.json().find((a: { status: string }) => a.status !== 'cancelled');
    // The cancellation's free place goes to a new visitor: the slot is full again.
    const newcomer = await book({ ...validBooking, email: 'newcomer@example.com', appointmentDate: '2026-11-27', timeSlot: '14:00-15:00' });
    expect(newcomer.statusCode).toBe(201);

    const refused = await setStatus(cancelled.id, 'scheduled');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: { code: 'CONFLICT', message: slotTakenMessage } });
    const unchanged = await service.app.inject({ method: 'GET', url: '/api/appointments?date=2026-11-27&status=cancelled', headers: { authorization: staff() } });
    expect(unchanged.json().map((a: { id: number }) => a.id)).toEqual([cancelled.id]);

    expect((await setStatus(kept.id, 'cancelled')).statusCode).toBe(200);
    const restored = await setStatus(cancelled.id, 'confirmed');
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ id: cancelled.id, status: 'confirmed' });
    expect((await slots('2026-11-27')).body.availableSlots).not.toContain('14:00-15:00');
  });

  it('shows a customer only their own appointments and service requests', async () => {
    const mine = service.bearer(customerClaims(41));
    const theirs = service.bearer(customerClaims(42));
    const own = await service.app.inject({ method: 'GET', url: '/api/customer/appointments', headers: { authorization: mine } });
    expect(own.json().map((a: { customerId: number }) => a.customerId)).toEqual([41]);
    const other = await service.app.inject({ method: 'GET', url: '/api/customer/appointments', headers: { authorization: theirs } });
    expect(other.json()).toEqual([]);
    const requests = await service.app.inject({ method: 'GET', url: '/api/customer/service-requests', headers: { authorization: mine } });
    expect(requests.statusCode).toBe(200);
    expect((await service.app.inject({ method: 'GET', url: '/api/customer/service-requests' })).statusCode).toBe(401);
    expect((await service.app.inject({ method: 'GET', url: '/api/customer/appointments', headers: { authorization: staff() } })).statusCode).toBe(403);
  });
});
