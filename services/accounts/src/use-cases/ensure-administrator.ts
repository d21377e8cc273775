import { hashPassword } from '../domain/passwords.ts';
import { findStaffByEmail, insertStaffIfAbsent } from '../repositories/staff-repository.ts';
import type { AccountsContext } from './context.ts';

/** Creates the first administrator from ADMIN_EMAIL/ADMIN_PASSWORD when no staff account has that email. */
export async function ensureAdministrator(ctx: AccountsContext, email: string, password: string): Promise<void> {
  if (await findStaffByEmail(ctx.db, email)) return;
  await insertStaffIfAbsent(ctx.db, { email, name: 'Administrator', role: 'admin', password_hash: await hashPassword(password), last_login: null });
}
