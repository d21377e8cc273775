import { afterAll, beforeAll } from 'vitest';
import { createTestService, type TestService } from '@repo/service-kit/test-service';
import type { CreateAppointmentResponse } from '@repo/contracts';
import type { BookingDatabase } from '../src/db/schema.ts';
import { bookingService } from '../src/definition.ts';

export const validBooking = {
  customerName: 'Jordan Reyes',
  email: 'jordan@example.com',
  phone: '(904) 555-0100',
  address: '12 King St',
  city: 'St Augustine',
  state: 'FL',
  zipCode: '32084',
  serviceType: 'Repair',
  appliance: 'Refrigerator',
  brand: 'Sub-Zero',
  description: 'Not cooling',
};

/** Session claims as accounts mints them: every session token names its server-side session (`sid`). */
export const customerClaims = (customerId: number) =>
  ({ sub: `customer:${customerId}`, role: 'customer' as const, customerId, email: `customer${customerId}@example.com`, sid: `test-session-customer-${customerId}` });
export const staffClaims = () => ({ sub: 'staff:1', role: 'staff' as const, sid: 'test-session-staff-0001' });

/** A clock the test can move. */
export function testClock(iso: string) {
  let current = new Date(iso);
  return { now: () => current, set: (next: string) => { current = new Date(next); } };
}

export function buildBooking(now: () => Date, env: Record<string, string> = {}) {
  return createTestService(bookingService, { BOOKING_RATE_LIMIT_MAX: '1000', RATE_LIMIT_MAX: '10000', ...env }, { now });
}

/** A booking service for the whole test file (built before its tests, closed after), with the appointment page's calls. */
export function bookingForTests(now: () => Date, env: Record<string, string> = {}) {
  let built: { service: TestService<BookingDatabase>; page: ReturnType<typeof pageCalls> } | undefined;
  beforeAll(async () => {
    const service = await buildBooking(now, env);
    built = { service, page: pageCalls(service) };
  });
  afterAll(async () => {
    await built?.service.close();
  });
  const ready = () => {
    if (!built) throw new Error('the booking service is built in beforeAll');
    return built;
  };
  return { get service() { return ready().service; }, get page() { return ready().page; } };
}

/** Books `timeSlot` on `appointmentDate` as a visitor (or as the customer of `authorization`) and answers the booking. */
export async function bookSlot(service: TestService<BookingDatabase>, appointmentDate: string, timeSlot: string, headers: Record<string, string> = {}, extra: object = {}) {
  const response = await service.app.inject({ method: 'POST', url: '/api/appointments', payload: { ...validBooking, ...extra, appointmentDate, timeSlot }, headers });
  if (response.statusCode !== 201) throw new Error(`booking ${appointmentDate} ${timeSlot} answered ${response.statusCode}: ${response.body}`);
  const body = response.json() as CreateAppointmentResponse;
  return { id: body.appointment.id, manageToken: body.manageToken, body };
}

/** The appointment page's calls, with the manage link's header when a token is given. */
export function pageCalls(service: TestService<BookingDatabase>) {
  type Access = { token?: string; authorization?: string };
  const headers = (access?: Access) => ({
    ...(access?.token !== undefined ? { 'x-appointment-access': access.token } : {}),
    ...(access?.authorization ? { authorization: access.authorization } : {}),
  });
  return {
    details: (id: number | string, access?: Access) => service.app.inject({ method: 'GET', url: `/api/customer/appointments/${id}`, headers: headers(access) }),
    reschedule: (id: number | string, payload: object, access?: Access) =>
      service.app.inject({ method: 'PUT', url: `/api/customer/appointments/${id}/reschedule`, payload, headers: headers(access) }),
    cancel: (id: number | string, access?: Access) => service.app.inject({ method: 'POST', url: `/api/customer/appointments/${id}/cancel`, headers: headers(access) }),
    calendar: (id: number | string, access?: Access) => service.app.inject({ method: 'GET', url: `/api/customer/appointments/${id}/calendar.ics`, headers: headers(access) }),
  };
}
