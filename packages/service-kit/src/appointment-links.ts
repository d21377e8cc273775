import type { FastifyRequest } from 'fastify';
import {
  appointmentLinkClaimsSchema,
  appointmentLinkGraceMs,
  appointmentLinkScopes,
  appointmentPageMessages,
  type AppointmentLinkClaims,
  type AppointmentLinkScope,
} from '@repo/contracts';
import { forbidden, notFound, unauthorized } from './errors.ts';
import { tokenVerifier } from './signing-keys.ts';
import { securitySchemes, type LinkSchemeName } from './openapi.ts';

/**
 * Appointment links: tokens booking signs with its own Ed25519 key (LINK_PRIVATE_KEY) that open one appointment
 * without a session. Booking alone makes them; every service that honours one (booking itself, tracking) reads and
 * judges it here, with the public half, so a link is checked the same way wherever it is shown.
 */

/** The link token a request carries (`X-Appointment-Access`), or undefined without one (or with a repeated header). */
export const appointmentLinkOf = (request: FastifyRequest): string | undefined => linkTokenOf(request, 'appointmentLink');

/** The token of a link of this scheme the request carries (its header), or undefined without one or with a repeated header. */
export function linkTokenOf(request: FastifyRequest, scheme: LinkSchemeName): string | undefined {
  const header = request.headers[securitySchemes[scheme].name];
  return typeof header === 'string' ? header : undefined;
}

/** The claims of a well-signed link token whatever its `exp`, or undefined for anything else (sessions included). */
export type AppointmentLinkReader = (token: string) => AppointmentLinkClaims | undefined;

/**
 * Reads link tokens signed with the private half of `publicKey` (EdDSA only). The token's own `exp` is ignored:
 * expiry is judged against the appointment's current slot (`checkAppointmentLink`), so a link survives a reschedule.
 */
export function appointmentLinkReader(publicKey: string): AppointmentLinkReader {
  const verify = tokenVerifier(publicKey);
  return (token) => {
    try {
      const parsed = appointmentLinkClaimsSchema.safeParse(verify(token, { ignoreExpiration: true }));
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  };
}

/** When links to an appointment whose slot ends at `slotEndsAt` stop working: a day later. */
export const appointmentLinkExpiry = (slotEndsAt: Date) => new Date(slotEndsAt.getTime() + appointmentLinkGraceMs);

/** Whether links to an appointment whose slot ends at `slotEndsAt` have stopped working at `now`. */
export const appointmentLinkExpired = (slotEndsAt: Date, now: Date) => now.getTime() >= appointmentLinkExpiry(slotEndsAt).getTime();

export type AppointmentLinkTarget = {
  /** The appointment the call is about. */
  appointmentId: number;
  /** When that appointment's current slot ends, or undefined when there is no such appointment. */
  slotEndsAt: Date | undefined;
  now: Date;
  /** The scopes that open this call (booking's page: manage only; tracking: manage and track). */
  scopes?: readonly AppointmentLinkScope[];
  /** The 404 message of the calling service for an appointment the caller may not see. */
  notFoundMessage: string;
};

/**
 * Whether a link token opens one appointment; throws the refusal otherwise. A token that is forged, malformed, not a
 * link (a session token, say) or past its time is a 401 asking to sign in or call; a link to another appointment, or
 * to one that does not exist, is a 404 exactly as for a missing appointment, so ids reveal nothing; a link of a scope
 * the call does not take (a track link on the manage page) is a 403. A link is good until a day after the
 * appointment's current slot ends, whatever the token's own `exp`.
 */
export function checkAppointmentLink(read: AppointmentLinkReader, token: string, target: AppointmentLinkTarget): AppointmentLinkClaims {
  const { appointmentId, slotEndsAt, now, scopes = appointmentLinkScopes, notFoundMessage } = target;
  const claims = read(token);
  if (!claims) throw unauthorized(appointmentPageMessages.linkExpired);
  if (claims.appointmentId !== appointmentId) throw notFound(notFoundMessage);
  if (!scopes.includes(claims.scope)) throw forbidden(appointmentPageMessages.trackOnly);
  if (slotEndsAt === undefined) throw notFound(notFoundMessage);
  if (appointmentLinkExpired(slotEndsAt, now)) throw unauthorized(appointmentPageMessages.linkExpired);
  return claims;
}
