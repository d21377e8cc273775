import { notFound } from '@repo/service-kit';
import type { Db, StaffUserRow } from '../db/schema.ts';
import { refuseCommonPassword } from '../domain/common-passwords.ts';
import { hashPassword } from '../domain/passwords.ts';
import { revokeAccountSessions } from '../repositories/session-repository.ts';
import { clearAccountFailures } from './account-attempts.ts';
import type { AccountsContext } from './context.ts';

/**
 * A new password for a back-office sign-in (technician, staff, administrator), set by someone allowed to: `update`
 * writes it to the account it finds (404 `notFoundMessage` when none); every session of that account ends and its
 * failed attempts are forgotten, in one transaction.
 */
export async function resetBackOfficePassword(
  ctx: AccountsContext,
  password: string,
  update: (trx: Db, passwordHash: string) => Promise<StaffUserRow | undefined>,
  notFoundMessage: string,
): Promise<StaffUserRow> {
  refuseCommonPassword(password);
  const passwordHash = await hashPassword(password);
  return ctx.db.transaction().execute(async (trx) => {
    const row = await update(trx, passwordHash);
    if (!row) throw notFound(notFoundMessage);
    await revokeAccountSessions(trx, 'staff', row.id, ctx.now());
    await clearAccountFailures(trx, 'staff', row.email);
    return row;
  });
}
