import { addDays, businessDate, type Appointment, type AppointmentDetails, type Customer, type ServiceRequest, type Technician, type TrackingRecord } from '@repo/contracts';

export const customer: Customer = {
  id: 7,
  firstName: 'Pat',
  lastName: 'Rivera',
  email: 'pat@example.com',
  phone: '(904) 555-0142',
  address: '12 Aviles Street, St Augustine',
  isAdmin: false,
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
  return {
    id: 12,
    customerId: customer.id,
    serviceRequestId: null,
    customerName: 'Pat Rivera',
    email: customer.email,
    phone: customer.phone,
    address: '12 Aviles Street',
    city: 'St Augustine',
    state: 'FL',
    zipCode: '32084',
    appointmentDate: businessDay(3),
    timeSlot: '14:00-15:00',
    serviceType: 'Repair',
    appliance: 'Dishwasher',
    brand: 'Bosch',
    description: 'Leaks at the door',
    status: 'scheduled',
    technicianId: null,
    technicianNotes: null,
    totalCost: null,
    confirmationCode: 'SA-12345',
    createdAt: '2026-01-02T12:00:00.000Z',
    ...overrides,
  };
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
  return {
    appointmentId: '12',
    technicianId: 'tech-3',
    status: 'dispatched',
    scheduledStart: '2026-03-10T18:00:00.000Z',
    scheduledEnd: '2026-03-10T19:00:00.000Z',
    estimatedArrival: '2026-03-10T18:00:00.000Z',
    estimatedArrivalSource: 'schedule',
    actualArrival: null,
    location: null,
    customerLocation: { lat: null, lng: null, address: '12 Aviles Street, St Augustine, FL 32084' },
    route: [],
    distanceToCustomer: null,
    estimatedTimeToArrival: null,
    progress: 0,
    service: { serviceType: 'Repair', appliance: 'Dishwasher', brand: 'Bosch' },
    notifications: [{ type: 'dispatched', message: 'Technician dispatched', timestamp: '2026-03-10T16:05:00.000Z' }],
    closed: null,
    updatedAt: '2026-03-10T16:05:00.000Z',
    ...overrides,
  };
}

export function technician(overrides: Partial<Technician> = {}): Technician {
  return {
    id: 'tech-3',
    name: 'Maria Lopez',
    phone: '(904) 555-0199',
    avatar: null,
    vehicleInfo: 'White Ford Transit, SA-204',
    specialties: ['Sub-Zero', 'Dishwashers'],
    rating: 4.8,
    completedJobs: 312,
    status: 'busy',
    currentLocation: null,
    ...overrides,
  };
}

/** A link token as booking signs it; the page reads only its scope (the signature is the server's business). */
export const linkToken = (scope: 'manage' | 'track') =>
  `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify({ typ: 'appointment-link', sub: '7', appointmentId: 12, scope, exp: 4102444800 })).replace(/=+$/, '')}.c2lnbmF0dXJl`;
