import type { AppointmentChanged } from '@repo/contracts';
import type { Trx } from '../db/schema.ts';
import { appointmentEmail } from '../domain/appointment-email.ts';
import { dayWord, reminderDueTimes, reminderKinds, shouldSchedule, wantsReminders } from '../domain/reminders.ts';
import { sendEmailJob } from '../jobs/send-email.ts';
import { withdrawUnsent } from '../repositories/message-repository.ts';
import type { NotificationsContext } from './context.ts';
import { scheduleEmail } from './schedule-email.ts';

/**
 * Replans an appointment's reminders for a newer version of it, in the transaction that records that version: the
 * reminders of an earlier version not yet sent (scheduled, or retrying while the relay is down) are withdrawn and their
 * jobs cancelled; then, while the visit is
 * still awaited (booked or rescheduled, not cancelled, started or completed), a reminder of each kind is scheduled for
 * this version (key `appointment-<id>.<kind>.v<version>`, rendered from this event) when `shouldSchedule` says so: its
 * moment is still ahead, or it replaces a withdrawn one owed for the same moment. A change that does not move the visit
 * (a technician assigned) so replaces the reminders with the same moments and the newest details.
 */
export async function planReminders(ctx: NotificationsContext, trx: Trx, event: AppointmentChanged, now: Date): Promise<void> {
  const withdrawn = await withdrawUnsent(trx, event.appointmentId, reminderKinds, now);
  for (const reminder of withdrawn) {
    if (reminder.job_id) await ctx.jobs.cancel(trx, sendEmailJob, reminder.job_id);
  }
  if (!wantsReminders(event.status, event.change)) return;

  const startsAt = new Date(event.startsAt);
  const dueTimes = reminderDueTimes(startsAt, ctx.reminders);
  for (const kind of reminderKinds) {
    const dueAt = dueTimes[kind];
    const owedAt = withdrawn.find((reminder) => reminder.kind === kind)?.due_at ?? undefined;
    if (!shouldSchedule(dueAt, now, owedAt)) continue;
    const email = await appointmentEmail(event, kind, { portalOrigin: ctx.portalOrigin, now, day: dayWord(dueAt, startsAt) });
    await scheduleEmail(ctx, trx, email, dueAt);
  }
}
