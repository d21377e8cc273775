import { appointmentLinkClaimsSchema, appointmentLinkGraceMs, appointmentLinkTokenType, type AppointmentLinkClaims, type AppointmentLinkScope } from '@repo/contracts';
import { publicKeyOf, tokenSigner, tokenVerifier } from '@repo/service-kit';
import { slotInstants } from './slot-time.ts';

/** When links to an appointment in this slot stop working: a while after the slot ends (tracking uses the same rule). */
export const linkExpiry = (date: string, slot: string) => new Date(slotInstants(date, slot).end.getTime() + appointmentLinkGraceMs);

export type AppointmentLinks = {
  /** A token for one appointment and scope that expires at `expiresAt` (already expired when that has passed). */
  issue: (appointmentId: number, scope: AppointmentLinkScope, expiresAt: Date, now: Date) => string;
  /** The claims of a well-signed link token, whatever its `exp`; undefined for anything else (sessions included). */
  read: (token: string) => AppointmentLinkClaims | undefined;
};

/**
 * Booking's appointment links, signed with its own Ed25519 key (LINK_PRIVATE_KEY), never the session key: a link is
 * not a session (no `role`, no `sid`, a `typ` of its own) and only booking can make one. Services that honour links
 * (tracking) verify them with the public half.
 */
export function appointmentLinks(privateKey: string): AppointmentLinks {
  const sign = tokenSigner(privateKey);
  const verify = tokenVerifier(publicKeyOf(privateKey));
  return {
    issue: (appointmentId, scope, expiresAt, now) => {
      const exp = Math.floor(expiresAt.getTime() / 1000);
      // iat is now, or a second before exp for a link whose time has passed (a late replay of a booking answer).
      const iat = Math.min(Math.floor(now.getTime() / 1000), exp - 1);
      return sign({ typ: appointmentLinkTokenType, sub: `appointment:${appointmentId}`, appointmentId, scope, iat, exp });
    },
    read: (token) => {
      try {
        // Expiry is judged by the caller against the appointment's current slot, so a link survives a reschedule.
        const parsed = appointmentLinkClaimsSchema.safeParse(verify(token, { ignoreExpiration: true }));
        return parsed.success ? parsed.data : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
