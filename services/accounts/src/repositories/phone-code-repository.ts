import type { Insertable } from 'kysely';
import type { Db, PhoneCodeRow, PhoneCodesTable } from '../db/schema.ts';

/** Stores the customer's new code in place of any earlier one (its tries start again). */
export async function replacePhoneCode(db: Db, values: Insertable<PhoneCodesTable>): Promise<void> {
  const { customer_id: _customer, ...rest } = values;
  await db
    .insertInto('phone_codes')
    .values({ ...values, tries: 0 })
    .onConflict((conflict) => conflict.column('customer_id').doUpdateSet({ ...rest, tries: 0 }))
    .execute();
}

/** The customer's code, locked until the transaction ends, so tries at once are counted one after another. */
export const lockPhoneCode = (db: Db, customerId: number): Promise<PhoneCodeRow | undefined> =>
  db.selectFrom('phone_codes').selectAll().where('customer_id', '=', customerId).forUpdate().executeTakeFirst();

export async function countWrongPhoneCode(db: Db, customerId: number): Promise<void> {
  await db
    .updateTable('phone_codes')
    .set((eb) => ({ tries: eb('tries', '+', 1) }))
    .where('customer_id', '=', customerId)
    .execute();
}

export async function deletePhoneCode(db: Db, customerId: number): Promise<void> {
  await db.deleteFrom('phone_codes').where('customer_id', '=', customerId).execute();
}
