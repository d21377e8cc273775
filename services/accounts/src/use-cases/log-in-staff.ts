import type { AdminLoginRequest, SessionClaims } from '@repo/contracts';
import { unauthorized } from '@repo/service-kit';
import { verifyPassword } from '../domain/passwords.ts';
import { findStaffByEmail, recordStaffLogin } from '../repositories/staff-repository.ts';
import type { AccountsContext } from './context.ts';

/** The claims of a back-office session (staff or admin); the spec's 'Invalid credentials' for any mismatch. */
export async function logInStaff(ctx: AccountsContext, { email, password }: AdminLoginRequest): Promise<SessionClaims> {
  const staff = await findStaffByEmail(ctx.db, email);
  if (!(await verifyPassword(staff?.password_hash, password)) || !staff) throw unauthorized('Invalid credentials');
  await recordStaffLogin(ctx.db, staff.id, ctx.now());
  return { sub: `staff:${staff.id}`, role: staff.role, email: staff.email };
}
