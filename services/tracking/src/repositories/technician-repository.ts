import type { Insertable, Updateable } from 'kysely';
import type { Db, TechniciansTable, Trx } from '../db/schema.ts';

export const findTechnicians = (db: Db) => db.selectFrom('technicians').selectAll().orderBy('name').execute();

export const findTechnicianById = (db: Db, id: string) => db.selectFrom('technicians').selectAll().where('id', '=', id).executeTakeFirst();

export const insertTechnician = (db: Db, values: Insertable<TechniciansTable>) =>
  db.insertInto('technicians').values(values).returningAll().executeTakeFirstOrThrow();

/** The updated row, or undefined when no technician has this id. */
export const updateTechnicianRow = (db: Db, id: string, values: Updateable<TechniciansTable>) =>
  db.updateTable('technicians').set(values).where('id', '=', id).returningAll().executeTakeFirst();

export async function hasTechnicians(db: Db): Promise<boolean> {
  return (await db.selectFrom('technicians').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/** Locks these technicians' rows, in id order so two transactions never wait on each other crosswise. */
export const lockTechnicians = (trx: Trx, ids: string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : trx.selectFrom('technicians').selectAll().where('id', 'in', ids).orderBy('id').forUpdate().execute();

/** One more completed job on the technician's record. */
export const countCompletedJob = (db: Db, id: string) =>
  db.updateTable('technicians').set((eb) => ({ completed_jobs: eb('completed_jobs', '+', 1) })).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
