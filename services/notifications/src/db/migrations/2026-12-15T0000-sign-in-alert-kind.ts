import { sql, type Kysely } from 'kysely';
import { kinds as earlierKinds } from './2026-12-11T0000-message-keys.ts';

/** A message of kind `sign-in-alert`: an account's owner told that someone keeps failing to sign in to it. */
export async function up(db: Kysely<any>): Promise<void> {
  await allowKinds(db, [...earlierKinds, 'sign-in-alert']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('messages').where('kind', '=', 'sign-in-alert').execute();
  await allowKinds(db, earlierKinds);
}

async function allowKinds(db: Kysely<any>, kinds: readonly string[]): Promise<void> {
  await sql`alter table messages drop constraint messages_kind_check`.execute(db);
  await sql`alter table messages add constraint messages_kind_check check (kind in (${sql.join(kinds.map((kind) => sql.lit(kind)))}))`.execute(db);
}
