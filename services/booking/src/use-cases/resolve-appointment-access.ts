import { appointmentPageMessages } from '@repo/contracts';
import { checkAppointmentLink, notFound } from '@repo/service-kit';
import { slotInstants } from '../domain/slot-time.ts';
import { findAppointmentAccessFacts } from '../repositories/appointment-repository.ts';
import type { BookingContext } from './context.ts';

/** Who may act on one appointment: its owner through their account, or the holder of its manage link. */
export type AppointmentAccess = { appointmentId: number; via: 'account' | 'link' };

export type AccessRequest = {
  appointmentId: number;
  /** The signed-in customer's id, or null without a customer session. */
  customerId: number | null;
  /** The `X-Appointment-Access` token, when one was sent. */
  linkToken: string | undefined;
};

/**
 * Decides access to the appointment page's calls. Someone else's appointment answers exactly as a missing one (404),
 * so ids reveal nothing; a link that is forged, malformed or past its time is a 401 asking to log in or call; a track
 * link opens only the tracking page (403). A link is good until a day after the appointment's current slot ends, so
 * it survives a reschedule.
 */
export async function resolveAppointmentAccess(ctx: BookingContext, request: AccessRequest): Promise<AppointmentAccess> {
  const { appointmentId, customerId, linkToken } = request;
  const facts = await findAppointmentAccessFacts(ctx.db, appointmentId);
  if (facts && customerId !== null && facts.customer_id === customerId) return { appointmentId, via: 'account' };
  if (linkToken === undefined) throw notFound(appointmentPageMessages.notFound);

  checkAppointmentLink(ctx.links.read, linkToken, {
    appointmentId,
    slotEndsAt: facts ? slotInstants(facts.appointment_date, facts.time_slot).end : undefined,
    now: ctx.now(),
    scopes: ['manage'],
    notFoundMessage: appointmentPageMessages.notFound,
  });
  return { appointmentId, via: 'link' };
}
