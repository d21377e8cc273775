import { type Insertable } from 'kysely';
import type { Db, SessionKind, SessionsTable } from '../db/schema.ts';
import type { SessionPolicy } from '../domain/session-policy.ts';

export async function insertSession(db: Db, values: Insertable<SessionsTable>): Promise<void> {
  await db.insertInto('sessions').values(values).execute();
}

/** The sessions among `ids` that are active at `now` under the policy, with when each was last written down as used. */
export function findActiveSessions(db: Db, ids: readonly string[], now: Date, policy: SessionPolicy) {
  const before = (ms: number) => new Date(now.getTime() - ms);
  return db
    .selectFrom('sessions')
    .select(['id', 'last_seen_at'])
    .where('id', 'in', ids)
    .where('revoked_at', 'is', null)
    .where((eb) =>
      eb.or(
        (['customer', 'staff'] as const).map((kind) =>
          eb.and([
            eb('kind', '=', kind),
            eb('last_seen_at', '>', before(policy[kind].idleMs)),
            eb('created_at', '>', before(policy[kind].maxMs)),
          ]),
        ),
      ),
    )
    .execute();
}

/** Writes down use of the sessions; skips any written down since `unlessSeenAfter`. */
export async function touchSessions(db: Db, ids: readonly string[], now: Date, unlessSeenAfter: Date): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: now }).where('id', 'in', ids).where('last_seen_at', '<=', unlessSeenAfter).execute();
}

/** Ends the sessions (already ended ones keep their first end). */
export async function revokeSessions(db: Db, ids: readonly string[], now: Date): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: now }).where('id', 'in', ids).where('revoked_at', 'is', null).execute();
}

/** Ends every session of the account, except `keep` when given. */
export async function revokeAccountSessions(db: Db, kind: SessionKind, subjectId: number, now: Date, keep?: string): Promise<void> {
  let query = db.updateTable('sessions').set({ revoked_at: now }).where('kind', '=', kind).where('subject_id', '=', subjectId).where('revoked_at', 'is', null);
  if (keep !== undefined) query = query.where('id', '<>', keep);
  await query.execute();
}

/** Drops sessions of a kind that began before `before`: past their maximum age, they can never be active again. */
export async function deleteSessionsCreatedBefore(db: Db, kind: SessionKind, before: Date): Promise<void> {
  await db.deleteFrom('sessions').where('kind', '=', kind).where('created_at', '<', before).execute();
}
