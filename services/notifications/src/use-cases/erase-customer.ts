import { sql } from 'kysely';
import { customerDeletionCompletedTopic, type CustomerDeletionRequested } from '@repo/contracts';
import type { Trx } from '../db/schema.ts';
import { sendEmailJob } from '../jobs/send-email.ts';
import type { NotificationsContext } from './context.ts';

/** What an erased customer's messages name as their recipient in the delivery log. */
export const erasedRecipient = 'erased';

/**
 * `customer.deletion-requested`: notifications withdraws the customer's unsent messages (cancelling their send jobs),
 * erases the recipient and content of every message to their email or about the appointments booked with it (texts to
 * their phone for those included; the log keeps that a message of a kind went out when, and its attempts), and deletes
 * the contacts it kept per appointment and their message choices. Not matched by phone alone: a phone is shared (a
 * household, an office line), and erasing by it withdrew other people's reminders. A number that replied STOP stays on the opt-out list: texting it again would break the opt-out. It
 * answers accounts with `customer.deletion-completed`. Delivered twice, it finds nothing left and reports the same.
 */
export async function eraseCustomer(ctx: Pick<NotificationsContext, 'jobs' | 'effects' | 'now'>, trx: Trx, request: CustomerDeletionRequested): Promise<void> {
  const now = ctx.now();
  const contacts = await trx.selectFrom('appointment_contacts').select('appointment_id').where(sql<string>`lower(email)`, '=', request.email).execute();
  const appointmentIds = contacts.map((row) => row.appointment_id);
  const ofCustomer = sql<boolean>`(lower(recipient) = ${request.email} ${appointmentIds.length > 0 ? sql`or appointment_id in (${sql.join(appointmentIds)})` : sql``})`;
  const withdrawn = await trx.updateTable('messages').set({ state: 'withdrawn', updated_at: now }).where(ofCustomer).where('state', 'in', ['scheduled', 'queued']).returning('job_id').execute();
  for (const message of withdrawn) if (message.job_id) await ctx.jobs.cancel(trx, sendEmailJob, message.job_id);
  const erased = await trx
    .updateTable('messages')
    .set({ recipient: erasedRecipient, subject: '', text_body: '', html_body: '', calendar: null, calendar_file_name: null, list_unsubscribe: null, body_removed_at: now, updated_at: now })
    .where(ofCustomer)
    .executeTakeFirst();
  if (appointmentIds.length > 0) await trx.deleteFrom('appointment_contacts').where('appointment_id', 'in', appointmentIds).execute();
  await trx.deleteFrom('message_preferences').where('owner', '=', request.email).execute();
  await trx.deleteFrom('preference_keys').where('owner', '=', request.email).execute();
  await ctx.effects.enqueue(trx, customerDeletionCompletedTopic, {
    requestId: request.requestId,
    service: 'notifications',
    summary:
      `${Number(erased.numUpdatedRows)} message(s) erased from the delivery log (recipient and content; ${withdrawn.length} unsent withdrawn), ` +
      `contacts of ${appointmentIds.length} appointment(s) and message choices deleted. A number that replied STOP stays opted out.`,
    completedAt: now.toISOString(),
  });
}
