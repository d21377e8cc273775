import type { ColumnType, Generated, Selectable, Transaction } from 'kysely';
import type { AppointmentStatus, MessageChannel, MessageKind, MessageState, PreferenceTopic } from '@repo/contracts';
import type { FinalTwilioStatus } from '../domain/texts.ts';
import type { RecurringJobsTable } from '@repo/service-kit';

/**
 * The newest version of each appointment heard from booking: an older event arriving later is ignored. Its status and
 * start are what a reminder's job checks when it falls due (null for appointments last heard before reminders).
 */
export type AppointmentsTable = {
  appointment_id: number;
  version: number;
  status: AppointmentStatus | null;
  starts_at: Date | null;
  updated_at: Date;
};

/**
 * Who to write to about an appointment and its track link token, from the newest `appointment.changed` heard: the
 * technician's on-the-way and arrived emails (tracking's events carry neither) are written from it.
 */
export type AppointmentContactsTable = {
  appointment_id: number;
  version: number;
  email: string;
  customer_name: string;
  confirmation_code: string;
  /** Booking's `track` link token (the tracking page only), as signed for the appointment's current slot. */
  track_token: string;
  /** The number to text (E.164) when the customer agreed to texts at booking; null otherwise. */
  sms_phone: string | null;
  updated_at: Date;
};

/** A number that replied STOP (or another opt-out word): no text goes to it until it replies START. */
export type SmsOptOutsTable = {
  phone: string;
  opted_out_at: Date;
};

/**
 * Every message, as a row: what it is, to whom, the event it answers, where it stands and what it says. One per key and
 * channel (an appointment's `appointment-7.rescheduled.v3`, a request's `password-reset.<id>`), so an event delivered
 * twice sends one message.
 */
export type MessagesTable = {
  id: Generated<number>;
  /** What the message answers, unique per channel (`messageKey` and the other keys in domain/messages.ts). */
  message_key: string;
  kind: MessageKind;
  channel: MessageChannel;
  recipient: string;
  /**
   * The appointment it is about, and the appointment's version it was written from; both null for an account's
   * messages, the version alone for an invoice's email (written from payments' invoice, not from a version).
   */
  appointment_id: number | null;
  appointment_version: number | null;
  /** When a scheduled message falls due (a reminder); null for one sent at once. */
  due_at: Date | null;
  /** A scheduled message's send job (pg-boss's id), which a move or a cancellation of the appointment cancels. */
  job_id: string | null;
  /** The email's Message-ID header, derived from the key (`emailMessageId`). */
  email_message_id: string;
  state: MessageState;
  attempts: Generated<number>;
  /** What the provider called the message when it accepted it (the SMTP relay's queue id or its answer; a text's Twilio SID). */
  provider_message_id: string | null;
  last_error: string | null;
  subject: string;
  text_body: string;
  html_body: string;
  /** The iCalendar file attached to the email, and the name it is attached under. */
  calendar: string | null;
  calendar_file_name: string | null;
  created_at: ColumnType<Date, Date, never>;
  updated_at: Date;
  sent_at: Date | null;
  /** A resend: the message it copies, and who asked for it (the staff session's subject); null for an original. */
  resent_from: ColumnType<number | null, number | null | undefined, never>;
  requested_by: ColumnType<string | null, string | null | undefined, never>;
  /** The one-click unsubscribe URL (RFC 8058) sent in the email's List-Unsubscribe header; null for a message always sent. */
  list_unsubscribe: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * When the retention sweep removed the content (NOTIFICATIONS_BODY_RETENTION_DAYS after the last activity): the
   * subject and bodies are then empty and the calendar file and unsubscribe link null; null while the content is kept.
   */
  body_removed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
};

/** One attempt to hand a message to the provider, written by the send job (the delivery log's attempts). */
export type MessageAttemptsTable = {
  id: Generated<number>;
  message_id: number;
  attempted_at: Date;
  outcome: 'sent' | 'failed';
  error: string | null;
  provider_message_id: string | null;
};

/** Each owner's key for the links in its optional emails (random, 43 characters); it opens the owner's choices alone. */
export type PreferenceKeysTable = {
  owner: string;
  key: string;
  created_at: Date;
};

/** A topic and channel an owner (an email address, lower case) turned off, and how; no row: on. */
export type MessagePreferencesTable = {
  owner: string;
  topic: PreferenceTopic;
  channel: MessageChannel;
  turned_off_at: Date;
  turned_off_by: 'portal' | 'link' | 'one-click';
};

/**
 * A text's final status that Twilio posted before the send job stored the text's SID (Twilio may call back before the
 * job has committed what its create-message call answered): kept, the most final per SID, until the job stores that SID
 * and applies it; dropped by the retention sweep a day after it came if no text ever gets the SID.
 */
export type EarlyTextStatusesTable = {
  sid: string;
  status: FinalTwilioStatus;
  error_code: string | null;
  received_at: Date;
};

/**
 * A chain of jobs that runs again and again (the daily retention sweep): each run schedules the next, and this row
 * names the one link that may, so a replica starting the chain at boot, or a run retried, never makes a second chain.
 */
export type NotificationsDatabase = {
  appointments: AppointmentsTable;
  appointment_contacts: AppointmentContactsTable;
  messages: MessagesTable;
  message_attempts: MessageAttemptsTable;
  sms_opt_outs: SmsOptOutsTable;
  preference_keys: PreferenceKeysTable;
  message_preferences: MessagePreferencesTable;
  recurring_jobs: RecurringJobsTable;
  early_text_statuses: EarlyTextStatusesTable;
};

export type MessageRow = Selectable<MessagesTable>;
export type MessageAttemptRow = Selectable<MessageAttemptsTable>;
export type Trx = Transaction<NotificationsDatabase>;
