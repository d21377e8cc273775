import type { NotificationsContext } from '../use-cases/context.ts';
import { sendEmailJob, sendEmailJobDefinition } from './send-email.ts';

/** Notifications' own jobs; they read the service's context when they run (it is built after them). */
export const notificationsJobs = (context: () => NotificationsContext, sendRetryLimit: number) => ({
  [sendEmailJob]: sendEmailJobDefinition(context, sendRetryLimit),
});

export type NotificationsJobs = ReturnType<typeof notificationsJobs>;
