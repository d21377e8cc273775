import { retentionSweepJob, retentionSweepJobDefinition, type RetentionContext } from './retention-sweep.ts';
import { sendEmailJob, sendEmailJobDefinition, type SendContext } from './send-email.ts';

/** Notifications' own jobs; they read the service's context when they run (it is built after them). */
export const notificationsJobs = (context: () => SendContext & RetentionContext, sendRetryLimit: number) => ({
  [sendEmailJob]: sendEmailJobDefinition(context, sendRetryLimit),
  [retentionSweepJob]: retentionSweepJobDefinition(context),
});

export type NotificationsJobs = ReturnType<typeof notificationsJobs>;
