import type { Db, SessionKind } from '../db/schema.ts';

/** When the account's owner was last told of failing sign-ins; undefined when never. */
export async function findSignInAlertSentAt(db: Db, scope: SessionKind, email: string): Promise<Date | undefined> {
  const row = await db.selectFrom('sign_in_alerts').select('sent_at').where('scope', '=', scope).where('email', '=', email).executeTakeFirst();
  return row?.sent_at;
}

export async function recordSignInAlert(db: Db, scope: SessionKind, email: string, at: Date): Promise<void> {
  await db
    .insertInto('sign_in_alerts')
    .values({ scope, email, sent_at: at })
    .onConflict((oc) => oc.columns(['scope', 'email']).doUpdateSet({ sent_at: at }))
    .execute();
}
