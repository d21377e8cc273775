import type { PriceBookListResponse } from '@repo/contracts';
import { toPriceBookItem } from '../repositories/mappers.ts';
import { findPriceBookItems } from '../repositories/price-book-repository.ts';
import type { PaymentsContext } from './context.ts';

/** Services first, then parts, each by name. */
export async function listPriceBook(ctx: PaymentsContext, { activeOnly }: { activeOnly: boolean }): Promise<PriceBookListResponse> {
  return { items: (await findPriceBookItems(ctx.db, { activeOnly })).map(toPriceBookItem) };
}
