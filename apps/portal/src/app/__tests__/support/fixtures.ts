import { addDays, businessDate, type Appointment, type AppointmentDetails, type Customer, type ServiceRequest } from '@repo/contracts';

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
