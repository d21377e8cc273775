import type { AppointmentChanged } from '@repo/contracts';
import type { Trx } from '../db/schema.ts';
import { appointmentEmail } from '../domain/appointment-email.ts';
import { messageKindFor } from '../domain/messages.ts';
import { recordNewerVersion } from '../repositories/appointment-repository.ts';
import type { NotificationsContext } from './context.ts';
import { hearAppointmentNews } from './hear-appointment-news.ts';
import { planReminders } from './plan-reminders.ts';
import { queueEmail } from './queue-email.ts';
import { appointmentText } from './appointment-text.ts';
import { queueText } from './queue-text.ts';

/**
 * Applies booking's `appointment.changed` in the receiver's transaction: an event older than (or as old as) the newest
 * heard of the appointment changes nothing; a newer one that calls for a message stores it, rendered, with its send job
 * (and its text, when the customer agreed to texts),
 * replans the appointment's reminders, and keeps its contact for the visit's messages (`hearAppointmentNews`), all in
 * this transaction; a visit whose customer was erased (no email) gets none. The message's key (appointment × kind × version) is
 * unique, so the same event delivered twice, under any message id, stores one message.
 */
export async function applyAppointmentChange(ctx: NotificationsContext, trx: Trx, event: AppointmentChanged): Promise<void> {
  const now = ctx.now();
  const recorded = { appointmentId: event.appointmentId, version: event.version, status: event.status, startsAt: new Date(event.startsAt) };
  if (!(await recordNewerVersion(trx, recorded, now))) return;
  // A customer erased on request (booking keeps the visit with no contact): nobody to write to, nothing to keep.
  if (event.email === '') return;
  const kind = messageKindFor(event.change);
  if (kind) {
    await queueEmail(ctx, trx, await appointmentEmail(event, kind, { portalOrigin: ctx.portalOrigin, now }));
    const text = appointmentText(event, kind, ctx.portalOrigin);
    if (text) await queueText(ctx, trx, text);
  }
  await planReminders(ctx, trx, event, now);
  await hearAppointmentNews(ctx, trx, event, now);
}
