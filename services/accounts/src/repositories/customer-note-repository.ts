import type { Insertable } from 'kysely';
import type { CustomerNoteRow, CustomerNotesTable, Db } from '../db/schema.ts';

/** A customer's notes, newest first (the id breaks a tie within one instant). */
export const findCustomerNotes = (db: Db, customerId: number): Promise<CustomerNoteRow[]> =>
  db.selectFrom('customer_notes').selectAll().where('customer_id', '=', customerId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(500).execute();

export const insertCustomerNote = (db: Db, values: Insertable<CustomerNotesTable>): Promise<CustomerNoteRow> =>
  db.insertInto('customer_notes').values(values).returningAll().executeTakeFirstOrThrow();
