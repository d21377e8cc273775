import { addDays, businessDate, type Appointment, type AppointmentDetails, type Customer, type ServiceRequest, type TrackingRecord } from '@repo/contracts';
import { appointmentExample, technicianExample, trackingRecordExample } from '@repo/contracts/testing';

export const customer: Customer = {
  id: 7,
  firstName: 'Pat',
  lastName: 'Rivera',
  email: 'pat@example.com',
  phone: '(904) 555-0142',
  address: '12 Aviles Street, St Augustine',
  isAdmin: false,
  emailVerified: true,
  phoneVerified: false,
  serviceProCustomerId: null,
  createdAt: '2024-03-01T03:30:00.000Z',
  lastLogin: '2026-01-10T15:00:00.000Z',
};

export function serviceRequest(overrides: Partial<ServiceRequest> = {}): ServiceRequest {
  return {
    id: 31,
    customerId: customer.id,
    firstName: 'Pat',
    lastName: 'Rivera',
    phone: customer.phone,
    email: customer.email,
    applianceType: 'Refrigerator',
    brand: 'Sub-Zero',
    problemDescription: 'Not cooling since Monday',
    isEmergency: false,
    status: 'pending',
    technicianNotes: null,
    completedAt: null,
    createdAt: '2025-07-04T02:00:00.000Z',
    ...overrides,
  };
}

/** Today in the business's calendar, plus `days`. */
export const businessDay = (days: number) => addDays(businessDate(), days);

export function appointment(overrides: Partial<Appointment> = {}): Appointment {
  return appointmentExample({ customerId: customer.id, email: customer.email, phone: customer.phone, appointmentDate: businessDay(3), description: 'Leaks at the door', ...overrides });
}

export function appointmentDetails(overrides: Partial<AppointmentDetails> = {}, appointmentOverrides: Partial<Appointment> = {}): AppointmentDetails {
  return {
    appointment: appointment({ appointmentDate: '2026-03-10', ...appointmentOverrides }),
    startsAt: '2026-03-10T14:00:00-04:00',
    endsAt: '2026-03-10T15:00:00-04:00',
    canChange: true,
    changeCutoffHours: 24,
    ...overrides,
  };
}

/** Appointment 12's visit, dispatched, with nothing live known yet: the arrival is the scheduled start. */
export function trackingRecord(overrides: Partial<TrackingRecord> = {}): TrackingRecord {
  return trackingRecordExample({
    notifications: [{ type: 'dispatched', message: 'Technician dispatched', timestamp: '2026-03-10T16:05:00.000Z' }],
    ...overrides,
  });
}

export const technician = technicianExample;

/** A link token as booking signs it; the page reads only its scope (the signature is the server's business). */
export const linkToken = (scope: 'manage' | 'track') =>
  `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify({ typ: 'appointment-link', sub: '7', appointmentId: 12, scope, exp: 4102444800 })).replace(/=+$/, '')}.c2lnbmF0dXJl`;
