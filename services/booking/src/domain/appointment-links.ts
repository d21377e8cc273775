import { appointmentLinkTokenType, type AppointmentLinkScope } from '@repo/contracts';
import { appointmentLinkExpiry, appointmentLinkReader, publicKeyOf, tokenSigner, type AppointmentLinkReader } from '@repo/service-kit';
import { slotInstants } from './slot-time.ts';

/** When links to an appointment in this slot stop working: a while after the slot ends (the kit's rule, tracking's too). */
export const linkExpiry = (date: string, slot: string) => appointmentLinkExpiry(slotInstants(date, slot).end);

export type AppointmentLinks = {
  /** A token for one appointment and scope that expires at `expiresAt` (already expired when that has passed). */
  issue: (appointmentId: number, scope: AppointmentLinkScope, expiresAt: Date, now: Date) => string;
  /** The claims of a well-signed link token, whatever its `exp`; undefined for anything else (sessions included). */
  read: AppointmentLinkReader;
};

/**
 * Booking's appointment links, signed with its own Ed25519 key (LINK_PRIVATE_KEY), never the session key: a link is
 * not a session (no `role`, no `sid`, a `typ` of its own) and only booking can make one. Links are read and judged
 * by the service kit (`appointmentLinkReader`, `checkAppointmentLink`), here with the public half as in tracking.
 */
export function appointmentLinks(privateKey: string): AppointmentLinks {
  const sign = tokenSigner(privateKey);
  return {
    issue: (appointmentId, scope, expiresAt, now) => {
      const exp = Math.floor(expiresAt.getTime() / 1000);
      // iat is now, or a second before exp for a link whose time has passed (a late replay of a booking answer).
      const iat = Math.min(Math.floor(now.getTime() / 1000), exp - 1);
      return sign({ typ: appointmentLinkTokenType, sub: `appointment:${appointmentId}`, appointmentId, scope, iat, exp });
    },
    read: appointmentLinkReader(publicKeyOf(privateKey)),
  };
}
