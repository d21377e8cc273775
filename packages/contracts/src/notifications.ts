import { z } from 'zod';
import { addDays, businessDate } from './business-time.ts';
import { businessDateSchema } from './appointments.ts';
import { rowIdSchema, strictQueryNumber } from './safe-input.ts';

/**
 * The messages notifications sends: what each is, on which channel, and where it stands. Every message is
 * a row in notifications' own database with one of these states, so a person can see what was sent and what was not.
 */
export const messageKinds = [
  // About an appointment (booking's `appointment.changed`, and the reminders it schedules).
  'booking-confirmation',
  'rescheduled',
  'cancelled',
  'reminder-day-before',
  'reminder-hours-before',
  'job-completed',
  // The part a visit waited for has arrived: the office will call to book the return visit.
  'part-arrived',
  // From tracking: the technician's visit.
  'on-my-way',
  'arrived',
  'running-late',
  // From payments.
  'payment-receipt',
  'invoice',
  // From accounts: proofs and access.
  'password-reset',
  'email-proof',
  'registration-attempt',
  'sign-in-alert',
  'sign-in-link',
  'phone-code',
  'email-change-proof',
  'email-change-attempt',
  'email-changed',
  // From booking, on a visitor's request.
  'find-appointment',
  // To the office.
  'office-alert',
] as const;
export type MessageKind = (typeof messageKinds)[number];

export const messageChannels = ['email', 'sms'] as const;
export type MessageChannel = (typeof messageChannels)[number];

/**
 * scheduled: waiting for its time (a reminder, or a text held until quiet hours end); queued: owed now, its send job
 * retrying with backoff while the provider fails; sent: the provider accepted it; delivered and undelivered (texts
 * only): the carrier's word, from Twilio's status callback; failed: the provider refused it for good, every retry
 * failed, or (a text) Twilio reported it failed; withdrawn: a message that is no longer owed (the appointment moved,
 * was cancelled or has started, or the number opted out of texts), never sent.
 */
export const messageStates = ['scheduled', 'queued', 'sent', 'delivered', 'undelivered', 'failed', 'withdrawn'] as const;
export type MessageState = (typeof messageStates)[number];

/* ---------------------------------------------------------------------------------------------------------------
 * The delivery log (back office): staff read every message with its attempts, and send one again.
 * ------------------------------------------------------------------------------------------------------------- */

export const notificationsApiPath = '/api/notifications';
export const notificationMessagesPath = `${notificationsApiPath}/messages`;
export const notificationMessagePath = (id: number) => `${notificationMessagesPath}/${id}`;
export const resendMessagePath = (id: number) => `${notificationMessagePath(id)}/resend`;
export const notificationsSummaryPath = `${notificationsApiPath}/summary`;
/** Twilio's webhooks (public, through the gateway; every request signed with X-Twilio-Signature). */
export const twilioStatusCallbackPath = `${notificationsApiPath}/twilio/status`;
export const twilioInboundPath = `${notificationsApiPath}/twilio/inbound`;

/** The failed messages the system status counts: those of the last this many business days, today included. */
export const failedMessagesWindowDays = 7;

/** The first business date of the failure window that ends on `today` (the log's `from` filter for it). */
export const failedMessagesFrom = (today: string = businessDate()) => addDays(today, 1 - failedMessagesWindowDays);

export const notificationMessages = {
  notFound: 'No message has this id.',
  /** A resend of a message that has not gone out and is not meant to yet (scheduled), or no longer (withdrawn). */
  notSentYet: 'This message is scheduled and has not been sent yet: it goes out at its time, so there is nothing to send again.',
  stillSending: 'This message is still being sent: it goes out as soon as the mail provider takes it, so sending it again now would send it twice.',
  withdrawn: 'This message was withdrawn (the visit moved, was cancelled or has started) and is no longer owed, so it cannot be sent again.',
  optedOut: 'This number replied STOP, so no text can go to it until the customer replies START.',
  copyExists: 'A copy of this message under the same name exists already. Reload the message and try again.',
  recipient: 'Enter the customer’s email address (at most 254 characters)',
  resent: 'The message was sent again: a new copy is on its way to {recipient}.',
  badSignature: 'The request is not signed by Twilio (X-Twilio-Signature does not match).',
  smsOff: 'Texts are not configured (TWILIO_ACCOUNT_SID and the rest are not set).',
  unknownText: 'No text has this MessageSid.',
  /**
   * A message's content (subject, bodies, attachment) is kept for NOTIFICATIONS_BODY_RETENTION_DAYS after its last
   * activity, then removed; its record (kind, channel, recipient, state, attempts, times) stays. `{days}` is that setting.
   */
  bodyRemoved: 'The message’s content was removed after {days} days; its record stays.',
  /** A resend of a message whose content was removed: there is nothing to copy. */
  bodyRemovedResend: 'This message’s content was removed after {days} days (only its record stays), so it cannot be sent again.',
  /** The subject the log lists for a message whose content was removed (the subject went with it). */
  bodyRemovedSubject: 'Content removed',
} as const;

