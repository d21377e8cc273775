import { businessDate, type ExternalCustomer } from '@repo/contracts';
import type { ExternalCustomerRecord, ExternalVisit } from '@repo/field-service';

/** A customer's details as the phone lookup and the portal show them, before the service history is added. */
export type ExternalCustomerDetails = Omit<ExternalCustomer, 'serviceHistory'>;

/** When a visit happened: completed, else scheduled, else recorded (ms since the epoch), or null when unknown. */
function visitTime(visit: ExternalVisit): number | null {
  const when = visit.completedAt ?? visit.scheduledStart ?? visit.createdAt;
  const time = when ? new Date(when).getTime() : Number.NaN;
  return Number.isNaN(time) ? null : time;
}

function serviceName(visit: ExternalVisit): string {
  const what = [visit.brand, visit.appliance].filter(Boolean).join(' ');
  return what ? `${visit.serviceType}: ${what}` : visit.serviceType;
}

/** The completed visits, newest first: the service, its day (business time) and its cost in dollars. */
export function serviceHistory(visits: readonly ExternalVisit[]): ExternalCustomer['serviceHistory'] {
  return visits
    .filter((visit) => visit.status === 'completed')
    .flatMap((visit, position) => {
      const time = visitTime(visit);
      return time === null ? [] : [{ visit, time, position }];
    })
    // Newest first; of two at the same moment, the later in the system's (oldest-first) list.
    .sort((a, b) => b.time - a.time || b.position - a.position)
    .map(({ visit, time }) => ({ service: serviceName(visit), date: businessDate(new Date(time)), cost: visit.total ?? '0.00' }));
}

export const withServiceHistory = (details: ExternalCustomerDetails, visits: readonly ExternalVisit[]): ExternalCustomer => ({
  ...details,
  serviceHistory: serviceHistory(visits),
});

const orNull = (value: string | null) => value?.trim() || null;

/** A customer as the connector read it. */
export function detailsOfRecord(record: ExternalCustomerRecord): ExternalCustomerDetails {
  return {
    id: record.externalId,
    firstName: record.firstName,
    lastName: record.lastName,
    phone: record.phone,
    email: orNull(record.email),
    address: orNull(record.address),
    city: orNull(record.city),
    state: orNull(record.state),
    zipCode: orNull(record.zipCode),
    totalServices: String(record.totalServices),
    totalSpent: record.totalSpent,
    lastServiceDate: record.lastServiceDate,
    preferredTechnician: orNull(record.preferredTechnician),
    notes: orNull(record.notes),
  };
}
