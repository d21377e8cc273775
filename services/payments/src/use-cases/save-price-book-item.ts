import type { PriceBookItem, priceBookItemInputSchema } from '@repo/contracts';
import { notFound } from '@repo/service-kit';
import type { z } from 'zod';
import { toPriceBookItem } from '../repositories/mappers.ts';
import { insertPriceBookItem, updatePriceBookItem } from '../repositories/price-book-repository.ts';
import type { PaymentsContext } from './context.ts';

type ItemInput = z.output<typeof priceBookItemInputSchema>;

const columns = (input: ItemInput) => ({ kind: input.kind, name: input.name, unit_price_cents: input.unitPriceCents, taxable: input.taxable, active: input.active });

export const priceBookItemNotFound = () => notFound('We could not find that price book item.');

/** Adds an item (id undefined) or replaces one. Invoices keep the snapshot their lines took, whatever changes here. */
export async function savePriceBookItem(ctx: PaymentsContext, id: number | undefined, input: ItemInput): Promise<PriceBookItem> {
  if (id === undefined) return toPriceBookItem(await insertPriceBookItem(ctx.db, columns(input)));
  const row = await updatePriceBookItem(ctx.db, id, { ...columns(input), updated_at: ctx.now() });
  if (!row) throw priceBookItemNotFound();
  return toPriceBookItem(row);
}
