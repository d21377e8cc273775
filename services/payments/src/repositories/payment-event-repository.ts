import type { Insertable } from 'kysely';
import type { Db, PaymentEventsTable } from '../db/schema.ts';

/** Records a webhook event once: the id of the new record, or undefined when the event was recorded before. */
export async function insertEventIfNew(db: Db, values: Insertable<PaymentEventsTable>): Promise<number | undefined> {
  const inserted = await db.insertInto('payment_events').values(values).onConflict((oc) => oc.column('event_id').doNothing()).returning('id').executeTakeFirst();
  return inserted?.id;
}

export async function setEventOutcome(db: Db, id: number, outcome: PaymentEventsTable['outcome']): Promise<void> {
  await db.updateTable('payment_events').set({ outcome }).where('id', '=', id).execute();
}
