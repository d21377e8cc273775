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
  /**
   * Twilio, for texts: the account SID and auth token (HTTP Basic on its API; the token also signs its webhooks), and a
   * sender: a number (TWILIO_FROM) or a Messaging Service (TWILIO_MESSAGING_SERVICE_SID). None set: no texts at all (no
   * SMS rows are created, and the service says so at start and in the back office).
   */
  TWILIO_ACCOUNT_SID: z.string().regex(/^AC[0-9a-fA-F]{32}$/, 'must be AC followed by 32 hexadecimal digits (the Twilio account SID)').optional(),
  TWILIO_AUTH_TOKEN: z.string().regex(/^[0-9a-zA-Z]{16,64}$/, 'must be the Twilio auth token (letters and digits)').optional(),
  TWILIO_FROM: z.string().regex(/^\+[1-9]\d{1,14}$/, 'must be a phone number in E.164 form (+19045550100)').optional(),
  TWILIO_MESSAGING_SERVICE_SID: z.string().regex(/^MG[0-9a-fA-F]{32}$/, 'must be MG followed by 32 hexadecimal digits (a Messaging Service SID)').optional(),
  /** Where Twilio's API is: https://api.twilio.com, or a local stand-in (`pnpm start`, tests). */
  TWILIO_API_URL: origin('Twilio’s API').default('https://api.twilio.com'),
  /**
   * The public origin Twilio reaches this service's webhooks at (through the gateway): the status callback URL sent with
   * each text is built on it, and each webhook's signature is checked against it. WEB_ORIGIN unless set.
   */
  TWILIO_WEBHOOK_ORIGIN: origin('where Twilio reaches the webhooks').optional(),
  /** Stated by the business once its long code is registered for A2P 10DLC; the back office warns until it is. */
  TWILIO_A2P_10DLC_REGISTERED: z.enum(['true', 'false']).default('false'),
  /** Quiet hours for texts (business time, 0–23): none but on-my-way goes out from the first hour until the second. */
  NOTIFICATIONS_SMS_QUIET_START_HOUR: z.coerce.number().int().min(0).max(23).default(21),
  NOTIFICATIONS_SMS_QUIET_END_HOUR: z.coerce.number().int().min(0).max(23).default(8),
})
  .superRefine((env, context) => {
    if ((env.SMTP_USER === undefined) !== (env.SMTP_PASSWORD === undefined)) {
      context.addIssue({ code: 'custom', path: [env.SMTP_USER === undefined ? 'SMTP_USER' : 'SMTP_PASSWORD'], message: 'is required with the other of SMTP_USER and SMTP_PASSWORD' });
    }
    const twilio = [env.TWILIO_ACCOUNT_SID, env.TWILIO_AUTH_TOKEN, env.TWILIO_FROM ?? env.TWILIO_MESSAGING_SERVICE_SID];
    if (twilio.some((value) => value !== undefined) && twilio.some((value) => value === undefined)) {
      const missing = env.TWILIO_ACCOUNT_SID === undefined ? 'TWILIO_ACCOUNT_SID' : env.TWILIO_AUTH_TOKEN === undefined ? 'TWILIO_AUTH_TOKEN' : 'TWILIO_FROM';
      context.addIssue({ code: 'custom', path: [missing], message: 'is required for texts with the other Twilio settings (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, and TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID)' });
    }
    // A production service sending to a mail catcher on its own host would queue every email and send none.
    if (env.NODE_ENV === 'production' && env.SMTP_HOST === undefined) {
      context.addIssue({ code: 'custom', path: ['SMTP_HOST'], message: 'is required in production: the SMTP relay every email goes through' });
    }
  })
  .transform((env) => ({ ...env, SMTP_HOST: env.SMTP_HOST ?? '127.0.0.1', TWILIO_WEBHOOK_ORIGIN: env.TWILIO_WEBHOOK_ORIGIN ?? env.WEB_ORIGIN }));
export type NotificationsEnv = z.infer<typeof notificationsEnvSchema>;
