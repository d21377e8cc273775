import type { AppointmentChanged } from '@repo/contracts';
import type { Trx } from '../db/schema.ts';
import { appointmentEmail } from '../domain/appointment-email.ts';
import { dayWord, reminderDueTimes, reminderKinds, shouldSchedule, wantsReminders } from '../domain/reminders.ts';
import { afterQuietHours } from '../domain/texts.ts';
import { sendEmailJob } from '../jobs/send-email.ts';
import { withdrawUnsent } from '../repositories/message-repository.ts';
import type { NotificationsContext } from './context.ts';
import { appointmentText } from './appointment-text.ts';
import { optionalEmailLinks } from './message-preferences.ts';
import { queueText } from './queue-text.ts';
import { scheduleEmail } from './schedule-email.ts';

/**
 * Replans an appointment's reminders for a newer version of it, in the transaction that records that version: the
 * reminders of an earlier version not yet sent (scheduled, or retrying while the relay is down) are withdrawn and their
 * jobs cancelled; then, while the visit is
 * still awaited (booked or rescheduled, not cancelled, started or completed), a reminder of each kind is scheduled for
 * this version (key `appointment-<id>.<kind>.v<version>`, rendered from this event) when `shouldSchedule` says so: its
 * moment is still ahead, or it replaces a withdrawn one owed for the same moment. A change that does not move the visit
 * (a technician assigned) so replaces the reminders with the same moments and the newest details. A customer who agreed
 * to texts gets each reminder as a text too, planned the same way. Each reminder email links to the customer's
 * preferences and carries a one-click List-Unsubscribe; one turned off by the time it falls due is withdrawn then.
 */
export async function planReminders(ctx: NotificationsContext, trx: Trx, event: AppointmentChanged, now: Date): Promise<void> {
  const withdrawn = await withdrawUnsent(trx, event.appointmentId, reminderKinds, now);
  for (const reminder of withdrawn) {
    if (reminder.job_id) await ctx.jobs.cancel(trx, sendEmailJob, reminder.job_id);
  }
  if (!wantsReminders(event.status, event.change)) return;

  const startsAt = new Date(event.startsAt);
  const dueTimes = reminderDueTimes(startsAt, ctx.reminders);
  const optional = await optionalEmailLinks(ctx, trx, event.email, 'reminders');
  for (const kind of reminderKinds) {
    const dueAt = dueTimes[kind];
    const owed = (channel: 'email' | 'sms') => withdrawn.find((reminder) => reminder.kind === kind && reminder.channel === channel)?.due_at ?? undefined;
    if (shouldSchedule(dueAt, now, owed('email'))) {
      const email = await appointmentEmail(event, kind, { portalOrigin: ctx.portalOrigin, now, day: dayWord(dueAt, startsAt), optional });
      await scheduleEmail(ctx, trx, email, dueAt);
    }
    // Its text, when the customer agreed to texts: due at the same moment, held to the end of quiet hours if they cover it
    // (its "today" or "tomorrow" is the word of the moment it goes out).
    const text = ctx.sms && shouldSchedule(dueAt, now, owed('sms')) ? appointmentText(event, kind, ctx.portalOrigin, dayWord(afterQuietHours(dueAt, ctx.sms.quietHours), startsAt)) : undefined;
    if (text) await queueText(ctx, trx, text, dueAt);
  }
}
