import type { Insertable, Updateable } from 'kysely';
import type { Db, PriceBookItemsTable } from '../db/schema.ts';

export const findPriceBookItems = (db: Db, { activeOnly }: { activeOnly: boolean }) => {
  let query = db.selectFrom('price_book_items').selectAll();
  if (activeOnly) query = query.where('active', '=', true);
  return query.orderBy('kind', 'desc').orderBy('name').orderBy('id').execute();
};

export const findPriceBookItemsByIds = (db: Db, ids: number[]) =>
  ids.length === 0 ? Promise.resolve([]) : db.selectFrom('price_book_items').selectAll().where('id', 'in', ids).execute();

export const hasPriceBookItems = async (db: Db) => (await db.selectFrom('price_book_items').select('id').limit(1).executeTakeFirst()) !== undefined;

export const insertPriceBookItem = (db: Db, values: Insertable<PriceBookItemsTable>) =>
  db.insertInto('price_book_items').values(values).returningAll().executeTakeFirstOrThrow();

export const updatePriceBookItem = (db: Db, id: number, values: Updateable<PriceBookItemsTable>) =>
  db.updateTable('price_book_items').set(values).where('id', '=', id).returningAll().executeTakeFirst();

export const deletePriceBookItem = async (db: Db, id: number) =>
  (await db.deleteFrom('price_book_items').where('id', '=', id).executeTakeFirst()).numDeletedRows > 0n;
