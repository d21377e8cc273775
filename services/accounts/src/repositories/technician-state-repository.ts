import type { Db } from '../db/schema.ts';

/**
 * Keeps tracking's word on whether a technician is active unless a newer version is already kept, so a late or
 * repeated delivery changes nothing. True when it was stored.
 */
export async function storeTechnicianState(db: Db, state: { technicianId: string; active: boolean; version: number }): Promise<boolean> {
  const stored = await db
    .insertInto('technician_states')
    .values({ technician_id: state.technicianId, active: state.active, version: state.version })
    .onConflict((oc) =>
      oc.column('technician_id').doUpdateSet((eb) => ({ active: eb.ref('excluded.active'), version: eb.ref('excluded.version') }))
        .whereRef('technician_states.version', '<', 'excluded.version'),
    )
    .returning('technician_id')
    .executeTakeFirst();
  return stored !== undefined;
}

/** Whether the technician is deactivated (one tracking never spoke of is not). */
export async function isTechnicianDeactivated(db: Db, technicianId: string): Promise<boolean> {
  const row = await db.selectFrom('technician_states').select('active').where('technician_id', '=', technicianId).executeTakeFirst();
  return row?.active === false;
}
