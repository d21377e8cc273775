import type { Kysely } from 'kysely';
import { allowKinds } from './2026-12-20T0000-email-change-kinds.ts';
import { kinds as earlierKinds } from './2026-12-24T0000-part-arrived-kind.ts';

/** The email of an invoice staff sent, with its link (payments' `invoice.sent`). */
const invoiceKinds = ['invoice'];

// The kinds as this migration allows them (a later kind needs a migration of its own, as the contracts' list grows).
export const kinds = [...earlierKinds, ...invoiceKinds];

export async function up(db: Kysely<any>): Promise<void> {
  await allowKinds(db, kinds);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('messages').where('kind', 'in', invoiceKinds).execute();
  await allowKinds(db, earlierKinds);
}
