import { sql, type Kysely } from 'kysely';

/**
 * What customers chose not to receive. `message_preferences` holds one row per email address (the owner: the account's
 * or the booking's address, lower case), topic and channel turned off; no row means on. `preference_keys` gives each
 * owner one random key, put in the links of the optional emails: it opens that owner's choices without a session and is
 * the List-Unsubscribe URL's proof. The key grants nothing else. An email's one-click unsubscribe URL is kept with it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('preference_keys')
    .addColumn('owner', 'text', (col) => col.primaryKey())
    .addColumn('key', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('message_preferences')
    .addColumn('owner', 'text', (col) => col.notNull())
    .addColumn('topic', 'text', (col) => col.notNull())
    .addColumn('channel', 'text', (col) => col.notNull())
    .addColumn('turned_off_at', 'timestamptz', (col) => col.notNull())
    .addColumn('turned_off_by', 'text', (col) => col.notNull().check(sql`turned_off_by in ('portal', 'link', 'one-click')`))
    .addPrimaryKeyConstraint('message_preferences_pk', ['owner', 'topic', 'channel'])
    .execute();
  await db.schema.alterTable('messages').addColumn('list_unsubscribe', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('list_unsubscribe').execute();
  await db.schema.dropTable('message_preferences').execute();
  await db.schema.dropTable('preference_keys').execute();
}
