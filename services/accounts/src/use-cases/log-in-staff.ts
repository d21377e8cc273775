import { technicianAccountMessages, type AdminLoginRequest, type BackOfficeUser } from '@repo/contracts';
import { forbidden, unauthorized } from '@repo/service-kit';
import { verifyPassword } from '../domain/passwords.ts';
import { toBackOfficeUser } from '../repositories/mappers.ts';
import { findStaffByEmail, recordStaffLogin } from '../repositories/staff-repository.ts';
import { isTechnicianDeactivated } from '../repositories/technician-state-repository.ts';
import { clearAttemptFailures, noteFailedAttempt, staffOwner, takeAccountAttempt } from './account-attempts.ts';
import type { AccountsContext } from './context.ts';
import { startSession, type NewSession } from './start-session.ts';

/**
 * A new back-office session (technician, staff or admin) and who it is for; 'Invalid credentials' for any mismatch
 * (never saying whether the email exists), throttled per email and client address like customers. A technician's
 * token names their technician; a deactivated technician's right password is a 403 saying so.
 */
export async function logInStaff(ctx: AccountsContext, { email, password }: AdminLoginRequest, client: string): Promise<{ session: NewSession; user: BackOfficeUser }> {
  const attempt = { scope: 'staff', email, client } as const;
  await takeAccountAttempt(ctx, attempt);
  const staff = await findStaffByEmail(ctx.db, email);
  if (!(await verifyPassword(staff?.password_hash, password)) || !staff) {
    await noteFailedAttempt(ctx, attempt, staff && staffOwner(staff));
    throw unauthorized('Invalid credentials');
  }
  // Said only to someone who knows the password, so it tells a guesser nothing.
  if (staff.role === 'technician' && staff.technician_id && (await isTechnicianDeactivated(ctx.db, staff.technician_id))) {
    throw forbidden(technicianAccountMessages.deactivated);
  }
  const session = await ctx.db.transaction().execute(async (trx) => {
    await clearAttemptFailures(trx, attempt);
    await recordStaffLogin(trx, staff.id, ctx.now());
    return startSession(trx, ctx, { id: staff.id, role: staff.role, email: staff.email, ...(staff.technician_id ? { technicianId: staff.technician_id } : {}) });
  });
  return { session, user: toBackOfficeUser(staff) };
}
