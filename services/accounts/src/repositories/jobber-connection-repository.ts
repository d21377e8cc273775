import type { Insertable, Updateable } from 'kysely';
import type { Db, JobberAuthorizationsTable, JobberConnectionRow, JobberConnectionsTable } from '../db/schema.ts';

/** The Jobber connection's row, if any; `lock` holds it (select … for update) until the transaction ends. */
export async function findJobberConnection(db: Db, lock = false): Promise<JobberConnectionRow | undefined> {
  const query = db.selectFrom('jobber_connections').selectAll().where('id', '=', 1);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

/** Writes the row when there is none yet (an instance that lost the race keeps the winner's). */
export async function insertJobberConnectionIfMissing(db: Db, row: Omit<Insertable<JobberConnectionsTable>, 'id'>): Promise<void> {
  await db.insertInto('jobber_connections').values({ id: 1, ...row }).onConflict((conflict) => conflict.column('id').doNothing()).execute();
}

/** Replaces the row's values (inserting it when there is none). */
export async function saveJobberConnection(db: Db, row: Omit<Insertable<JobberConnectionsTable>, 'id'>): Promise<void> {
  await db.insertInto('jobber_connections').values({ id: 1, ...row }).onConflict((conflict) => conflict.column('id').doUpdateSet(row)).execute();
}

export async function updateJobberConnection(db: Db, changes: Updateable<JobberConnectionsTable>): Promise<void> {
  await db.updateTable('jobber_connections').set(changes).where('id', '=', 1).execute();
}

export async function insertJobberAuthorization(db: Db, authorization: JobberAuthorizationsTable, now: Date): Promise<void> {
  await db.deleteFrom('jobber_authorizations').where('expires_at', '<=', now).execute();
  await db.insertInto('jobber_authorizations').values(authorization).execute();
}

/** Uses up the attempt with this state if this session started it and it has not expired; undefined otherwise. */
export async function takeJobberAuthorization(db: Db, stateHash: string, sessionId: string, now: Date) {
  return db
    .deleteFrom('jobber_authorizations')
    .where('state_hash', '=', stateHash)
    .where('session_id', '=', sessionId)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
}
