import type { MessageAttempt, MessageDetail, MessageSummary } from '@repo/contracts';
import type { MessageAttemptRow, MessageRow } from '../db/schema.ts';

/** Rows become contract types here and nowhere else. */
export function toMessageSummary(row: MessageRow): MessageSummary {
  return {
    id: row.id,
    kind: row.kind,
    channel: row.channel,
    recipient: row.recipient,
    state: row.state,
    attempts: row.attempts,
    subject: row.subject,
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

export function toMessageDetail(row: MessageRow, attempts: readonly MessageAttemptRow[]): MessageDetail {
  return {
    ...toMessageSummary(row),
    textBody: row.text_body,
    htmlBody: row.html_body,
    attemptLog: attempts.map(toMessageAttempt),
    requestedBy: row.requested_by,
  };
}
