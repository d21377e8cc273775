import type { Kysely } from 'kysely';
import { allowKinds, kinds as earlierKinds } from './2026-12-20T0000-email-change-kinds.ts';

/** The email that the part a visit waited for has arrived (booking's `appointment.changed` with `part-arrived`). */
const partArrivedKinds = ['part-arrived'];

// The kinds as this migration allows them (a later kind needs a migration of its own, as the contracts' list grows).
export const kinds = [...earlierKinds, ...partArrivedKinds];

export async function up(db: Kysely<any>): Promise<void> {
  await allowKinds(db, kinds);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('messages').where('kind', 'in', partArrivedKinds).execute();
  await allowKinds(db, earlierKinds);
}

