/**
 * The messages notifications sends (issue #24): what each is, on which channel, and where it stands. Every message is
 * a row in notifications' own database with one of these states, so a person can see what was sent and what was not.
 */
export const messageKinds = ['booking-confirmation', 'rescheduled', 'cancelled'] as const;
export type MessageKind = (typeof messageKinds)[number];

export const messageChannels = ['email'] as const;
export type MessageChannel = (typeof messageChannels)[number];

/**
 * scheduled: waiting for its time (reminders, next); queued: owed now, its send job retrying with backoff while the
 * provider fails; sent: the provider accepted it; failed: the provider refused it for good, or every retry failed.
 */
export const messageStates = ['scheduled', 'queued', 'sent', 'failed'] as const;
export type MessageState = (typeof messageStates)[number];
