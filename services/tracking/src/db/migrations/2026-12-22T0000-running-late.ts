import type { Kysely } from 'kysely';

/**
 * When tracking told notifications that the technician on the way will be late for the visit's arrival window (null:
 * not on this trip). Set in the transaction that publishes `appointment.technician-running-late`, and only while it is
 * null, so a trip is late once; cleared when the job sets off again.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tracking_records').addColumn('running_late_at', 'timestamptz').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tracking_records').dropColumn('running_late_at').execute();
}
