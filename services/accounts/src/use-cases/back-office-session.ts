import { backOfficeRoles, type BackOfficeUser, type SessionClaims } from '@repo/contracts';
import { toBackOfficeUser } from '../repositories/mappers.ts';
import { findStaffBySession } from '../repositories/staff-repository.ts';
import type { AccountsContext } from './context.ts';

const backOffice = new Set<string>(backOfficeRoles);

export const isBackOfficeSession = (claims: SessionClaims) => backOffice.has(claims.role);

/** Who an (already verified) back-office session belongs to, as the back office shows them; null for anyone else. */
export async function backOfficeUserOf(ctx: AccountsContext, session: SessionClaims | null): Promise<BackOfficeUser | null> {
  if (!session || !isBackOfficeSession(session)) return null;
  const row = await findStaffBySession(ctx.db, session.sid);
  return row ? toBackOfficeUser(row) : null;
}
