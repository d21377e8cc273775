import type { Kysely } from 'kysely';
import type { Effects, ScheduledJobs } from '@repo/service-kit';
import type { NotificationsDatabase } from '../db/schema.ts';
import type { BounceAddresses } from '../domain/bounces.ts';
import type { Mailer } from '../domain/mailer.ts';
import type { notificationsOutgoing } from '../domain/outgoing.ts';
import type { ReminderSettings } from '../domain/reminders.ts';
import type { Texter } from '../domain/texter.ts';
import type { QuietHours } from '../domain/texts.ts';
import type { NotificationsJobs } from '../jobs/index.ts';

/** Texts, when Twilio is configured (TWILIO_*): how they are sent, and what Twilio's webhooks are checked with. */
export type SmsContext = {
  texter: Texter;
  /** Signs Twilio's webhooks (TWILIO_AUTH_TOKEN). */
  authToken: string;
  /** The public origin Twilio calls the webhooks at (TWILIO_WEBHOOK_ORIGIN): their signatures cover the URL on it. */
  webhookOrigin: string;
  quietHours: QuietHours;
  /** Stated registered for A2P 10DLC (TWILIO_A2P_10DLC_REGISTERED). */
  a2pRegistered: boolean;
};

/** What notifications' use cases work with; built once per service instance. */
export type NotificationsContext = {
  db: Kysely<NotificationsDatabase>;
  now: () => Date;
  /**
   * The service's own queue: a message's send job is scheduled in the transaction that stores the message (for its due
   * time, for a reminder), and a withdrawn reminder's job is cancelled in the transaction that withdraws it.
   */
  jobs: Pick<ScheduledJobs<NotificationsJobs>, 'send' | 'sendAfter' | 'cancel'>;
  /** The outbox: a customer's answer to a reminder is told to booking in the transaction that matches it. */
  effects: Pick<Effects<typeof notificationsOutgoing, Record<never, never>, NotificationsDatabase>, 'enqueue'>;
  /** The one pooled SMTP transport. */
  mailer: Mailer;
  /** Each email's signed bounce address, when bounces are heard (NOTIFICATIONS_BOUNCE_*); undefined otherwise. */
  bounces?: BounceAddresses;
  /** The From of every email (SMTP_FROM); its domain names the Message-IDs. */
  from: string;
  /** The customer portal, where the appointment page is (PORTAL_ORIGIN). */
  portalOrigin: string;
  /** The public site, where the payment page is (WEB_ORIGIN). */
  webOrigin: string;
  /** Where the office's alerts go (NOTIFICATIONS_OFFICE_EMAIL); none, no alerts. */
  officeEmail: string | undefined;
  /** When reminders go out (NOTIFICATIONS_REMINDER_DAY_BEFORE_HOUR, NOTIFICATIONS_REMINDER_HOURS_BEFORE). */
  reminders: ReminderSettings;
  /** Texts; undefined when Twilio is not configured (then no text is ever stored). */
  sms: SmsContext | undefined;
  /** Retries of one email after its first attempt (NOTIFICATIONS_SEND_RETRY_LIMIT). */
  sendRetryLimit: number;
  /** Days a message's content is kept after its last activity (NOTIFICATIONS_BODY_RETENTION_DAYS); then only its record. */
  bodyRetentionDays: number;
};
