import type { AppointmentChanged } from '@repo/contracts';
import type { Trx } from '../db/schema.ts';
import { upsertAppointmentIfNewer } from '../repositories/appointment-repository.ts';
import { invoiceApprovedEstimateOfVisit } from './invoice-from-estimate.ts';

/**
 * Keeps payments' copy of an appointment from booking's `appointment.changed`: who the customer is (and their account,
 * once linked), where and what the visit is, so an invoice names its customer without asking booking. Only a newer
 * version replaces the copy. A completed visit's approved estimate becomes its invoice, once.
 */
export async function applyAppointmentChange(trx: Trx, event: AppointmentChanged, now: Date): Promise<void> {
  await upsertAppointmentIfNewer(trx, {
    id: event.appointmentId,
    version: event.version,
    customer_id: event.customerId,
    customer_name: event.customerName,
    email: event.email,
    phone: event.phone,
    address: event.address,
    city: event.city,
    state: event.state,
    zip_code: event.zipCode,
    service_type: event.serviceType,
    appliance: event.appliance,
    brand: event.brand,
    status: event.status,
    confirmation_code: event.confirmationCode,
    starts_at: new Date(event.startsAt),
    ends_at: new Date(event.endsAt),
    technician_id: event.technicianId,
  });
  if (event.status === 'completed') await invoiceApprovedEstimateOfVisit(trx, event.appointmentId, now);
}
