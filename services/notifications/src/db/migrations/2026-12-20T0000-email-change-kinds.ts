import { sql, type Kysely } from 'kysely';
import { kinds as messageKeyKinds } from './2026-12-11T0000-message-keys.ts';

/** The kinds allowed before this migration: the message keys' list and `sign-in-alert` (2026-12-15). */
const earlierKinds = [...messageKeyKinds, 'sign-in-alert'];
/** A customer's email change: the link to the new address, the note to an address that has an account, the notice to the old address. */
const emailChangeKinds = ['email-change-proof', 'email-change-attempt', 'email-changed'];

// The kinds as this migration allows them (a later kind needs a migration of its own, as the contracts' list grows).
export const kinds = [...earlierKinds, ...emailChangeKinds];

/** Messages of kinds `email-change-proof`, `email-change-attempt` and `email-changed` (accounts' `account.email-change`). */
export async function up(db: Kysely<any>): Promise<void> {
  await allowKinds(db, kinds);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('messages').where('kind', 'in', emailChangeKinds).execute();
  await allowKinds(db, earlierKinds);
}

/** Replaces the check on `messages.kind` with one allowing `allowed` (the later kind migrations use it too). */
export async function allowKinds(db: Kysely<any>, allowed: readonly string[]): Promise<void> {
  await sql`alter table messages drop constraint messages_kind_check`.execute(db);
  await sql`alter table messages add constraint messages_kind_check check (kind in (${sql.join(allowed.map((kind) => sql.lit(kind)))}))`.execute(db);
}
