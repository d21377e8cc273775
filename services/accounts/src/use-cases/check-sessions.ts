import { findActiveSessions, touchSessions } from '../repositories/session-repository.ts';
import { SESSION_TOUCH_INTERVAL_MS } from '../domain/session-policy.ts';
import type { AccountsContext } from './context.ts';

/**
 * Which of these sessions are active (not revoked, used within the idle time, begun within the maximum age). Asking
 * counts as use: it keeps them from idling out, written down at most once a minute per session.
 */
export async function checkSessions(ctx: AccountsContext, sids: readonly string[]): Promise<Set<string>> {
  if (sids.length === 0) return new Set();
  const now = ctx.now();
  const active = await findActiveSessions(ctx.db, sids, now, ctx.sessions);
  const touchBefore = new Date(now.getTime() - SESSION_TOUCH_INTERVAL_MS);
  const stale = active.filter((session) => session.last_seen_at <= touchBefore).map((session) => session.id);
  if (stale.length > 0) await touchSessions(ctx.db, stale, now, touchBefore);
  return new Set(active.map((session) => session.id));
}
