import type { Insertable } from 'kysely';
import type { Db, ServiceRequestsTable } from '../db/schema.ts';

/** One customer's service requests, newest first. */
export const findCustomerServiceRequests = (db: Db, customerId: number) =>
  db.selectFrom('service_requests').selectAll().where('customer_id', '=', customerId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();

export const insertServiceRequests = (db: Db, values: Insertable<ServiceRequestsTable>[]) =>
  db.insertInto('service_requests').values(values).returning('id').execute();
