import { sql } from 'kysely';
import type { ServiceSystemId } from '@repo/contracts';
import type { Db, ServiceProCustomerRow } from '../db/schema.ts';
import type { CustomerSearch } from '../domain/customer-search.ts';
import type { ImportedCustomer } from '../domain/imported-customer.ts';
import { pageOfCustomers, type PageWindow } from './customer-search.ts';

/** One page of the imported customers matching the search (all without one), in list order, and how many match. */
export const searchServiceProCustomers = (db: Db, search: CustomerSearch | null, window: PageWindow): Promise<{ rows: ServiceProCustomerRow[]; total: number }> =>
  pageOfCustomers(db, 'service_pro_customers', search, window);

export const findImportedCustomer = (db: Db, system: ServiceSystemId, serviceProId: string) =>
  db.selectFrom('service_pro_customers').selectAll().where('source_system', '=', system).where('service_pro_id', '=', serviceProId).executeTakeFirst();

/**
 * Inserts or updates (keyed by system and id there) one page of imported customers in one statement, and says how
 * many were new. A record repeated within the page counts once, its last copy kept (PostgreSQL refuses to update one
 * row twice in a statement).
 */
export async function upsertImportedCustomers(db: Db, system: ServiceSystemId, customers: readonly ImportedCustomer[], at: Date): Promise<{ created: number; updated: number }> {
  const unique = [...new Map(customers.map((customer) => [customer.externalId, customer])).values()];
  if (unique.length === 0) return { created: 0, updated: 0 };
  const values = unique.map((customer) => ({
    source_system: system,
    service_pro_id: customer.externalId,
    first_name: customer.firstName,
    last_name: customer.lastName,
    email: customer.email,
    phone: customer.phone,
    address: customer.address,
    city: customer.city,
    state: customer.state,
    zip_code: customer.zipCode,
    last_service_date: customer.lastServiceDate,
    total_services: String(customer.totalServices),
    total_spent: customer.totalSpent,
    preferred_technician: customer.preferredTechnician,
    notes: customer.notes,
    imported_at: at,
  }));
  const counts = await db
    .with('saved', (qb) =>
      qb
        .insertInto('service_pro_customers')
        .values(values)
        .onConflict((oc) =>
          oc.columns(['source_system', 'service_pro_id']).doUpdateSet((eb) => ({
            first_name: eb.ref('excluded.first_name'),
            last_name: eb.ref('excluded.last_name'),
            email: eb.ref('excluded.email'),
            phone: eb.ref('excluded.phone'),
            address: eb.ref('excluded.address'),
            city: eb.ref('excluded.city'),
            state: eb.ref('excluded.state'),
            zip_code: eb.ref('excluded.zip_code'),
            last_service_date: eb.ref('excluded.last_service_date'),
            total_services: eb.ref('excluded.total_services'),
            total_spent: eb.ref('excluded.total_spent'),
            preferred_technician: eb.ref('excluded.preferred_technician'),
            notes: eb.ref('excluded.notes'),
            imported_at: eb.ref('excluded.imported_at'),
          })),
        )
        // xmax is 0 on a row this statement inserted, and set on one it updated.
        .returning(sql<boolean>`xmax = 0`.as('inserted')),
    )
    .selectFrom('saved')
    .select([sql<number>`count(*) filter (where inserted)`.as('created'), sql<number>`count(*) filter (where not inserted)`.as('updated')])
    .executeTakeFirstOrThrow();
  return { created: Number(counts.created), updated: Number(counts.updated) };
}
