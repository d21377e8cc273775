import type { Insertable, Updateable } from 'kysely';
import type { PaymentProviderName, PaymentStatus } from '@repo/contracts';
import type { Db, PaymentRow, PaymentsTable, Trx } from '../db/schema.ts';

export const findPayment = (db: Db, paymentIntentId: string) =>
  db.selectFrom('payments').selectAll().where('payment_intent_id', '=', paymentIntentId).executeTakeFirst();

/** Locks the payment's row until the transaction ends, so concurrent status changes to one payment take turns. */
export const findPaymentForUpdate = (trx: Trx, paymentIntentId: string) =>
  trx.selectFrom('payments').selectAll().where('payment_intent_id', '=', paymentIntentId).forUpdate().executeTakeFirst();

/** Records a new intent; a retry of the same intent leaves the first record as it is. */
export async function insertPaymentIfAbsent(db: Db, values: Insertable<PaymentsTable>): Promise<void> {
  await db.insertInto('payments').values(values).onConflict((oc) => oc.column('payment_intent_id').doNothing()).execute();
}

export const updatePayment = (db: Db, id: number, values: Updateable<PaymentsTable>) =>
  db.updateTable('payments').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();

export type PaymentFilters = {
  status?: PaymentStatus;
  provider?: PaymentProviderName;
  /** Created at or after this instant. */
  createdFrom?: Date;
  /** Created before this instant. */
  createdBefore?: Date;
  /** Matched whole, whatever the letter case. */
  reference?: string;
};

/** One page of the ledger, newest first, and how many records match in all. */
export async function findPaymentPage(db: Db, filters: PaymentFilters, page: { limit: number; offset: number }): Promise<{ rows: PaymentRow[]; total: number }> {
  let filtered = db.selectFrom('payments');
  if (filters.status) filtered = filtered.where('status', '=', filters.status);
  if (filters.provider) filtered = filtered.where('provider', '=', filters.provider);
  if (filters.createdFrom) filtered = filtered.where('created_at', '>=', filters.createdFrom);
  if (filters.createdBefore) filtered = filtered.where('created_at', '<', filters.createdBefore);
  if (filters.reference) filtered = filtered.where((eb) => eb(eb.fn('lower', ['reference']), '=', filters.reference!.toLowerCase()));
  const [rows, count] = await Promise.all([
    filtered.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
    filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export const findInvoicePayments = (db: Db, invoiceId: number) =>
  db.selectFrom('payments').selectAll().where('invoice_id', '=', invoiceId).orderBy('created_at').orderBy('id').execute();

export const findPaymentByIdForUpdate = (trx: Trx, id: number) => trx.selectFrom('payments').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
