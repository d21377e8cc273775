import type { ApplianceIntake, Appointment, AppointmentHistoryEntry, Closure, JobRecord, JobRecordResponse, ServiceRequest, StaffAppointment, WaitingForParts, WarrantyClaim } from '@repo/contracts';
import type { AppointmentHistoryRow, AppointmentRow, ClosureRow, ServiceRequestRow } from '../db/schema.ts';
import { businessIsoString, slotTimes } from '../domain/slot-time.ts';

/** Rows become contract types here and nowhere else. */
export function toAppointment(row: AppointmentRow): Appointment {
  return {
    id: row.id,
    customerId: row.customer_id,
    serviceRequestId: row.service_request_id,
    customerName: row.customer_name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    city: row.city,
    state: row.state,
    zipCode: row.zip_code,
    appointmentDate: row.appointment_date,
    timeSlot: row.time_slot,
    serviceType: row.service_type,
    appliance: row.appliance,
    brand: row.brand,
    description: row.description,
    status: row.status as Appointment['status'],
    technicianId: row.technician_id,
    technicianNotes: row.technician_notes,
    totalCost: row.total_cost,
    confirmationCode: row.confirmation_code,
    createdAt: row.created_at.toISOString(),
    intake: toIntake(row),
    waitingForParts: toWaitingForParts(row),
    visitStage: row.visit_stage,
  };
}

/** The part the visit waits for, or null. */
function toWaitingForParts(row: AppointmentRow): WaitingForParts | null {
  if (row.waiting_part === null || row.waiting_part_expected_on === null || row.waiting_since === null) return null;
  return { part: row.waiting_part, partNumber: row.waiting_part_number, expectedOn: row.waiting_part_expected_on, since: row.waiting_since.toISOString() };
}

/** What the technician recorded at the visit, or null before they saved it. */
function toJobRecord(row: AppointmentRow): JobRecord | null {
  if (row.diagnosis === null || row.job_recorded_at === null) return null;
  return {
    modelNumber: row.job_model_number,
    serialNumber: row.job_serial_number,
    diagnosis: row.diagnosis,
    partsNeeded: row.parts_needed,
    recordedAt: row.job_recorded_at.toISOString(),
    recordedBy: row.job_recorded_by ?? 'technician',
  };
}

/** The warranty claim's details, or null before they were saved. */
function toWarrantyClaim(row: AppointmentRow): WarrantyClaim | null {
  if (row.warranty_failure_code === null || row.warranty_recorded_at === null) return null;
  return {
    serviceCode: row.warranty_service_code,
    failureCode: row.warranty_failure_code,
    distributorPartNumber: row.warranty_part_number,
    distributorInvoice: row.warranty_part_invoice,
    purchaseDate: row.warranty_purchase_date,
    recordedAt: row.warranty_recorded_at.toISOString(),
    recordedBy: row.warranty_recorded_by ?? 'technician',
  };
}

/** The job record call's answer: the intake (to prefill the plate), the record, the waiting part, the warranty claim. */
export const toJobRecordResponse = (row: AppointmentRow): JobRecordResponse => ({
  appointmentId: row.id,
  appliance: row.appliance,
  intake: toIntake(row),
  record: toJobRecord(row),
  waitingForParts: toWaitingForParts(row),
  partArrivedAt: row.part_arrived_at?.toISOString() ?? null,
  warrantyClaim: toWarrantyClaim(row),
});

/** The intake given at booking, or null when none was. */
function toIntake(row: AppointmentRow): ApplianceIntake | null {
  if (row.model_number === null && row.serial_number === null && row.warranty === null && row.home_warranty_company === null) return null;
  return {
    modelNumber: row.model_number,
    serialNumber: row.serial_number,
    warranty: row.warranty as ApplianceIntake['warranty'],
    homeWarrantyCompany: row.home_warranty_company,
  };
}

/** The staff view: the appointment with its scheduled start as an instant. */
export const toStaffAppointment = (row: AppointmentRow): StaffAppointment => ({
  ...toAppointment(row),
  scheduledTime: businessIsoString(row.appointment_date, slotTimes(row.time_slot).start),
  version: row.version,
  confirmedAt: row.confirmed_at ? row.confirmed_at.toISOString() : null,
  confirmedBy: row.confirmed_by,
  cancelReason: row.cancel_reason,
  callBackRequestedAt: row.call_back_requested_at?.toISOString() ?? null,
  jobRecord: toJobRecord(row),
  warrantyClaim: toWarrantyClaim(row),
  partArrivedAt: row.part_arrived_at?.toISOString() ?? null,
});

export const toHistoryEntry = (row: AppointmentHistoryRow): AppointmentHistoryEntry => ({
  id: row.id,
  at: row.at.toISOString(),
  actor: row.actor,
  action: row.action as AppointmentHistoryEntry['action'],
  fromStatus: row.from_status as AppointmentHistoryEntry['fromStatus'],
  toStatus: row.to_status as AppointmentHistoryEntry['toStatus'],
  reason: row.reason,
  detail: row.detail,
});

export function toServiceRequest(row: ServiceRequestRow): ServiceRequest {
  return {
    id: row.id,
    customerId: row.customer_id,
    firstName: row.first_name,
    lastName: row.last_name,
    phone: row.phone,
    email: row.email,
    applianceType: row.appliance_type,
    brand: row.brand,
    problemDescription: row.problem_description,
    isEmergency: row.is_emergency,
    status: row.status,
    technicianNotes: row.technician_notes,
    completedAt: row.completed_at ? row.completed_at.toISOString() : null,
    createdAt: row.created_at.toISOString(),
  };
}

/** A closure, with how many visits of its day the office must move. */
export const toClosure = (row: ClosureRow, toMove: number): Closure => ({
  date: row.date,
  reason: row.reason,
  openSlots: row.open_slots,
  createdBy: row.created_by,
  createdAt: row.created_at.toISOString(),
  visitsToMove: toMove,
});
