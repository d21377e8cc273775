import { appointmentLinkClaimsSchema, appointmentLinkGraceMs, appointmentLinkTokenType, type AppointmentLinkClaims, type AppointmentLinkScope } from '@repo/contracts';
import type { ServiceApp } from '@repo/service-kit';
import { slotInstants } from './slot-time.ts';

/** When links to an appointment in this slot stop working: a while after the slot ends (tracking uses the same rule). */
export const linkExpiry = (date: string, slot: string) => new Date(slotInstants(date, slot).end.getTime() + appointmentLinkGraceMs);

/**
 * The kit's JWT signs with the shared secret but types every payload as a session; a link is deliberately not a
 * session (no `role`, no `sid`, a `typ` of its own), so it is signed through this narrower view of the same signer.
 */
type LinkJwt = {
  sign(payload: object, options: { expiresIn: number; clockTimestamp: number }): string;
  verify(token: string, options: { ignoreExpiration: boolean }): unknown;
};

export type AppointmentLinks = {
  /** A token for one appointment and scope that expires at `expiresAt` (already expired when that has passed). */
  issue: (appointmentId: number, scope: AppointmentLinkScope, expiresAt: Date, now: Date) => string;
  /** The claims of a well-signed link token, whatever its `exp`; undefined for anything else (sessions included). */
  read: (token: string) => AppointmentLinkClaims | undefined;
};

export function appointmentLinks(jwt: ServiceApp['jwt']): AppointmentLinks {
  const signer: LinkJwt = jwt;
  return {
    issue: (appointmentId, scope, expiresAt, now) => {
      const exp = Math.floor(expiresAt.getTime() / 1000);
      // iat is now, or a second before exp for a link whose time has passed (a late replay of a booking answer).
      const iat = Math.min(Math.floor(now.getTime() / 1000), exp - 1);
      const payload = { typ: appointmentLinkTokenType, sub: `appointment:${appointmentId}`, appointmentId, scope };
      return signer.sign(payload, { expiresIn: exp - iat, clockTimestamp: iat * 1000 });
    },
    read: (token) => {
      try {
        // Expiry is judged by the caller against the appointment's current slot, so a link survives a reschedule.
        const parsed = appointmentLinkClaimsSchema.safeParse(signer.verify(token, { ignoreExpiration: true }));
        return parsed.success ? parsed.data : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
