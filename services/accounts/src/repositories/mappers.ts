import type { BackOfficeUser, Customer, ServiceProCustomer, TechnicianAccount } from '@repo/contracts';
import type { CustomerRow, ServiceProCustomerRow, StaffUserRow } from '../db/schema.ts';

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
    serviceProCustomerId: row.service_pro_customer_id,
    createdAt: row.created_at.toISOString(),
    lastLogin: row.last_login ? row.last_login.toISOString() : null,
  };
}

export function toServiceProCustomer(row: ServiceProCustomerRow): ServiceProCustomer {
  return {
    id: row.id,
    sourceSystem: 'servicepro',
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
