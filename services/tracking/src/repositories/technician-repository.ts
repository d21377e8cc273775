import type { Insertable, Updateable } from 'kysely';
import type { Db, TechniciansTable } from '../db/schema.ts';

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
