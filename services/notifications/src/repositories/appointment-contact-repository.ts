import { sql, type Kysely } from 'kysely';
import type { AppointmentChanged } from '@repo/contracts';
import type { NotificationsDatabase } from '../db/schema.ts';
import { e164 } from '../domain/texts.ts';

/**
 * Keeps who to write to about the appointment (and the number to text, when the customer agreed to texts) and its track link token from `event`, unless a version as new or newer
 * was kept before (the caller applies only news, so this is the newest heard).
 */
export async function keepAppointmentContact(db: Kysely<NotificationsDatabase>, event: AppointmentChanged, at: Date): Promise<void> {
  await db
    .insertInto('appointment_contacts')
    .values({
      appointment_id: event.appointmentId,
      version: event.version,
      email: event.email,
      customer_name: event.customerName,
      confirmation_code: event.confirmationCode,
      track_token: event.trackToken,
      // Texted only with the customer's consent, and only to a number a text can reach.
      sms_phone: event.smsConsent ? (e164(event.phone) ?? null) : null,
      updated_at: at,
    })
    .onConflict((conflict) =>
      conflict
        .column('appointment_id')
        .doUpdateSet({
          version: (eb) => eb.ref('excluded.version'),
          email: (eb) => eb.ref('excluded.email'),
          customer_name: (eb) => eb.ref('excluded.customer_name'),
          confirmation_code: (eb) => eb.ref('excluded.confirmation_code'),
          track_token: (eb) => eb.ref('excluded.track_token'),
          sms_phone: (eb) => eb.ref('excluded.sms_phone'),
          updated_at: (eb) => eb.ref('excluded.updated_at'),
        })
        .where(sql<boolean>`appointment_contacts.version < excluded.version`),
    )
    .execute();
}

/** The appointment's contact and track link token as last heard, with its newest recorded status; undefined before any. */
export const findAppointmentContact = (db: Kysely<NotificationsDatabase>, appointmentId: number) =>
  db
    .selectFrom('appointment_contacts as c')
    .leftJoin('appointments as a', 'a.appointment_id', 'c.appointment_id')
    .select(['c.appointment_id', 'c.version', 'c.email', 'c.customer_name', 'c.confirmation_code', 'c.track_token', 'c.sms_phone', 'a.status'])
    .where('c.appointment_id', '=', appointmentId)
    .executeTakeFirst();

export type AppointmentContact = NonNullable<Awaited<ReturnType<typeof findAppointmentContact>>>;

/** Whether a message with this key was stored (the visit's arrival, say, heard before its on-the-way). */
export async function hasMessage(db: Kysely<NotificationsDatabase>, key: string): Promise<boolean> {
  const row = await db.selectFrom('messages').select('id').where('message_key', '=', key).executeTakeFirst();
  return row !== undefined;
}
