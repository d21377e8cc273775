import type { Insertable, Kysely } from 'kysely';
import type { MessageChannel, MessageKind, MessageState } from '@repo/contracts';
import type { MessageRow, MessagesTable, NotificationsDatabase } from '../db/schema.ts';

/** Inserts the message unless one with its key and channel exists (its event was heard before); its id, or undefined. */
export async function insertMessageIfAbsent(db: Kysely<NotificationsDatabase>, message: Insertable<MessagesTable>): Promise<number | undefined> {
  const inserted = await db
    .insertInto('messages')
    .values(message)
    .onConflict((conflict) => conflict.constraint('messages_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

export const findMessage = (db: Kysely<NotificationsDatabase>, id: number): Promise<MessageRow | undefined> =>
  db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst();

/** Counts an attempt about to be made; the attempt count after it. */
export async function countAttempt(db: Kysely<NotificationsDatabase>, id: number, at: Date): Promise<number> {
  const row = await db
    .updateTable('messages')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), updated_at: at }))
    .where('id', '=', id)
    .returning('attempts')
    .executeTakeFirstOrThrow();
  return row.attempts;
}

export async function markSent(db: Kysely<NotificationsDatabase>, id: number, providerMessageId: string, at: Date): Promise<void> {
  await db.updateTable('messages').set({ state: 'sent', provider_message_id: providerMessageId, last_error: null, sent_at: at, updated_at: at }).where('id', '=', id).execute();
}

/**
 * Records a failed attempt: still `queued` while retries remain, `failed` once none do. A message withdrawn while the
 * attempt ran stays withdrawn (its error is kept).
 */
export async function recordFailure(db: Kysely<NotificationsDatabase>, id: number, error: string, state: Extract<MessageState, 'queued' | 'failed'>, at: Date): Promise<void> {
  await db
    .updateTable('messages')
    .set((eb) => ({ state: eb.case().when('state', '=', 'withdrawn').then(eb.ref('state')).else(eb.val(state)).end(), last_error: error, updated_at: at }))
    .where('id', '=', id)
    .execute();
}

/**
 * A sent email that bounced later (a delivery-status notification): failed, with the bounce's words. Only an email
 * still `sent` changes (a bounce for a text, or one already recorded, changes nothing); true when it did.
 */
export async function markBounced(db: Kysely<NotificationsDatabase>, id: number, error: string, at: Date): Promise<boolean> {
  const changed = await db.updateTable('messages').set({ state: 'failed', last_error: error, updated_at: at }).where('id', '=', id).where('channel', '=', 'email').where('state', '=', 'sent').executeTakeFirst();
  return Number(changed.numUpdatedRows) === 1;
}

/** A message stored in this transaction that falls due later, with its send job (which a move or a cancellation cancels). */
export async function markScheduled(db: Kysely<NotificationsDatabase>, id: number, dueAt: Date, jobId: string): Promise<void> {
  await db.updateTable('messages').set({ state: 'scheduled', due_at: dueAt, job_id: jobId }).where('id', '=', id).execute();
}

/**
 * Withdraws the appointment's messages of these kinds that have not gone out: still scheduled (their moment has not
 * come, or their job has not run yet) or queued (due, and retrying after the relay failed); what they were, for their
 * jobs to be cancelled. An attempt already talking to the relay when this commits may still deliver its message (the
 * log then says sent); a failed one leaves the message withdrawn (`recordFailure`).
 */
export async function withdrawUnsent(db: Kysely<NotificationsDatabase>, appointmentId: number, kinds: readonly MessageKind[], at: Date) {
  return db
    .updateTable('messages')
    .set({ state: 'withdrawn', updated_at: at })
    .where('appointment_id', '=', appointmentId)
    .where('state', 'in', ['scheduled', 'queued'])
    .where('kind', 'in', [...kinds])
    .returning(['id', 'kind', 'channel', 'due_at', 'job_id'])
    .execute();
}

/** The message, locked for update until the caller's transaction ends. */
export const lockMessage = (db: Kysely<NotificationsDatabase>, id: number): Promise<MessageRow | undefined> =>
  db.selectFrom('messages').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

