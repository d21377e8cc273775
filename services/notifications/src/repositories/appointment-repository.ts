import { sql, type Kysely } from 'kysely';
import type { AppointmentStatus } from '@repo/contracts';
import type { NotificationsDatabase } from '../db/schema.ts';
import type { RecordedAppointment } from '../domain/reminders.ts';

export type AppointmentVersion = { appointmentId: number; version: number; status: AppointmentStatus; startsAt: Date };

/**
 * Records `version` (with the status and start it carries) as the newest heard of the appointment, unless one as new or
 * newer was recorded before; true when it was recorded (the event is news), false for an older or repeated one.
 */
export async function recordNewerVersion(db: Kysely<NotificationsDatabase>, appointment: AppointmentVersion, at: Date): Promise<boolean> {
  const recorded = await db
    .insertInto('appointments')
    .values({ appointment_id: appointment.appointmentId, version: appointment.version, status: appointment.status, starts_at: appointment.startsAt, updated_at: at })
    .onConflict((conflict) =>
      conflict
        .column('appointment_id')
        .doUpdateSet({
          version: (eb) => eb.ref('excluded.version'),
          status: (eb) => eb.ref('excluded.status'),
          starts_at: (eb) => eb.ref('excluded.starts_at'),
          updated_at: (eb) => eb.ref('excluded.updated_at'),
        })
        .where(sql<boolean>`appointments.version < excluded.version`),
    )
    .returning('appointment_id')
    .executeTakeFirst();
  return recorded !== undefined;
}

/**
 * The newest recorded version of an appointment, share-locked until the caller's transaction ends: an event applying a
 * newer version (which updates this row first) waits for it, or it waits for that event's commit.
 */
export async function lockRecordedAppointment(db: Kysely<NotificationsDatabase>, appointmentId: number): Promise<RecordedAppointment | undefined> {
  const row = await db
    .selectFrom('appointments')
    .select(['version', 'status', 'starts_at'])
    .where('appointment_id', '=', appointmentId)
    .forShare()
    .executeTakeFirst();
  return row && { version: row.version, status: row.status, startsAt: row.starts_at };
}
