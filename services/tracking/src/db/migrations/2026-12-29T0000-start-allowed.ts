import type { Kysely } from 'kysely';

/**
 * The office's leave for the technician to move a job on a business day other than the visit's own (starting a
 * later visit early, say): the day it was given for and who gave it; null when none was given. A technician moves
 * only a job of today, or one the office allowed today (see `changeTrackingStatus`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tracking_records').addColumn('start_allowed_on', 'date').addColumn('start_allowed_by', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tracking_records').dropColumn('start_allowed_on').dropColumn('start_allowed_by').execute();
}
