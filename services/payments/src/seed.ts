import { hasPriceBookItems, insertPriceBookItem } from './repositories/price-book-repository.ts';
import type { PaymentsContext } from './use-cases/context.ts';

/** A small price book for the demo: the visit, labour and a few parts the business fits often. */
export async function seedDemoData(ctx: PaymentsContext): Promise<void> {
  if (await hasPriceBookItems(ctx.db)) return;
  const items = [
    { kind: 'service', name: 'Diagnostic visit', unit_price_cents: 8_900, taxable: false },
    { kind: 'service', name: 'Labour (per hour)', unit_price_cents: 12_500, taxable: false },
    { kind: 'service', name: 'Sealed-system repair (refrigerant recharge)', unit_price_cents: 34_900, taxable: false },
    { kind: 'part', name: 'Whirlpool refrigerator door gasket (W10830162)', unit_price_cents: 11_850, taxable: true },
    { kind: 'part', name: 'Sub-Zero evaporator fan motor (7025416)', unit_price_cents: 28_975, taxable: true },
    { kind: 'part', name: 'GE dryer heating element (WE11X10018)', unit_price_cents: 6_420, taxable: true },
    { kind: 'part', name: 'Bosch dishwasher drain pump (00620774)', unit_price_cents: 9_599, taxable: true },
  ] as const;
  await ctx.db.transaction().execute(async (trx) => {
    for (const item of items) await insertPriceBookItem(trx, item);
  });
}
