import type { AdminLoginRequest } from '@repo/contracts';
import { unauthorized } from '@repo/service-kit';
import { verifyPassword } from '../domain/passwords.ts';
import { findStaffByEmail, recordStaffLogin } from '../repositories/staff-repository.ts';
import { clearAccountFailures, takeAccountAttempt } from './account-attempts.ts';
import type { AccountsContext } from './context.ts';
import { startSession, type NewSession } from './start-session.ts';

/** A new back-office session (staff or admin); the spec's 'Invalid credentials' for any mismatch, throttled per email like customers. */
export async function logInStaff(ctx: AccountsContext, { email, password }: AdminLoginRequest): Promise<NewSession> {
  await takeAccountAttempt(ctx, 'staff', email);
  const staff = await findStaffByEmail(ctx.db, email);
  if (!(await verifyPassword(staff?.password_hash, password)) || !staff) throw unauthorized('Invalid credentials');
  return ctx.db.transaction().execute(async (trx) => {
    await clearAccountFailures(trx, 'staff', email);
    await recordStaffLogin(trx, staff.id, ctx.now());
    return startSession(trx, ctx, { id: staff.id, role: staff.role, email: staff.email });
  });
}
