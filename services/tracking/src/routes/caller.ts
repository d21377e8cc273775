import type { FastifyRequest } from 'fastify';
import { roles } from '@repo/contracts';
import { appointmentLinkOf, type ServiceApp } from '@repo/service-kit';
import type { TrackingCaller } from '../use-cases/resolve-tracking-access.ts';

/**
 * The onRequest check of calls open to an appointment link as well as to sessions (the kit's, as in booking): without
 * a link a session of any role is required (401 otherwise); beside a link a stale session (a guest's shared computer)
 * is ignored.
 */
export const identifyCaller = (app: ServiceApp) => app.sessionOrLink(roles);

/** Who the checked request comes from. */
export function callerOf(request: FastifyRequest): TrackingCaller {
  const session = request.session;
  return {
    staff: session?.role === 'staff' || session?.role === 'admin',
    customerId: session?.role === 'customer' ? (session.customerId ?? null) : null,
    technicianId: session?.role === 'technician' ? (session.technicianId ?? null) : null,
    linkToken: appointmentLinkOf(request),
  };
}
