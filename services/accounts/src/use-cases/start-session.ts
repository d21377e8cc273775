import { customerEmailProvenTopic, type Role, type SessionClaims } from '@repo/contracts';
import type { Transaction } from 'kysely';
import { newSessionId } from '@repo/service-kit';
import type { AccountsDatabase } from '../db/schema.ts';
import { sessionKindOf } from '../domain/session-policy.ts';
import { deleteSessionsCreatedBefore, insertSession } from '../repositories/session-repository.ts';
import type { AccountsContext } from './context.ts';

/** A session just begun: the token's claims and how long the token (and cookie) may live, its maximum age. */
export type NewSession = { claims: SessionClaims; maxAgeSeconds: number };

/**
 * The session step of a login, run in the login's transaction; also drops sessions of that kind past their maximum age.
 * A customer's session on a proven email tells booking, which gives the account what was booked under that email
 * without one (`customerEmailProvenTopic`).
 */
export async function startSession(
  trx: Transaction<AccountsDatabase>,
  ctx: AccountsContext,
  subject: { id: number; role: Role; email: string; emailVerified?: boolean; customerId?: number; technicianId?: string },
): Promise<NewSession> {
  const kind = sessionKindOf(subject.role);
  const now = ctx.now();
  const limits = ctx.sessions[kind];
  const sid = newSessionId();
  await insertSession(trx, { id: sid, kind, subject_id: subject.id, role: subject.role, created_at: now, last_seen_at: now, revoked_at: null });
  await deleteSessionsCreatedBefore(trx, kind, new Date(now.getTime() - limits.maxMs));
  const claims: SessionClaims = { sub: `${kind}:${subject.id}`, role: subject.role, sid, email: subject.email };
  if (subject.customerId !== undefined) claims.customerId = subject.customerId;
  if (subject.technicianId !== undefined) claims.technicianId = subject.technicianId;
  if (subject.emailVerified) claims.emailVerified = true;
  if (subject.emailVerified && subject.customerId !== undefined) await ctx.effects.enqueue(trx, customerEmailProvenTopic, { customerId: subject.customerId, email: subject.email });
  return { claims, maxAgeSeconds: Math.floor(limits.maxMs / 1000) };
}
