import {
  technicianAccountMessages,
  type CreateTechnicianAccount,
  type TechnicianAccount,
} from '@repo/contracts';
import { conflict } from '@repo/service-kit';
import { uniqueViolationConstraint } from '@repo/service-kit/db';
import { refuseCommonPassword } from '../domain/common-passwords.ts';
import { hashPassword } from '../domain/passwords.ts';
import { toTechnicianAccount } from '../repositories/mappers.ts';
import { findTechnicianAccounts, insertStaff, updateTechnicianPassword } from '../repositories/staff-repository.ts';
import type { AccountsContext } from './context.ts';
import { resetBackOfficePassword } from './reset-back-office-password.ts';

/**
 * Gives a tracking technician a sign-in (role technician). Accounts cannot ask tracking whether the technician id
 * exists without coupling sign-in to tracking being up; staff pick it from the technician's card in technician
 * management, so it is trusted as given. A technician with no such id simply sees no jobs. One sign-in per email
 * (any letter case, across every back-office account) and per technician: 409 otherwise.
 */
export async function createTechnicianAccount(ctx: AccountsContext, input: CreateTechnicianAccount): Promise<TechnicianAccount> {
  refuseCommonPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  try {
    const row = await insertStaff(ctx.db, {
      email: input.email.trim(),
      name: input.name,
      role: 'technician',
      technician_id: input.technicianId,
      password_hash: passwordHash,
      last_login: null,
    });
    return toTechnicianAccount(row);
  } catch (err) {
    const constraint = uniqueViolationConstraint(err);
    if (constraint === 'staff_users_email_key') throw conflict(technicianAccountMessages.emailTaken, { email: technicianAccountMessages.emailTaken });
    if (constraint === 'staff_users_technician_id_key') {
      throw conflict(technicianAccountMessages.technicianHasAccount, { technicianId: technicianAccountMessages.technicianHasAccount });
    }
    throw err;
  }
}

export async function listTechnicianAccounts(ctx: AccountsContext): Promise<TechnicianAccount[]> {
  return (await findTechnicianAccounts(ctx.db)).map(toTechnicianAccount);
}

/** A new password for the technician's sign-in; every session of it ends, and its failed attempts are forgotten. */
export async function setTechnicianPassword(ctx: AccountsContext, technicianId: string, password: string): Promise<TechnicianAccount> {
  const row = await resetBackOfficePassword(ctx, password, (trx, hash) => updateTechnicianPassword(trx, technicianId, hash), technicianAccountMessages.notFound);
  return toTechnicianAccount(row);
}
