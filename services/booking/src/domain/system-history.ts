import {
  businessClock,
  historyStatuses,
  importedAppointmentSchema,
  importedServiceRequestSchema,
  states,
  type ImportedAppointment,
  type ImportedServiceRequest,
} from '@repo/contracts';
import type { ExternalCustomerRecord, ExternalVisit } from '@repo/field-service';
import type { z } from 'zod';

type HistoryStatus = (typeof historyStatuses)[number];

/**
 * A field-service system's finished visits as booking's history: every visit a service request, and a visit that was
 * scheduled also an appointment. Each item passes the JSON import's own item rules, so both imports store the same kind of row;
 * a visit that cannot (no phone on record, say) is left out and named in `problems`.
 */

/** History read from a field-service system, checked item by item: each item carries the id of its visit there. */
export type SystemHistory = {
  serviceRequests: (z.output<typeof importedServiceRequestSchema> & { externalId: string })[];
  appointments: (z.output<typeof importedAppointmentSchema> & { externalId: string })[];
};


/** '14:00-15:00' for a visit from 14:00 to 15:00 business time; an hour when the end is unknown, ending that day at most. */
export function visitTimeSlot(start: string, end: string | null): { appointmentDate: string; timeSlot: string } {
  const from = businessClock(new Date(start));
  const endInstant = end && new Date(end).getTime() > new Date(start).getTime() ? new Date(end) : new Date(new Date(start).getTime() + 60 * 60_000);
  const to = businessClock(endInstant);
  const until = to.date !== from.date || to.time <= from.time ? '23:59' : to.time;
  // A visit starting at 23:59 still needs a slot that ends after it starts.
  const starts = from.time === '23:59' ? '23:58' : from.time;
  return { appointmentDate: from.date, timeSlot: `${starts}-${until}` };
}

/** Two-letter state codes as booking stores them; systems that spell the state out ("Florida") are understood. */
function stateCode(state: string): string {
  const trimmed = state.trim();
  return states.find((known) => known.label.toLowerCase() === trimmed.toLowerCase())?.value ?? trimmed.toUpperCase();
}

const clip = (text: string | null | undefined, max: number) => {
  const trimmed = text?.trim();
  return trimmed ? trimmed.slice(0, max) : undefined;
};

const technicianNotes = (visit: ExternalVisit) =>
  clip([visit.technicianName ? `Technician: ${visit.technicianName}` : '', visit.technicianNotes ?? ''].filter(Boolean).join('\n'), 2000);

function serviceRequestOf(customer: ExternalCustomerRecord, visit: ExternalVisit, status: HistoryStatus): ImportedServiceRequest {
  return {
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email ?? undefined,
    phone: customer.phone,
    applianceType: clip(visit.appliance, 100) ?? 'Other',
    brand: clip(visit.brand, 100),
    problemDescription: clip(visit.description, 2000) ?? clip(visit.serviceType, 2000) ?? 'Service visit',
    isEmergency: /emergency/i.test(visit.serviceType),
    status,
    technicianNotes: technicianNotes(visit),
    completedAt: visit.completedAt ?? undefined,
    createdAt: visit.createdAt ?? visit.scheduledStart ?? undefined,
  };
}

function appointmentOf(customer: ExternalCustomerRecord, visit: ExternalVisit, scheduledStart: string, status: HistoryStatus): ImportedAppointment {
  const place = visit.address ?? { street: customer.address, city: customer.city, state: customer.state, zipCode: customer.zipCode };
  return {
    customerName: clip(`${customer.firstName} ${customer.lastName}`, 200) ?? '',
    email: customer.email ?? undefined,
    phone: customer.phone,
    address: place.street,
    city: place.city,
    state: stateCode(place.state),
    zipCode: place.zipCode,
    ...visitTimeSlot(scheduledStart, visit.scheduledEnd),
    serviceType: clip(visit.serviceType, 100) ?? 'Service visit',
    appliance: clip(visit.appliance, 100) ?? 'Other',
    brand: clip(visit.brand, 100) ?? 'Other',
    description: clip(visit.description, 2000),
    status,
    technicianNotes: technicianNotes(visit),
    totalCost: visit.total ?? undefined,
  };
}

export type VisitHistory = { history: SystemHistory; problems: string[] };

/** One customer's visits as history items keyed by the visit's id, and why any visit was left out. */
export function visitHistory(customer: ExternalCustomerRecord, visits: readonly ExternalVisit[]): VisitHistory {
  const history: SystemHistory = { serviceRequests: [], appointments: [] };
  const problems: string[] = [];
  for (const visit of visits) {
    // Only finished visits are history; an open one stays in the system it is planned in.
    const status = historyStatuses.find((closed) => closed === visit.status);
    if (!status) {
      problems.push(`Visit ${visit.externalId}: not finished yet (${visit.status}); only past visits are brought in`);
      continue;
    }
    const request = importedServiceRequestSchema.safeParse(serviceRequestOf(customer, visit, status));
    const appointment = visit.scheduledStart ? importedAppointmentSchema.safeParse(appointmentOf(customer, visit, visit.scheduledStart, status)) : undefined;
    const failed = [request, appointment].find((result) => result && !result.success);
    if (failed?.error) {
      problems.push(`Visit ${visit.externalId}: ${failed.error.issues[0]?.message ?? 'not readable'}`);
      continue;
    }
    if (request.success) history.serviceRequests.push({ ...request.data, externalId: visit.externalId });
    if (appointment?.success) history.appointments.push({ ...appointment.data, externalId: visit.externalId });
  }
  return { history, problems };
}