/**
 * Moves a message from one state to another, if it is still in the first: a scheduled one that fell due becomes
 * `queued` (to be sent now) or `withdrawn`; a queued reminder whose visit is gone becomes `withdrawn`.
 */
export async function changeState(db: Kysely<NotificationsDatabase>, id: number, from: MessageState, to: MessageState, at: Date): Promise<void> {
  await db.updateTable('messages').set({ state: to, updated_at: at }).where('id', '=', id).where('state', '=', from).execute();
}

export type MessageFilters = {
  kind?: MessageKind;
  channel?: MessageChannel;
  state?: MessageState;
  /** Created at or after this instant. */
  createdFrom?: Date;
  /** Created before this instant. */
  createdBefore?: Date;
  /** Matched whole, whatever the letter case. */
  recipient?: string;
  appointmentId?: number;
};

/** One page of the delivery log, newest first, and how many messages match in all. */
export async function findMessagePage(db: Kysely<NotificationsDatabase>, filters: MessageFilters, page: { limit: number; offset: number }): Promise<{ rows: MessageRow[]; total: number }> {
  let filtered = db.selectFrom('messages');
  if (filters.kind) filtered = filtered.where('kind', '=', filters.kind);
  if (filters.channel) filtered = filtered.where('channel', '=', filters.channel);
  if (filters.state) filtered = filtered.where('state', '=', filters.state);
  if (filters.createdFrom) filtered = filtered.where('created_at', '>=', filters.createdFrom);
  if (filters.createdBefore) filtered = filtered.where('created_at', '<', filters.createdBefore);
  if (filters.recipient) filtered = filtered.where((eb) => eb(eb.fn('lower', ['recipient']), '=', filters.recipient!.toLowerCase()));
  if (filters.appointmentId !== undefined) filtered = filtered.where('appointment_id', '=', filters.appointmentId);
  const [rows, count] = await Promise.all([
    filtered.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
    filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** How many messages created in [from, before) ended `failed`, and how many texts the carrier reported `undelivered`. */
export async function countUndone(db: Kysely<NotificationsDatabase>, from: Date, before: Date): Promise<{ failed: number; undelivered: number }> {
  const row = await db
    .selectFrom('messages')
    .select((eb) => [
      eb.fn.countAll<number>().filterWhere('state', '=', 'failed').as('failed'),
      eb.fn.countAll<number>().filterWhere('state', '=', 'undelivered').as('undelivered'),
    ])
    .where('state', 'in', ['failed', 'undelivered'])
    .where('created_at', '>=', from)
    .where('created_at', '<', before)
    .executeTakeFirstOrThrow();
  return { failed: Number(row.failed), undelivered: Number(row.undelivered) };
}

/** How many times the message has been sent again (its resends). */
export async function countResends(db: Kysely<NotificationsDatabase>, id: number): Promise<number> {
  const row = await db.selectFrom('messages').select((eb) => eb.fn.countAll<number>().as('total')).where('resent_from', '=', id).executeTakeFirstOrThrow();
  return Number(row.total);
}

/** The text Twilio calls `sid` (its Message SID, kept when Twilio accepted it). */
export const findTextBySid = (db: Kysely<NotificationsDatabase>, sid: string): Promise<MessageRow | undefined> =>
  db.selectFrom('messages').selectAll().where('channel', '=', 'sms').where('provider_message_id', '=', sid).executeTakeFirst();

/**
 * A text's final word from Twilio (delivered, undelivered or failed), applied once to a text that is `sent`: a callback
 * repeated, or arriving after another final one, changes nothing. The row as it became, or undefined when unchanged.
 */
export async function recordTextOutcome(db: Kysely<NotificationsDatabase>, id: number, state: Extract<MessageState, 'delivered' | 'undelivered' | 'failed'>, error: string | null, at: Date): Promise<MessageRow | undefined> {
  return db
    .updateTable('messages')
    .set({ state, last_error: error, updated_at: at })
    .where('id', '=', id)
    .where('state', '=', 'sent')
    .returningAll()
    .executeTakeFirst();
}

/**
 * Removes the content of up to `limit` messages whose last activity (every change of a row sets `updated_at`: created,
 * sent, failed, withdrawn, the carrier's word) came before `before`: the subject and bodies emptied, the calendar file and
 * the unsubscribe link nulled, `body_removed_at` set. Only a message that is done is touched: one scheduled or queued
 * still has to be sent. The record (kind, channel, recipient, state, attempts, the provider's id, the times and every
 * attempt's row) stays. How many were cleared; a row cleared before is not counted again.
 */
export async function removeBodies(db: Kysely<NotificationsDatabase>, before: Date, at: Date, limit: number): Promise<number> {
  const result = await db
    .updateTable('messages')
    .set({ subject: '', text_body: '', html_body: '', calendar: null, calendar_file_name: null, list_unsubscribe: null, body_removed_at: at })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('messages')
        .select('id')
        .where('body_removed_at', 'is', null)
        .where('updated_at', '<', before)
        .where('state', 'not in', ['scheduled', 'queued'])
        .orderBy('updated_at')
        .limit(limit),
    )
    .where('body_removed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The message of this key on the other channel (a text's email, say), if one was stored. */
export const findByKey = (db: Kysely<NotificationsDatabase>, key: string, channel: MessageChannel): Promise<MessageRow | undefined> =>
  db.selectFrom('messages').selectAll().where('message_key', '=', key).where('channel', '=', channel).executeTakeFirst();

/** Why a text was withdrawn when its number opted out. */
export const optedOutReason = 'The number opted out of texts (STOP).';

/** Withdraws a message still queued (a text whose number opted out before its job ran), saying why. */
export async function withdrawQueued(db: Kysely<NotificationsDatabase>, id: number, reason: string, at: Date): Promise<void> {
  await db.updateTable('messages').set({ state: 'withdrawn', last_error: reason, updated_at: at }).where('id', '=', id).where('state', '=', 'queued').execute();
}

/** Withdraws the texts to `phone` that have not gone out (it opted out); what they were, for their jobs to be cancelled. */
export async function withdrawUnsentTexts(db: Kysely<NotificationsDatabase>, phone: string, at: Date) {
  return db
    .updateTable('messages')
    .set({ state: 'withdrawn', last_error: optedOutReason, updated_at: at })
    .where('channel', '=', 'sms')
    .where('recipient', '=', phone)
    .where('state', 'in', ['scheduled', 'queued'])
    .returning(['id', 'job_id'])
    .execute();
}

/** How long after its day-before reminder a visit still takes a C or R answer: past the visit's own day. */
const answerWindowMs = 3 * 24 * 60 * 60_000;

/**
 * The visit whose day-before reminder text went to `phone` (E.164) most recently, within the last three days, if it
 * is still booked (scheduled or confirmed) and has not started by `now`: the visit a C or R from that number answers.
 * Its start, as notifications last heard it.
 */
export async function findVisitAwaitingAnswer(db: Kysely<NotificationsDatabase>, phone: string, now: Date): Promise<{ appointmentId: number; startsAt: Date } | undefined> {
  const row = await db
    .selectFrom('messages')
    .innerJoin('appointments', 'appointments.appointment_id', 'messages.appointment_id')
    .select(['appointments.appointment_id', 'appointments.starts_at', 'appointments.status'])
    .where('messages.kind', '=', 'reminder-day-before')
    .where('messages.channel', '=', 'sms')
    .where('messages.recipient', '=', phone)
    .where('messages.state', 'in', ['sent', 'delivered'])
    .where('messages.sent_at', '>', new Date(now.getTime() - answerWindowMs))
    .orderBy('messages.sent_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row?.starts_at || !(row.status === 'scheduled' || row.status === 'confirmed') || row.starts_at <= now) return undefined;
  return { appointmentId: row.appointment_id, startsAt: row.starts_at };
}

/** How many messages are in each state on each channel, for /metrics (read on scrape). */
export const countMessagesByState = (db: Kysely<NotificationsDatabase>) =>
  db.selectFrom('messages').select(['state', 'channel', (eb) => eb.fn.countAll<number>().as('count')]).groupBy(['state', 'channel']).execute();
