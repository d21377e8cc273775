import type { AppointmentChange, MessageKind } from '@repo/contracts';

/** The emails an appointment change calls for at once. */
export type AppointmentEmailKind = Extract<MessageKind, 'booking-confirmation' | 'rescheduled' | 'cancelled'>;

/** The message an appointment change calls for at once, if any (its reminders are planned apart: use-cases/plan-reminders.ts). */
const kindOfChange: Partial<Record<AppointmentChange, AppointmentEmailKind>> = {
  booked: 'booking-confirmation',
  rescheduled: 'rescheduled',
  cancelled: 'cancelled',
};

export const messageKindFor = (change: AppointmentChange): AppointmentEmailKind | undefined => kindOfChange[change];

/** One message per appointment, kind and version of the appointment: the key a redelivered event meets again. */
export const messageKey = ({ appointmentId, kind, version }: { appointmentId: number; kind: MessageKind; version: number }) =>
  `appointment-${appointmentId}.${kind}.v${version}`;

/** The domain of the From address (`Name <a@b>` or `a@b`), which names the Message-IDs as RFC 5322 advises. */
export function senderDomain(from: string): string {
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from;
  const domain = address.slice(address.lastIndexOf('@') + 1).trim();
  return domain && address.includes('@') ? domain.toLowerCase() : 'notifications.invalid';
}

/**
 * The email's Message-ID, derived from its key: the same message always has the same id, so a resend after a lost
 * answer is recognisable as one message by the relay and the mailbox.
 */
export const emailMessageId = (key: string, from: string) => `<${key}@${senderDomain(from)}>`;
