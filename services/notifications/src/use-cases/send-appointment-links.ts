import { appointmentManagePath, arrivalWindowText, type AppointmentLinksRequested } from '@repo/contracts';
import type { Trx } from '../db/schema.ts';
import { renderAppointmentLinksEmail } from '../templates/appointment-links-email.tsx';
import type { NotificationsContext } from './context.ts';
import { queueEmail } from './queue-email.ts';

/**
 * Applies booking's `appointment.links-requested` ("find my appointment") in the receiver's transaction: one email
 * listing the upcoming appointments with their manage links, keyed by booking's request id, so a redelivered event
 * stores (and sends) one email.
 */
export async function sendAppointmentLinks(ctx: NotificationsContext, trx: Trx, event: AppointmentLinksRequested): Promise<void> {
  const email = await renderAppointmentLinksEmail({
    customerName: event.customerName,
    appointments: event.appointments.map((appointment) => ({
      window: arrivalWindowText(new Date(appointment.startsAt), new Date(appointment.endsAt)),
      appliance: appointment.appliance,
      brand: appointment.brand,
      serviceType: appointment.serviceType,
      confirmationCode: appointment.confirmationCode,
      appointmentUrl: `${ctx.portalOrigin}${appointmentManagePath(appointment.appointmentId, appointment.manageToken)}`,
    })),
  });
  await queueEmail(ctx, trx, { key: `find-appointment.${event.requestId}`, kind: 'find-appointment', recipient: event.email, ...email });
}
