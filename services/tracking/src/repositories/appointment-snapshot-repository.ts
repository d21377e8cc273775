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

/** Where the appointment's address is placed, and its key: what an arrival there is compared with. */
export const findCustomerPlace = (db: Db, appointmentId: number) =>
  db.selectFrom('appointment_snapshots')
    .select(['address', 'city', 'state', 'zip_code', 'address_key', 'customer_lat', 'customer_lng', 'customer_precision'])
    .where('appointment_id', '=', appointmentId)
    .executeTakeFirst();

/**
 * Places the visited appointment, and every other appointment at its address (by its key) whose slot has not ended by
 * `now`, at a visit's position; answers the appointments moved. Past visits keep the point they were tracked with.
 */
export async function placeAddressAtVisit(db: Db, visited: number, addressKey: string, point: { lat: number; lng: number }, now: Date): Promise<number[]> {
  const rows = await db.updateTable('appointment_snapshots')
    .set({ customer_lat: point.lat, customer_lng: point.lng, customer_precision: 'visit', address_key: addressKey })
    .where((eb) => eb.or([eb('appointment_id', '=', visited), eb.and([eb('address_key', '=', addressKey), eb('ends_at', '>=', now)])]))
    .returning('appointment_id')
    .execute();
  return rows.map((row) => row.appointment_id);
}

/** One business day's assigned visits that still count (not cancelled, not a no-show), in window order. */
export const findAssignedVisitsOn = (db: Db, date: string) =>
  db
    .selectFrom('appointment_snapshots')
    .selectAll()
    .where('scheduled_date', '=', date)
    .where('technician_id', 'is not', null)
    .where('status', 'not in', ['cancelled', 'no-show'])
    .orderBy('starts_at')
    .orderBy('appointment_id')
    .execute();
