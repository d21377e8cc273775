import type { FieldServiceConnector } from '@repo/field-service';
import { fieldServiceProblem, notConfigured, type Audience } from '../domain/field-service.ts';
import type { AccountsContext } from './context.ts';

/**
 * The configured system's connector with the settings in force now, or a 503: staff read what to set and where, a
 * customer that it is unavailable.
 */
export async function configuredConnector(ctx: AccountsContext, audience: Audience = 'staff'): Promise<FieldServiceConnector> {
  const { connector, missing } = await ctx.fieldService.current();
  if (!connector) throw notConfigured(ctx.fieldService, missing, audience);
  return connector;
}

/** Runs calls to the system for staff, turning its failures into 502/503/504 answers a person can act on. */
export async function askSystem<T>(ctx: AccountsContext, audience: Audience, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw fieldServiceProblem(err, ctx.fieldService, audience);
  }
}
