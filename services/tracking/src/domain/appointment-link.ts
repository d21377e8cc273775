import { appointmentLinkClaimsSchema, appointmentLinkGraceMs, type AppointmentLinkClaims } from '@repo/contracts';
import type { ServiceApp } from '@repo/service-kit';

/** The kit's JWT types every payload as a session; a link is not one, so it is read through this narrower view. */
type LinkVerifier = { verify(token: string, options: { ignoreExpiration: boolean }): unknown };

/**
 * Reads an appointment link booking signed (manage or track; the shared JWT secret): its claims, whatever its `exp`,
 * or undefined for anything else, sessions included. Expiry is judged against the appointment's current slot
 * (`linkExpired`), as booking does, so a link survives a reschedule.
 */
export function appointmentLinkReader(jwt: ServiceApp['jwt']): (token: string) => AppointmentLinkClaims | undefined {
  const verifier: LinkVerifier = jwt;
  return (token) => {
    try {
      const parsed = appointmentLinkClaimsSchema.safeParse(verifier.verify(token, { ignoreExpiration: true }));
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  };
}

/** Whether links to an appointment whose slot ends at `endsAt` have stopped working. */
export const linkExpired = (endsAt: Date, now: Date) => now.getTime() >= endsAt.getTime() + appointmentLinkGraceMs;
