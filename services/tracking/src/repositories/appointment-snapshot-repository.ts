import type { Insertable } from 'kysely';
import type { AppointmentSnapshotsTable, Db, Trx } from '../db/schema.ts';

/** Locks the appointment's snapshot row until the transaction ends; undefined when tracking has none yet. */
export const findSnapshotForUpdate = (trx: Trx, appointmentId: number) =>
  trx.selectFrom('appointment_snapshots').selectAll().where('appointment_id', '=', appointmentId).forUpdate().executeTakeFirst();

/** True when inserted; false when another delivery stored this appointment first. */
export async function insertSnapshotIfAbsent(db: Db, values: Insertable<AppointmentSnapshotsTable>): Promise<boolean> {
  const inserted = await db.insertInto('appointment_snapshots').values(values)
    .onConflict((oc) => oc.column('appointment_id').doNothing())
    .returning('appointment_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export const replaceSnapshot = (db: Db, values: Insertable<AppointmentSnapshotsTable>) =>
  db.updateTable('appointment_snapshots').set(values).where('appointment_id', '=', values.appointment_id).execute();

/** What deciding access to an appointment's tracking needs: its owner and when its slot ends (links expire after). */
export const findAccessFacts = (db: Db, appointmentId: number) =>
  db.selectFrom('appointment_snapshots').select(['appointment_id', 'customer_id', 'ends_at']).where('appointment_id', '=', appointmentId).executeTakeFirst();
