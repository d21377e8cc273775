import { deletePriceBookItem as deleteRow } from '../repositories/price-book-repository.ts';
import type { PaymentsContext } from './context.ts';
import { priceBookItemNotFound } from './save-price-book-item.ts';

/** Removes an item from the price book; invoice lines made from it keep their own copy of it. */
export async function deletePriceBookItem(ctx: PaymentsContext, id: number): Promise<void> {
  if (!(await deleteRow(ctx.db, id))) throw priceBookItemNotFound();
}
