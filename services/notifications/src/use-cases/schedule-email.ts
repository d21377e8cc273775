import type { Trx } from '../db/schema.ts';
import { markScheduled } from '../repositories/message-repository.ts';
import type { NotificationsContext } from './context.ts';
import { queueEmail, type EmailToQueue } from './queue-email.ts';

/**
 * Stores an email that falls due at `dueAt` (a reminder) as `scheduled`, with its send job scheduled for that moment,
 * both in the caller's transaction. It is stored as `queueEmail` stores every email (one row per key, the same
 * Message-ID), with its job sent for later instead of now, then marked scheduled with its due time and job id before
 * the transaction commits (nothing sees it queued). Its id, or undefined when its key already had a message.
 */
export async function scheduleEmail(ctx: Pick<NotificationsContext, 'now' | 'from' | 'jobs'>, trx: Trx, email: EmailToQueue, dueAt: Date): Promise<number | undefined> {
  let jobId: string | undefined;
  const id = await queueEmail(
    {
      ...ctx,
      jobs: {
        ...ctx.jobs,
        send: async (sendTrx, name, payload) => {
          // As a delay from now: the queue runs on the database's clock, and the service's clock may be a test's.
          jobId = await ctx.jobs.sendAfter(sendTrx, name, payload, (dueAt.getTime() - ctx.now().getTime()) / 1000);
          return jobId;
        },
      },
    },
    trx,
    email,
  );
  if (id !== undefined && jobId !== undefined) await markScheduled(trx, id, dueAt, jobId);
  return id;
}
