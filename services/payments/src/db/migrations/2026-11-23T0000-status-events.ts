import { sql, type Kysely } from 'kysely';

/** Webhook events (each applied once) and what the ledger needs to order them: the time of the current status. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('payments')
    .addColumn('status_changed_at', 'timestamptz')
    .addColumn('failure_message', 'text')
    .execute();
  await db.schema
    .alterTable('payments')
    .addCheckConstraint('payments_status_check', sql`status in ('pending', 'processing', 'succeeded', 'failed', 'canceled')`)
    .execute();
  await db.schema.createIndex('payments_created_idx').on('payments').columns(['created_at', 'id']).execute();

  await db.schema
    .createTable('payment_events')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('event_id', 'text', (col) => col.notNull().unique())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('payment_intent_id', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('event_created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('outcome', 'text', (col) => col.notNull().check(sql`outcome in ('applied', 'stale', 'ignored')`))
    .addColumn('received_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('payment_events_intent_idx').on('payment_events').column('payment_intent_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('payment_events').execute();
  await db.schema.dropIndex('payments_created_idx').execute();
  await db.schema.alterTable('payments').dropConstraint('payments_status_check').execute();
  await db.schema.alterTable('payments').dropColumn('failure_message').dropColumn('status_changed_at').execute();
}
