import type { Kysely, Transaction } from 'kysely';
import {
  addDays,
  amountToCents,
  businessInstant,
  type CreatePaymentIntentResponse,
  type PaymentListFilters,
  type PaymentListItem,
  type PaymentListResponse,
  type PaymentProviderName,
  type PaymentStatus,
  type PublicPayment,
} from '@repo/contracts';
import { conflict } from '@repo/service-kit';
import type { PaymentRow, PaymentsDatabase } from '../db/schema.ts';
import type { PaymentProvider } from './provider.ts';
import { isFinalStatus, supersedes } from './status.ts';

type Db = Kysely<PaymentsDatabase>;
type Trx = Transaction<PaymentsDatabase>;

export function toPublicPayment(row: PaymentRow): PublicPayment {
  return {
    paymentIntentId: row.payment_intent_id,
    status: row.status,
    amount: row.amount_cents / 100,
    currency: row.currency,
    description: row.description,
    createdAt: row.created_at.toISOString(),
  };
}

export function toPaymentListItem(row: PaymentRow): PaymentListItem {
  return {
    ...toPublicPayment(row),
    id: row.id,
    provider: row.provider,
    failureMessage: row.failure_message,
    updatedAt: row.updated_at.toISOString(),
  };
}

export const findPayment = (db: Db | Trx, paymentIntentId: string) =>
  db.selectFrom('payments').selectAll().where('payment_intent_id', '=', paymentIntentId).executeTakeFirst();

export type CreateIntentCommand = {
  amount: number;
  description: string;
  idempotencyKey: string;
  metadata: Record<string, string>;
};

/**
 * Creates the intent at the provider, then the pending ledger record. The provider answers the same intent for the
 * same idempotency key, so a retried request finds its record and gets the first answer; a key reused for another
 * amount or description is a conflict.
 */
export async function createPaymentIntent(db: Db, provider: PaymentProvider, command: CreateIntentCommand): Promise<CreatePaymentIntentResponse> {
  const amountCents = amountToCents(command.amount);
  const intent = await provider.createIntent({
    amountCents,
    description: command.description,
    idempotencyKey: `create-payment-intent:${command.idempotencyKey}`,
    metadata: command.metadata,
  });
  await db
    .insertInto('payments')
    .values({ provider: provider.name, payment_intent_id: intent.id, amount_cents: amountCents, currency: 'usd', description: command.description })
    .onConflict((oc) => oc.column('payment_intent_id').doNothing())
    .execute();
  const row = await findPayment(db, intent.id);
  if (!row || row.amount_cents !== amountCents || row.description !== command.description) {
    throw conflict('This payment request was already used for a different amount. Start a new payment.');
  }
  return { clientSecret: intent.clientSecret, paymentIntentId: intent.id, provider: provider.name };
}

export type StatusChange = {
  paymentIntentId: string;
  /** Only records of this provider are touched. */
  provider: PaymentProviderName;
  status: PaymentStatus;
  /** When the status became true at the provider. */
  at: Date;
  failureMessage: string | null;
  now: Date;
};

/**
 * Applies a status to a record inside the caller's transaction, unless a later or final status is already there
 * (see `supersedes`). The row lock orders concurrent changes to one payment.
 */
export async function applyStatusChange(trx: Trx, change: StatusChange): Promise<{ outcome: 'applied' | 'stale' | 'unknown'; row?: PaymentRow }> {
  const row = await trx.selectFrom('payments').selectAll().where('payment_intent_id', '=', change.paymentIntentId).forUpdate().executeTakeFirst();
  if (!row || row.provider !== change.provider) return { outcome: 'unknown' };
  if (!supersedes({ status: change.status, at: change.at }, { status: row.status, at: row.status_changed_at })) return { outcome: 'stale', row };
  const updated = await trx
    .updateTable('payments')
    .set({
      status: change.status,
      status_changed_at: change.at,
      failure_message: change.status === 'failed' ? change.failureMessage : null,
      updated_at: change.now,
    })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { outcome: 'applied', row: updated };
}

/**
 * The record for the public confirmation page. A Stripe payment no webhook has settled yet is checked with Stripe,
 * so the page is right even when the webhook is late. Only a final status is taken from that check: it never depends
 * on timing, while an in-between status read on our clock could outrank a later event stamped by Stripe's clock.
 * If Stripe cannot be asked, the stored status is shown.
 */
export async function currentPayment(
  db: Db,
  provider: PaymentProvider,
  paymentIntentId: string,
  { now, onRefreshError }: { now: Date; onRefreshError: (error: unknown) => void },
): Promise<PaymentRow | undefined> {
  const row = await findPayment(db, paymentIntentId);
  if (!row || isFinalStatus(row.status) || row.provider !== provider.name || !provider.retrieveStatus) return row;
  let observed;
  try {
    observed = await provider.retrieveStatus(paymentIntentId);
  } catch (error) {
    onRefreshError(error);
    return row;
  }
  if (!isFinalStatus(observed.status)) return row;
  const change = { paymentIntentId, provider: provider.name, status: observed.status, at: now, failureMessage: null, now };
  const { row: current } = await db.transaction().execute((trx) => applyStatusChange(trx, change));
  return current ?? row;
}

export async function listPayments(db: Db, query: PaymentListFilters): Promise<PaymentListResponse> {
  const { status, provider, from, to, page, pageSize } = query;
  let filtered = db.selectFrom('payments');
  if (status) filtered = filtered.where('status', '=', status);
  if (provider) filtered = filtered.where('provider', '=', provider);
  if (from) filtered = filtered.where('created_at', '>=', businessInstant(from, '00:00'));
  if (to) filtered = filtered.where('created_at', '<', businessInstant(addDays(to, 1), '00:00'));
  const [rows, count] = await Promise.all([
    filtered.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(pageSize).offset((page - 1) * pageSize).execute(),
    filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toPaymentListItem), total: Number(count.total), page, pageSize };
}
