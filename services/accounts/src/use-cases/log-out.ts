import { revokeSessions } from '../repositories/session-repository.ts';
import type { AccountsContext } from './context.ts';

/** Ends the caller's sessions (the cookie's and the bearer token's), everywhere they were copied. Ending an ended one changes nothing. */
export async function logOut(ctx: AccountsContext, sids: readonly string[]): Promise<void> {
  if (sids.length > 0) await revokeSessions(ctx.db, sids, ctx.now());
}
