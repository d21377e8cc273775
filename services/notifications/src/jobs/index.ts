import { sendEmailJob, sendEmailJobDefinition, type SendContext } from './send-email.ts';

/** Notifications' own jobs; they read the service's context when they run (it is built after them). */
export const notificationsJobs = (context: () => SendContext, sendRetryLimit: number) => ({
  [sendEmailJob]: sendEmailJobDefinition(context, sendRetryLimit),
});

export type NotificationsJobs = ReturnType<typeof notificationsJobs>;
