import { appointmentChangedTopic, type AppointmentChanged, type Invoice } from '@repo/contracts';
import { injectEffect } from '@repo/service-kit/test-service';
import { expect } from 'vitest';
import type { PaymentsTestService } from './helpers.ts';

/** Booking's `appointment.changed` for an appointment of `customerId` (null: a guest booking). */
export function appointmentEvent(appointmentId: number, customerId: number | null, overrides: Partial<AppointmentChanged> = {}): AppointmentChanged {
  return {
    appointmentId,
    version: 1,
    status: 'scheduled',
    customerId,
    customerName: 'Pat Homeowner',
    phone: '(904) 555-0199',
    address: '12 Cordova St',
    city: 'St Augustine',
    state: 'FL',
    zipCode: '32084',
    serviceType: 'Repair',
    appliance: 'Refrigerator',
    brand: 'Sub-Zero',
    technicianId: null,
    startsAt: '2026-12-01T09:00:00-05:00',
    endsAt: '2026-12-01T11:00:00-05:00',
    change: 'booked',
    confirmationCode: 'SA-7KQ2MZ',
    email: 'pat@example.com',
    smsConsent: false,
    smsConsentText: null,
    description: null,
    revision: 0,
    manageToken: 'manage-token',
    trackToken: 'track-token',
    ...overrides,
  };
}

export async function hearAppointment(service: PaymentsTestService, event: AppointmentChanged): Promise<void> {
  const response = await injectEffect(service.app, { from: 'booking', topic: appointmentChangedTopic, payload: event });
  expect(response.statusCode, response.body).toBeLessThan(300);
}

/** The headers a caller sends: a session's bearer token, or a link's header. */
export type Caller = Record<string, string>;

export const staffOf = (service: PaymentsTestService): Caller => ({ authorization: service.bearer({ sub: 'staff-1', role: 'staff', email: 'office@example.com' }) });
export const customerOf = (service: PaymentsTestService, customerId: number): Caller => ({
  authorization: service.bearer({ sub: `customer-${customerId}`, role: 'customer', customerId, email: `c${customerId}@example.com`, emailVerified: true }),
});
export const technicianOf = (service: PaymentsTestService): Caller => ({ authorization: service.bearer({ sub: 'tech-1', role: 'technician', technicianId: 'tech_mike' }) });

/** Calls the API as `caller` and answers the JSON, expecting `status`. */
export async function call<T = Invoice>(service: PaymentsTestService, caller: Caller | undefined, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, status = 200): Promise<T> {
  const response = await service.app.inject({ method, url, headers: caller ?? {}, ...(payload === undefined ? {} : { payload }) });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
  return (response.body ? response.json() : undefined) as T;
}

/** A sent invoice of the given lines for a new appointment of `customerId`. */
export async function sentInvoice(service: PaymentsTestService, appointmentId: number, customerId: number, lines: object[]): Promise<Invoice> {
  await hearAppointment(service, appointmentEvent(appointmentId, customerId));
  const staff = staffOf(service);
  const draft = await call(service, staff, 'POST', '/api/payments/invoices', { appointmentId, lines }, 201);
  return call(service, staff, 'POST', `/api/payments/invoices/${draft.id}/send`);
}
