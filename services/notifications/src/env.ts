import { z } from 'zod';
import { business, businessContact, defaultServicePorts, localAppOrigin } from '@repo/contracts';
import { baseEnvSchema } from '@repo/service-kit';

const origin = (what: string) =>
  z.url({ protocol: /^https?$/, error: `must be an http(s):// origin (${what})` }).transform((value) => new URL(value).origin);

export const notificationsEnvSchema = baseEnvSchema(defaultServicePorts.notifications).extend({
  /**
   * The SMTP relay every email goes through (one pooled transport). Outside production the defaults reach `pnpm
   * start`'s mail catcher; production must name its relay.
   */
  SMTP_HOST: z.string().min(1).optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(1025),
  /** true: TLS from the first byte (port 465); false: plain, upgraded with STARTTLS when the relay offers it. */
  SMTP_SECURE: z.enum(['true', 'false']).default('false'),
  SMTP_USER: z.string().min(1).optional(),
  SMTP_PASSWORD: z.string().min(1).optional(),
  /** The From of every email: `Name <address>` or an address; its domain also names the Message-IDs. */
  SMTP_FROM: z.string().min(3).default(`${business.name} <${businessContact.email}>`),
  /** How long connecting, the greeting and each SMTP command may take before the attempt fails (and is retried). */
  SMTP_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(15_000),
  /** Connections the pooled transport keeps to the relay at most. */
  SMTP_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(50).default(3),
  /**
   * Retries of one email after its first attempt, with backoff (1 s doubling to 5 minutes: 30 retries are about two
   * hours); after them the message is `failed`, with its last error, for staff to see.
   */
  NOTIFICATIONS_SEND_RETRY_LIMIT: z.coerce.number().int().min(0).max(1000).default(30),
  /** The hour (business time, America/New_York, 0–23) of the day before a visit when its first reminder goes out. */
  NOTIFICATIONS_REMINDER_DAY_BEFORE_HOUR: z.coerce.number().int().min(0).max(23).default(18),
  /** How many hours before the arrival window starts the second reminder goes out. */
  NOTIFICATIONS_REMINDER_HOURS_BEFORE: z.coerce.number().int().min(1).max(12).default(2),
  /** The customer portal's origin: the emails link to the appointment page there. */
  PORTAL_ORIGIN: origin('the customer portal, where the appointment page is').default(localAppOrigin('portal')),
  /** The public site's origin: the job-completed email's "Pay your bill" opens its payment page. */
  WEB_ORIGIN: origin('the public site, where the payment page is').default(localAppOrigin('web')),
  /** The office's address for its alerts (a new booking, a cancellation, a payment); none set, no alerts. */
  NOTIFICATIONS_OFFICE_EMAIL: z.email('must be an email address (the office’s, for its alerts)').optional(),
})
  .superRefine((env, context) => {
    if ((env.SMTP_USER === undefined) !== (env.SMTP_PASSWORD === undefined)) {
      context.addIssue({ code: 'custom', path: [env.SMTP_USER === undefined ? 'SMTP_USER' : 'SMTP_PASSWORD'], message: 'is required with the other of SMTP_USER and SMTP_PASSWORD' });
    }
    // A production service sending to a mail catcher on its own host would queue every email and send none.
    if (env.NODE_ENV === 'production' && env.SMTP_HOST === undefined) {
      context.addIssue({ code: 'custom', path: ['SMTP_HOST'], message: 'is required in production: the SMTP relay every email goes through' });
    }
  })
  .transform((env) => ({ ...env, SMTP_HOST: env.SMTP_HOST ?? '127.0.0.1' }));
export type NotificationsEnv = z.infer<typeof notificationsEnvSchema>;
