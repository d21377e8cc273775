import type { FastifyReply, FastifyRequest } from 'fastify';
import { appointmentAccessHeader, roles } from '@repo/contracts';
import { withRequirement, type DomainError, type ServiceApp } from '@repo/service-kit';
import type { TrackingCaller } from '../use-cases/resolve-tracking-access.ts';

/** A session that is bad, ended or cannot be checked right now: beside a link it grants nothing and is ignored. */
const isUnusableSession = (err: unknown) => [401, 503].includes((err as Partial<DomainError>).statusCode ?? 0);

const linkToken = (request: FastifyRequest) => {
  const header = request.headers[appointmentAccessHeader];
  return typeof header === 'string' ? header : undefined;
};

/**
 * The onRequest check of calls open to an appointment link as well as to sessions: without a link a session is
 * required (401 otherwise); beside a link a stale session (a guest's shared computer) is ignored, as in booking.
 */
export function identifyCaller(app: ServiceApp) {
  // For the API document: a session of any role, or an appointment's link instead.
  return withRequirement(async function identify(request: FastifyRequest, reply: FastifyReply) {
    if (linkToken(request) === undefined) {
      await app.authenticate.call(app, request, reply);
      return;
    }
    await app.optionalSession.call(app, request, reply).catch((err: unknown) => {
      if (!isUnusableSession(err)) throw err;
      request.session = null;
    });
  }, { kind: 'required', roles, alternatives: ['appointmentLink'] });
}

/** Who the checked request comes from. */
export function callerOf(request: FastifyRequest): TrackingCaller {
  const session = request.session;
  return {
    staff: session?.role === 'staff' || session?.role === 'admin',
    customerId: session?.role === 'customer' ? (session.customerId ?? null) : null,
    technicianId: session?.role === 'technician' ? (session.technicianId ?? null) : null,
    linkToken: linkToken(request),
  };
}
