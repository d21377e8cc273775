import type { BackOfficeUser, Customer, CustomerNote, ImportJob, ServiceProCustomer, ServiceSystemId, StaffAccount, TechnicianAccount } from '@repo/contracts';
import { importPageAttempts } from '../domain/import-retries.ts';
import type { CustomerNoteRow, CustomerRow, ImportJobRow, ServiceProCustomerRow, StaffUserRow } from '../db/schema.ts';
import type { ExternalCustomerDetails } from '../domain/service-history.ts';

/** Rows become contract types here and nowhere else. */
export function toCustomer(row: CustomerRow): Customer {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    isAdmin: row.is_admin,
    emailVerified: row.email_verified_at !== null,
    phoneVerified: row.phone_verified_at !== null,
    serviceProCustomerId: row.service_pro_customer_id,
    createdAt: row.created_at.toISOString(),
    lastLogin: row.last_login ? row.last_login.toISOString() : null,
  };
}

export function toCustomerNote(row: CustomerNoteRow): CustomerNote {
  return { id: row.id, text: row.text, authorName: row.author_name, authorEmail: row.author_email, createdAt: row.created_at.toISOString() };
}

export function toServiceProCustomer(row: ServiceProCustomerRow): ServiceProCustomer {
  return {
    id: row.id,
    sourceSystem: row.source_system,
    serviceProId: row.service_pro_id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    city: row.city,
    state: row.state,
    zipCode: row.zip_code,
    lastServiceDate: row.last_service_date,
    totalServices: row.total_services,
    totalSpent: row.total_spent,
    preferredTechnician: row.preferred_technician,
    notes: row.notes,
    createdAt: row.created_at.toISOString(),
    importedAt: row.imported_at.toISOString(),
  };
}

export function toBackOfficeUser(row: StaffUserRow): BackOfficeUser {
  return { id: row.id, name: row.name, email: row.email, role: row.role, technicianId: row.technician_id };
}

/** Only for technician rows, which always name their technician (a check constraint holds it). */
export function toTechnicianAccount(row: StaffUserRow): TechnicianAccount {
  return { id: row.id, technicianId: row.technician_id ?? '', name: row.name, email: row.email, createdAt: row.created_at.toISOString() };
}

/** Only for staff and administrator rows (the staff list's query selects no others). */
export function toStaffAccount(row: StaffUserRow): StaffAccount {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role === 'admin' ? 'admin' : 'staff',
    createdAt: row.created_at.toISOString(),
    lastLogin: row.last_login ? row.last_login.toISOString() : null,
  };
}

/**
 * An import as the back office follows it. `importsFrom`: the system accounts imports from now (a failed import of
 * another system cannot be resumed).
 */
export function toImportJob(row: ImportJobRow, importsFrom: ServiceSystemId): ImportJob {
  const waiting = row.status === 'running' && row.retry_error !== null && row.retry_attempt !== null && row.retry_failed_at !== null;
  return {
    id: row.id,
    system: row.system,
    company: row.company,
    status: row.status,
    fetched: row.fetched,
    created: row.created,
    updated: row.updated,
    failed: row.failed,
    totalImported: row.created + row.updated,
    expectedTotal: row.expected_total,
    error: row.error,
    failures: row.failures,
    startedBy: row.started_by,
    startedAt: row.started_at.toISOString(),
    finishedAt: row.finished_at ? row.finished_at.toISOString() : null,
    pagesSaved: row.pages_saved,
    position: row.next_position,
    retry: waiting ? { message: row.retry_error!, attempt: row.retry_attempt!, attempts: importPageAttempts, failedAt: row.retry_failed_at!.toISOString() } : null,
    resumable: row.status === 'failed' && row.system === importsFrom,
    resumed: row.resumed,
  };
}

/** An imported customer as the portal shows its linked record (the history is read from the system). */
export function toExternalCustomerDetails(row: ServiceProCustomerRow): ExternalCustomerDetails {
  return {
    id: row.service_pro_id,
    firstName: row.first_name,
    lastName: row.last_name,
    phone: row.phone,
    email: row.email,
    address: row.address || null,
    city: row.city || null,
    state: row.state || null,
    zipCode: row.zip_code || null,
    totalServices: row.total_services,
    totalSpent: row.total_spent,
    lastServiceDate: row.last_service_date,
    preferredTechnician: row.preferred_technician,
    notes: row.notes,
  };
}
