import type { Insertable, Updateable } from 'kysely';
import type { Db, RefundsTable, Trx } from '../db/schema.ts';

export const insertRefund = (db: Db, values: Insertable<RefundsTable>) => db.insertInto('refunds').values(values).returningAll().executeTakeFirstOrThrow();

export const findRefund = (db: Db, id: number) => db.selectFrom('refunds').selectAll().where('id', '=', id).executeTakeFirst();

export const findRefundForUpdate = (trx: Trx, id: number) => trx.selectFrom('refunds').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export const updateRefund = (db: Db, id: number, values: Updateable<RefundsTable>) =>
  db.updateTable('refunds').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();

/** The refunds of an invoice's payments (staff's and overpayments'), with the payment each pays back, oldest first. */
export const findInvoiceRefunds = (db: Db, invoiceId: number) =>
  db
    .selectFrom('refunds')
    .innerJoin('payments', 'payments.id', 'refunds.payment_id')
    .selectAll('refunds')
    .select('payments.payment_intent_id')
    .where('payments.invoice_id', '=', invoiceId)
    .orderBy('refunds.id')
    .execute();

/** What is given back or on its way from one payment: refunds that succeeded or are still pending. */
export async function reservedRefundCents(db: Db, paymentId: number): Promise<number> {
  const row = await db
    .selectFrom('refunds')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('total'))
    .where('payment_id', '=', paymentId)
    .where('status', 'in', ['pending', 'succeeded'])
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
