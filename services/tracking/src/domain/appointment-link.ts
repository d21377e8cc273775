import { appointmentLinkClaimsSchema, appointmentLinkGraceMs, type AppointmentLinkClaims } from '@repo/contracts';
import { tokenVerifier } from '@repo/service-kit';

/**
 * Reads an appointment link booking signed (manage or track), verified with booking's public link key
 * (LINK_PUBLIC_KEY, EdDSA only): its claims, whatever its `exp`, or undefined for anything else, sessions included.
 * Expiry is judged against the appointment's current slot (`linkExpired`), as booking does, so a link survives a
 * reschedule. Tracking holds no private key, so it can honour a link but never make one.
 */
export function appointmentLinkReader(publicKey: string): (token: string) => AppointmentLinkClaims | undefined {
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

/** Whether links to an appointment whose slot ends at `endsAt` have stopped working. */
export const linkExpired = (endsAt: Date, now: Date) => now.getTime() >= endsAt.getTime() + appointmentLinkGraceMs;
