import type { Appointment } from '../appointments.ts';
import { defaultWorkingHours, type StaffTechnician, type Technician } from '../technicians.ts';
import type { TrackingRecord } from '../tracking.ts';

/**
 * Example values of the contracts' shapes for the apps' unit tests (`@repo/contracts/testing`), so every test starts
 * from the same complete, valid object and states only what it is about. Never imported by app or service code.
 */

/** Appointment 12 (Pat Rivera's dishwasher, 12 Aviles Street), scheduled, no technician yet. */
export function appointmentExample(overrides: Partial<Appointment> = {}): Appointment {
  return {
    id: 12,
    customerId: 7,
    serviceRequestId: null,
    customerName: 'Pat Rivera',
    email: 'pat@example.com',
    phone: '(904) 555-0142',
    address: '12 Aviles Street',
    city: 'St Augustine',
    state: 'FL',
    zipCode: '32084',
    appointmentDate: '2026-03-10',
    timeSlot: '14:00-15:00',
    serviceType: 'Repair',
    appliance: 'Dishwasher',
    brand: 'Bosch',
    description: null,
    status: 'scheduled',
    technicianId: null,
    technicianNotes: null,
    totalCost: null,
    confirmationCode: 'SA-12345',
    createdAt: '2026-01-02T12:00:00.000Z',
    intake: null,
    waitingForParts: null,
    visitStage: null,
    ...overrides,
  };
}

/** Appointment 12's visit, dispatched, with nothing live known yet: the arrival is the scheduled start. */
export function trackingRecordExample(overrides: Partial<TrackingRecord> = {}): TrackingRecord {
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
    customerLocation: { lat: null, lng: null, address: '12 Aviles Street, St Augustine, FL 32084', precision: null, centreOf: null },
    route: [],
    distanceToCustomer: null,
    estimatedTimeToArrival: null,
    progress: 0,
    service: { serviceType: 'Repair', appliance: 'Dishwasher', brand: 'Bosch' },
    notifications: [],
    closed: null,
    updatedAt: '2026-03-10T16:05:00.000Z',
    startAllowed: null,
    ...overrides,
  };
}

/** A technician with a vehicle, two specialties and no known position. */
export function technicianExample(overrides: Partial<Technician> = {}): Technician {
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
    active: true,
    ...overrides,
  };
}

/** A technician as the staff list answers them: the example with the default working hours and no days off. */
export function staffTechnicianExample(overrides: Partial<StaffTechnician> = {}): StaffTechnician {
  return { ...technicianExample(), workingHours: [...defaultWorkingHours], daysOff: [], ...overrides };
}
