import { createHash } from 'node:crypto';
import { appointmentLinksRequestedTopic, businessDate, findAppointmentLimits, type AppointmentStatus } from '@repo/contracts';
import { linkExpiry } from '../domain/appointment-links.ts';
import { dispatchSnapshot } from '../domain/dispatch.ts';
import { findUpcomingByEmail, recordLinkRequest } from '../repositories/link-request-repository.ts';
import type { BookingContext } from './context.ts';

const hour = 3600_000;
/** What a visitor may still manage: cancelled and completed visits are left out of the email. */
const upcomingStatuses: readonly AppointmentStatus[] = ['scheduled', 'confirmed', 'in-progress'];

/**
 * "Find my appointment": when the address has appointments still to come, notifications emails it their manage links
 * (the effect is written in this transaction). The caller learns nothing either way. Past the per-address limit in an
 * hour the request is recorded and nothing is sent, so nobody can fill someone's inbox from many clients.
 */
export async function requestAppointmentLinks(ctx: BookingContext, email: string): Promise<void> {
  const now = ctx.now();
  const address = email.trim().toLowerCase();
  const emailHash = createHash('sha256').update(address).digest('hex');
  await ctx.db.transaction().execute(async (trx) => {
    const request = await recordLinkRequest(trx, emailHash, now, new Date(now.getTime() - hour));
    if (request.earlier >= findAppointmentLimits.perAddressPerHour) return;
    const rows = await findUpcomingByEmail(trx, address, businessDate(now), upcomingStatuses, findAppointmentLimits.mostListed);
    const upcoming = rows.map((row) => ({ row, visit: dispatchSnapshot(row) })).filter(({ visit }) => Date.parse(visit.endsAt) > now.getTime());
    if (upcoming.length === 0) return;
    await ctx.effects.enqueue(trx, appointmentLinksRequestedTopic, {
      requestId: request.id,
      email: upcoming[0]!.row.email,
      customerName: upcoming[0]!.row.customer_name,
      appointments: upcoming.map(({ row, visit }) => ({
        appointmentId: row.id,
        confirmationCode: row.confirmation_code,
        status: visit.status,
        serviceType: row.service_type,
        appliance: row.appliance,
        brand: row.brand,
        startsAt: visit.startsAt,
        endsAt: visit.endsAt,
        manageToken: ctx.links.issue(row.id, 'manage', linkExpiry(row.appointment_date, row.time_slot), now),
      })),
    });
  });
}
