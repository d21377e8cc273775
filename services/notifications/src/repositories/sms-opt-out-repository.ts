import type { Kysely } from 'kysely';
import type { NotificationsDatabase } from '../db/schema.ts';

/** Keeps `phone` opted out of texts (a STOP); a second STOP keeps the first one's time. */
export async function optOut(db: Kysely<NotificationsDatabase>, phone: string, at: Date): Promise<void> {
  await db.insertInto('sms_opt_outs').values({ phone, opted_out_at: at }).onConflict((conflict) => conflict.column('phone').doNothing()).execute();
}

/** Texts to `phone` again (a START). */
export async function optIn(db: Kysely<NotificationsDatabase>, phone: string): Promise<void> {
  await db.deleteFrom('sms_opt_outs').where('phone', '=', phone).execute();
}

export async function isOptedOut(db: Kysely<NotificationsDatabase>, phone: string): Promise<boolean> {
  return (await db.selectFrom('sms_opt_outs').select('phone').where('phone', '=', phone).executeTakeFirst()) !== undefined;
}
