import { notificationMessages, type MessageAttempt, type MessageDetail, type MessageKind, type MessageSummary } from '@repo/contracts';
import type { MessageAttemptRow, MessageRow } from '../db/schema.ts';

/**
 * What staff never read: a message that proves or signs in carries a secret (a link's token, a texted code) that would
 * let its reader act as the customer; an invoice's email carries its link's key, which opens and pays that invoice
 * without an account (payments keeps only its hash). In every summary and detail it is withheld; the stored message,
 * which the send job and a resend use, keeps it.
 */
const linkToken = (text: string) => text.replace(/token=[A-Za-z0-9_%-]+/g, 'token=withheld');
const invoiceKey = (text: string) => text.replace(/([#?&]access=)[A-Za-z0-9_%-]+/g, '$1withheld');
const withheld: Partial<Record<MessageKind, (text: string) => string>> = {
  'password-reset': linkToken,
  'sign-in-link': linkToken,
  'email-proof': linkToken,
  'email-change-proof': linkToken,
  'phone-code': (text) => text.replace(/\b\d{6}\b/g, '••••••'),
  invoice: invoiceKey,
};
/** The key in an optional email's preferences links (`key=…`) opens the customer's choices: withheld from every kind. */
const preferencesKey = (text: string) => text.replace(/([#?&;]key=)[A-Za-z0-9_-]{43}/g, '$1withheld');
const shown = (row: MessageRow, text: string) => preferencesKey(withheld[row.kind]?.(text) ?? text);

/** Rows become contract types here and nowhere else. */
export function toMessageSummary(row: MessageRow): MessageSummary {
  return {
    id: row.id,
    kind: row.kind,
    channel: row.channel,
    recipient: row.recipient,
    state: row.state,
    attempts: row.attempts,
    // The subject went with the rest of the content: the log names the message by what it was instead.
    subject: row.body_removed_at ? notificationMessages.bodyRemovedSubject : shown(row, row.subject),
    createdAt: row.created_at.toISOString(),
    sentAt: row.sent_at?.toISOString() ?? null,
    dueAt: row.due_at?.toISOString() ?? null,
    lastError: row.last_error,
    appointmentId: row.appointment_id,
    resentFrom: row.resent_from,
  };
}

export function toMessageAttempt(row: MessageAttemptRow): MessageAttempt {
  return { at: row.attempted_at.toISOString(), outcome: row.outcome, error: row.error, providerMessageId: row.provider_message_id };
}

/** One message whole; its bodies null once the retention sweep removed them (`bodyRetentionDays` after its last activity). */
export function toMessageDetail(row: MessageRow, attempts: readonly MessageAttemptRow[], bodyRetentionDays: number): MessageDetail {
  const removed = row.body_removed_at !== null;
  return {
    ...toMessageSummary(row),
    textBody: removed ? null : shown(row, row.text_body),
    htmlBody: removed ? null : shown(row, row.html_body),
    attemptLog: attempts.map(toMessageAttempt),
    requestedBy: row.requested_by,
    bodyRemovedAt: row.body_removed_at?.toISOString() ?? null,
    bodyRetentionDays,
  };
}
