import type { Insertable } from 'kysely';
import type { AppointmentHistoryTable, Db } from '../db/schema.ts';

/** One change of an appointment, in the transaction that made it. */
export const insertHistoryEntry = (db: Db, entry: Insertable<AppointmentHistoryTable>) =>
  db.insertInto('appointment_history').values(entry).execute();

/** An appointment's history, newest first. */
export const findAppointmentHistory = (db: Db, appointmentId: number) =>
  db.selectFrom('appointment_history').selectAll().where('appointment_id', '=', appointmentId).orderBy('id', 'desc').execute();
