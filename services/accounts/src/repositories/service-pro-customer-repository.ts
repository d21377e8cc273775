import type { Db } from '../db/schema.ts';

/** The imported ServicePro customers by last name, at most 5000. */
export const findServiceProCustomers = (db: Db) =>
  db.selectFrom('service_pro_customers').selectAll().orderBy('last_name').limit(5000).execute();