const messageKindSchema = z.enum(messageKinds, { error: 'Choose one of the message kinds' });
const messageChannelSchema = z.enum(messageChannels, { error: 'Choose email or SMS' });
const messageStateSchema = z.enum(messageStates, { error: 'Choose one of the message states' });

export const messageListQuerySchema = z
  .object({
    kind: messageKindSchema.optional(),
    channel: messageChannelSchema.optional(),
    state: messageStateSchema.optional(),
    /** Created on or after this business date (America/New_York). */
    from: businessDateSchema.optional(),
    /** Created on or before this business date (America/New_York). */
    to: businessDateSchema.optional(),
    /** The customer's address, matched whole and whatever the letter case. */
    recipient: z.string({ error: notificationMessages.recipient }).trim().min(1, notificationMessages.recipient).max(254, notificationMessages.recipient).optional(),
    appointmentId: rowIdSchema('Appointment id').optional(),
    page: strictQueryNumber(z.number({ error: 'Page must be a number' }).int('Page must be a whole number').min(1, 'Page must be at least 1').max(10_000, 'Page must be at most 10000')).default(1),
    pageSize: strictQueryNumber(z.number({ error: 'Page size must be a number' }).int('Page size must be a whole number').min(1, 'Page size must be at least 1').max(100, 'Page size must be at most 100')).default(25),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { path: ['to'], message: 'The end date must not be before the start date' });
export type MessageListQuery = z.input<typeof messageListQuerySchema>;
export type MessageListFilters = z.output<typeof messageListQuerySchema>;

export const messagePathParamsSchema = z.object({ id: rowIdSchema('Message id') });

/** One message as the log lists it. */
export const messageSummarySchema = z.object({
  id: z.number().int(),
  kind: z.enum(messageKinds),
  channel: z.enum(messageChannels),
  recipient: z.string(),
  state: z.enum(messageStates),
  /** Send attempts made so far. */
  attempts: z.number().int(),
  subject: z.string(),
  createdAt: z.iso.datetime(),
  /** When the provider accepted it; null until then. */
  sentAt: z.iso.datetime().nullable(),
  /** When a scheduled message (a reminder) falls due; null for one sent at once. */
  dueAt: z.iso.datetime().nullable(),
  /** What the provider said on the last failed attempt; null after a success. */
  lastError: z.string().nullable(),
  appointmentId: z.number().int().nullable(),
  /** The message this one was sent again from (a resend); null for an original. */
  resentFrom: z.number().int().nullable(),
});
export type MessageSummary = z.infer<typeof messageSummarySchema>;

export const messageListResponseSchema = z.object({
  items: z.array(messageSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type MessageListResponse = z.infer<typeof messageListResponseSchema>;

export const messageAttemptOutcomes = ['sent', 'failed'] as const;

/** One try to hand the message to the provider. */
export const messageAttemptSchema = z.object({
  at: z.iso.datetime(),
  outcome: z.enum(messageAttemptOutcomes),
  /** The provider's refusal or the connection's error, for a failed attempt. */
  error: z.string().nullable(),
  /** What the provider called the message when it accepted it. */
  providerMessageId: z.string().nullable(),
});
export type MessageAttempt = z.infer<typeof messageAttemptSchema>;

/**
 * One message whole: what the customer received (or will), and every attempt to send it, oldest first. Once its
 * content is removed (`bodyRemovedAt`, after `bodyRetentionDays` without activity) the bodies are null and the rest of
 * the record stays.
 */
export const messageDetailSchema = messageSummarySchema.extend({
  textBody: z.string().nullable(),
  htmlBody: z.string().nullable(),
  attemptLog: z.array(messageAttemptSchema),
  /** For a resend: who asked for it (the staff member's sign-in). */
  requestedBy: z.string().nullable(),
  /** When the content (subject, bodies, attachment) was removed; null while it is kept. */
  bodyRemovedAt: z.iso.datetime().nullable(),
  /** How many days after its last activity a message's content is kept (NOTIFICATIONS_BODY_RETENTION_DAYS). */
  bodyRetentionDays: z.number().int().min(1),
});
export type MessageDetail = z.infer<typeof messageDetailSchema>;

/** A resend takes nothing: it copies the original to its recipient (an empty object, so a body is always checked). */
export const resendMessageRequestSchema = z.strictObject({}, { error: 'Send an empty JSON object' });

/** What the system status needs: how many messages failed in the recent window, and the window as the log filters it. */
export const notificationsSummarySchema = z.object({
  failed: z.number().int().min(0),
  /** Texts the carrier reported it could not deliver (Twilio's `undelivered`), in the same window. */
  undelivered: z.number().int().min(0),
  /** The window's first business date, today's last: the log's `from` and `to` for the same messages. */
  from: z.string(),
  to: z.string(),
  /**
   * Whether texts can go out: Twilio configured (account, token and a sender), and whether the sender is stated
   * registered for A2P 10DLC (US carriers silently drop texts from unregistered long codes).
   */
  sms: z.object({ configured: z.boolean(), a2pRegistered: z.boolean() }),
});
export type NotificationsSummary = z.infer<typeof notificationsSummarySchema>;

/* ---------------------------------------------------------------------------------------------------------------
 * What a customer chooses to receive: the optional messages by topic and channel, from the portal (signed
 * in, with a proven email) or from the link in such an email (signed out), and one-click unsubscribe (RFC 8058).
 * ------------------------------------------------------------------------------------------------------------- */

/**
 * The messages a customer may turn off, by topic. Everything else is always sent: the booking confirmation and the
 * notices of a move or a cancellation (the visit itself changed), receipts, and what proves or recovers an account.
 */
export const preferenceTopics = ['reminders', 'visit-updates', 'after-visit'] as const;
export type PreferenceTopic = (typeof preferenceTopics)[number];

export const preferenceTopicKinds: Record<PreferenceTopic, readonly MessageKind[]> = {
  reminders: ['reminder-day-before', 'reminder-hours-before'],
  'visit-updates': ['on-my-way', 'arrived', 'running-late'],
  'after-visit': ['job-completed'],
};

/** Each topic as the customer reads it, and whether it also goes out by text (to a customer who agreed to texts). */
export const preferenceTopicLabels: Record<PreferenceTopic, { label: string; description: string; texts: boolean }> = {
  reminders: { label: 'Appointment reminders', description: 'The evening before and a couple of hours before each visit.', texts: true },
  'visit-updates': { label: 'Technician updates', description: 'When your technician is on the way, running late or has arrived.', texts: true },
  'after-visit': { label: 'After your visit', description: 'A thank-you with the balance to pay, if any, and a link to review us.', texts: false },
};

/** The topic a message kind belongs to, or undefined for a message that is always sent. */
export const preferenceTopicOf = (kind: MessageKind): PreferenceTopic | undefined =>
  preferenceTopics.find((topic) => preferenceTopicKinds[topic].includes(kind));

/** Always sent, whatever the preferences: said under the choices so nobody expects otherwise. */
export const alwaysSentMessages = 'Booking confirmations, changes to a visit, invoices, payment receipts and account emails (password resets, sign-in links, codes) are always sent.';

export const messagePreferencesPath = `${notificationsApiPath}/preferences`;
/** The same choices, read and changed with the key from a preferences link (no session): the key travels in the body. */
export const messagePreferencesByKeyPath = `${messagePreferencesPath}/by-key`;
/** RFC 8058 one-click unsubscribe: the List-Unsubscribe URL of an email (`?key=…&topic=…`), POSTed by the mail client. */
export const oneClickUnsubscribePath = `${notificationsApiPath}/unsubscribe`;
/** The portal's page for a preferences link: `/message-preferences?topic=reminders#key=…` (the key in the fragment). */
export const messagePreferencesPagePath = '/message-preferences';

export const preferenceMessages = {
  /** A session whose email is not proven could belong to anyone who typed that address. */
  unproven: 'Prove your email first (open the link we emailed you): until then we cannot tell that these messages are yours to change.',
  badKey: 'This preferences link is not valid. Open the newest email from us and use its link again, or sign in to the portal.',
  noEmail: 'This session has no email address to set preferences for. Sign in again.',
  saved: 'Your choices are saved.',
} as const;

const preferenceKeySchema = z
  .string({ error: preferenceMessages.badKey })
  .regex(/^[A-Za-z0-9_-]{43}$/, preferenceMessages.badKey);

const channelChoiceSchema = z.object({ email: z.boolean({ error: 'Say true or false for email' }), sms: z.boolean({ error: 'Say true or false for texts' }) });

/** Every topic's choice, on or off per channel. */
export const topicChoicesSchema = z.strictObject(
  Object.fromEntries(preferenceTopics.map((topic) => [topic, channelChoiceSchema])) as Record<PreferenceTopic, typeof channelChoiceSchema>,
  { error: 'Send a choice for every topic' },
);
export type TopicChoices = z.infer<typeof topicChoicesSchema>;

/** The choices as the portal shows them. */
export const messagePreferencesSchema = z.object({
  /** The address the choices are kept for (the account's or the booking's email), partly hidden for a link. */
  email: z.string(),
  choices: topicChoicesSchema,
});
export type MessagePreferences = z.infer<typeof messagePreferencesSchema>;

export const updateMessagePreferencesSchema = z.strictObject({ choices: topicChoicesSchema }, { error: 'Send the choices as a JSON object' });
export const preferencesByKeyRequestSchema = z.strictObject({ key: preferenceKeySchema }, { error: 'Send the key as a JSON object' });
export const updatePreferencesByKeySchema = z.strictObject({ key: preferenceKeySchema, choices: topicChoicesSchema }, { error: 'Send the key and the choices as a JSON object' });
export const oneClickUnsubscribeQuerySchema = z.object({
  key: preferenceKeySchema,
  topic: z.enum(preferenceTopics, { error: 'topic must be one of reminders, visit-updates, after-visit' }),
});
