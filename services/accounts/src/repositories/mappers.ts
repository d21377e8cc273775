import type { Customer, ServiceProCustomer } from '@repo/contracts';
import type { CustomerRow, ServiceProCustomerRow } from '../db/schema.ts';

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
