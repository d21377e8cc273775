import { staffAccountMessages, type CreateStaffAccount, type StaffAccount } from '@repo/contracts';
import { conflict } from '@repo/service-kit';
import { uniqueViolationConstraint } from '@repo/service-kit/db';
import { refuseCommonPassword } from '../domain/common-passwords.ts';
import { hashPassword } from '../domain/passwords.ts';
import { toStaffAccount } from '../repositories/mappers.ts';
import { findStaffAccounts, insertStaff, updateStaffPassword } from '../repositories/staff-repository.ts';
import type { AccountsContext } from './context.ts';
import { resetBackOfficePassword } from './reset-back-office-password.ts';

export async function listStaffAccounts(ctx: AccountsContext): Promise<StaffAccount[]> {
  return (await findStaffAccounts(ctx.db)).map(toStaffAccount);
}

/** A staff or administrator sign-in made by an administrator; one per email across every back-office account (409). */
export async function createStaffAccount(ctx: AccountsContext, input: CreateStaffAccount): Promise<StaffAccount> {
  refuseCommonPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  try {
    const row = await insertStaff(ctx.db, { email: input.email.trim(), name: input.name, role: input.role, technician_id: null, password_hash: passwordHash, last_login: null });
    return toStaffAccount(row);
  } catch (err) {
    if (uniqueViolationConstraint(err) === 'staff_users_email_key') throw conflict(staffAccountMessages.emailTaken, { email: staffAccountMessages.emailTaken });
    throw err;
  }
}

/**
 * A new password for a staff or administrator sign-in, set by an administrator (the one who forgot theirs asks
 * them): every session of that account ends, and its failed attempts are forgotten.
 */
export async function setStaffPassword(ctx: AccountsContext, id: number, password: string): Promise<void> {
  await resetBackOfficePassword(ctx, password, (trx, hash) => updateStaffPassword(trx, id, hash), staffAccountMessages.notFound);
}
