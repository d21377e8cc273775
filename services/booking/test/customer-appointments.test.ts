import { describe, expect, it } from 'vitest';
import { customerAppointmentsPath, customerAppointmentsSchema } from '@repo/contracts';
import { expectApiError } from '@repo/service-kit/test-service';
import { bookSlot, bookingForTests, customerClaims, staffClaims, testClock } from './helpers.ts';

// Monday 23 November 2026, 10:00 Eastern.
const clock = testClock('2026-11-23T15:00:00Z');
const booking = bookingForTests(clock.now);
const bearer = (claims: Parameters<typeof booking.service.bearer>[0]) => ({ authorization: booking.service.bearer(claims) });
const recordOf = (customerId: number | string, headers: Record<string, string>) =>
  booking.service.app.inject({ method: 'GET', url: `${customerAppointmentsPath}?customerId=${customerId}`, headers });

describe('GET /api/appointments/by-customer?customerId= (the customer record)', () => {
  it("answers staff one customer's appointments newest first, their appliances and service requests, and nobody else's", async () => {
    const fridge = await bookSlot(booking.service, '2026-11-24', '09:00-10:00', bearer(customerClaims(91)), { serialNumber: 'sz-77' });
    const dishwasher = await bookSlot(booking.service, '2026-11-25', '09:00-10:00', bearer(customerClaims(91)), { appliance: 'Dishwasher', brand: 'Bosch' });
    await bookSlot(booking.service, '2026-11-24', '10:00-11:00', bearer(customerClaims(92)), { appliance: 'Oven', brand: 'Wolf' });

    const response = await recordOf(91, bearer(staffClaims()));
    expect(response.statusCode, response.body).toBe(200);
    const record = customerAppointmentsSchema.parse(response.json());
    expect(record.appointments.map(({ id, status, appointmentDate, appliance }) => ({ id, status, appointmentDate, appliance }))).toEqual([
      { id: dishwasher.id, status: 'scheduled', appointmentDate: '2026-11-25', appliance: 'Dishwasher' },
      { id: fridge.id, status: 'scheduled', appointmentDate: '2026-11-24', appliance: 'Refrigerator' },
    ]);
    expect(record.appointments[0]).toMatchObject({ scheduledTime: '2026-11-25T09:00:00-05:00', version: expect.any(Number) });
    expect(record.appliances.map(({ appliance, brand, serialNumber, visits }) => [appliance, brand, serialNumber, visits.map((visit) => visit.appointmentId)])).toEqual([
      ['Dishwasher', 'Bosch', null, [dishwasher.id]],
      ['Refrigerator', 'Sub-Zero', 'SZ-77', [fridge.id]],
    ]);
    expect(record.serviceRequests).toEqual([]);
    // An id with nothing booked answers empty lists (accounts says whether the customer exists).
    expect((await recordOf(93, bearer(staffClaims()))).json()).toEqual({ appointments: [], appliances: [], serviceRequests: [] });
  });

  it('is for staff and administrators only, checked before the id; a malformed id is 400 naming it', async () => {
    expectApiError(await recordOf('abc', {}), 401, 'UNAUTHORIZED');
    expectApiError(await recordOf('abc', bearer(customerClaims(91))), 403, 'FORBIDDEN');
    expectApiError(await recordOf(91, bearer(customerClaims(91))), 403, 'FORBIDDEN');
    expectApiError(await recordOf(91, bearer({ sub: 'staff:5', role: 'technician', technicianId: 'tech_1', sid: 'test-session-tech-0001' })), 403, 'FORBIDDEN');
    const admin = bearer({ sub: 'staff:2', role: 'admin', sid: 'test-session-admin-0001' });
    expect((await recordOf(91, admin)).statusCode).toBe(200);
    const message = 'Customer id must be a whole number from 1 to 2147483647';
    for (const id of ['abc', '0', '2147483648', '1e3']) {
      const refused = await recordOf(id, admin);
      expect({ id, status: refused.statusCode, body: refused.json() }).toEqual({ id, status: 400, body: { error: { code: 'VALIDATION_ERROR', message, fields: { 'querystring.customerId': message } } } });
    }
  });
});
