import { sql, type Insertable } from 'kysely';
import type { Db, ServiceRequestsTable } from '../db/schema.ts';
import { skipKnownImports, type ImportedRow, type ImportIdentity } from './imported-rows.ts';

/** One customer's service requests, newest first. */
export const findCustomerServiceRequests = (db: Db, customerId: number) =>
  db.selectFrom('service_requests').selectAll().where('customer_id', '=', customerId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();

export const insertServiceRequests = (db: Db, values: Insertable<ServiceRequestsTable>[]) =>
  db.insertInto('service_requests').values(values).returning('id').execute();

/** Imported history; a row this customer already has (see `ImportIdentity`) is skipped. Returns the ids inserted. */
export const insertImportedServiceRequests = (db: Db, values: ImportedRow<Insertable<ServiceRequestsTable>>[], key: ImportIdentity) =>
  values.length === 0
    ? Promise.resolve([])
    : db.insertInto('service_requests').values(values)
      .onConflict((oc) => skipKnownImports(oc, key))
      .returning('id')
      .execute();

/** Gives the service requests made under this email without an account to the account; returns how many. */
export async function assignGuestServiceRequests(db: Db, email: string, customerId: number): Promise<number> {
  const result = await db.updateTable('service_requests').set({ customer_id: customerId })
    .where('customer_id', 'is', null).where(sql<string>`lower(email)`, '=', email.toLowerCase()).executeTakeFirst();
  return Number(result.numUpdatedRows);
}
