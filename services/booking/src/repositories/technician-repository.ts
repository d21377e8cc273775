import type { TechnicianChanged } from '@repo/contracts';
import { sql } from 'kysely';
import type { Db } from '../db/schema.ts';

/** One technician of the replica, or undefined. */
export const findTechnician = (db: Db, id: string) => db.selectFrom('technicians').selectAll().where('id', '=', id).executeTakeFirst();

/**
 * Stores tracking's snapshot of a technician unless the replica already holds this version or a newer one, so an
 * older snapshot delivered late never overwrites a newer one. True when it was stored.
 */
export async function storeTechnician(db: Db, technician: TechnicianChanged): Promise<boolean> {
  const stored = await db
    .insertInto('technicians')
    .values({ id: technician.id, name: technician.name, status: technician.status, active: technician.active, version: technician.version })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet((eb) => ({
        name: eb.ref('excluded.name'),
        status: eb.ref('excluded.status'),
        active: eb.ref('excluded.active'),
        version: eb.ref('excluded.version'),
        updated_at: sql<Date>`now()`,
      })).whereRef('technicians.version', '<', 'excluded.version'),
    )
    .returning('id')
    .executeTakeFirst();
  return stored !== undefined;
}
