import { sql, type Kysely } from 'kysely';
import type { NotificationsDatabase } from '../db/schema.ts';

/**
 * Records `version` as the newest heard of the appointment, unless one as new or newer was recorded before; true when
 * it was recorded (the event is news), false for an older or repeated one.
 */
export async function recordNewerVersion(db: Kysely<NotificationsDatabase>, appointmentId: number, version: number, at: Date): Promise<boolean> {
  const recorded = await db
    .insertInto('appointments')
    .values({ appointment_id: appointmentId, version, updated_at: at })
    .onConflict((conflict) =>
      conflict
        .column('appointment_id')
        .doUpdateSet({ version: (eb) => eb.ref('excluded.version'), updated_at: (eb) => eb.ref('excluded.updated_at') })
        .where(sql<boolean>`appointments.version < excluded.version`),
    )
    .returning('appointment_id')
    .executeTakeFirst();
  return recorded !== undefined;
}
