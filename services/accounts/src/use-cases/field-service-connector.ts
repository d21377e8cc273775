import type { FieldServiceConnector } from '@repo/field-service';
import { fieldServiceProblem, notConfigured, type Audience } from '../domain/field-service.ts';
import type { AccountsContext } from './context.ts';

/** The configured system's connector, or a 503: staff read which variables to set, a customer that it is unavailable. */
export function configuredConnector(ctx: AccountsContext, audience: Audience = 'staff'): FieldServiceConnector {
  if (!ctx.fieldService.connector) throw notConfigured(ctx.fieldService, audience);
  return ctx.fieldService.connector;
}

/** Runs calls to the system for staff, turning its failures into 502/503/504 answers a person can act on. */
export async function askSystem<T>(ctx: AccountsContext, audience: Audience, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw fieldServiceProblem(err, ctx.fieldService, audience);
  }
}
