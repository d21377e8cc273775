/**
 * The messages notifications sends (issue #24): what each is, on which channel, and where it stands. Every message is
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
  // From tracking: the technician's visit.
  'on-my-way',
  'arrived',
  'running-late',
  // From payments.
  'payment-receipt',
  // From accounts: proofs and access.
  'password-reset',
  'email-proof',
  'registration-attempt',
  'sign-in-link',
  'phone-code',
  // From booking, on a visitor's request.
  'find-appointment',
  // To the office.
  'office-alert',
] as const;
export type MessageKind = (typeof messageKinds)[number];

export const messageChannels = ['email', 'sms'] as const;
export type MessageChannel = (typeof messageChannels)[number];

/**
 * scheduled: waiting for its time (a reminder); queued: owed now, its send job retrying with backoff while the provider
 * fails; sent: the provider accepted it; failed: the provider refused it for good, or every retry failed; withdrawn: a
 * scheduled message that is no longer owed (the appointment moved, was cancelled or has started), never sent.
 */
export const messageStates = ['scheduled', 'queued', 'sent', 'failed', 'withdrawn'] as const;
export type MessageState = (typeof messageStates)[number];
