import type { TechnicianChanged } from '@repo/contracts';
import type { Db } from '../db/schema.ts';
import { revokeAccountSessions } from '../repositories/session-repository.ts';
import { findTechnicianAccountByTechnician } from '../repositories/staff-repository.ts';
import { storeTechnicianState } from '../repositories/technician-state-repository.ts';
import type { AccountsContext } from './context.ts';

/**
 * Applies tracking's `technician.changed` in the receiver's transaction: accounts keeps whether the technician is
 * active. A newer snapshot of a deactivated technician ends every session of their sign-in at once, and
 * `logInStaff` refuses new ones until they are reactivated.
 */
export async function recordTechnicianState(ctx: Pick<AccountsContext, 'now'>, trx: Db, technician: TechnicianChanged): Promise<void> {
  const stored = await storeTechnicianState(trx, { technicianId: technician.id, active: technician.active, version: technician.version });
  if (!stored || technician.active) return;
  const account = await findTechnicianAccountByTechnician(trx, technician.id);
  if (account) await revokeAccountSessions(trx, 'staff', account.id, ctx.now());
}
