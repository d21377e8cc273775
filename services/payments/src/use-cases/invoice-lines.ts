import { invoiceMessages, maxLineCents, type invoiceLineInputSchema } from '@repo/contracts';
import { badRequest } from '@repo/service-kit';
import type { z } from 'zod';
import type { Db, InvoiceLinesTable } from '../db/schema.ts';
import { invoiceTotals, type InvoiceTotals, type TaxRates } from '../domain/tax.ts';
import { findPriceBookItemsByIds } from '../repositories/price-book-repository.ts';

type LineInput = z.output<typeof invoiceLineInputSchema>;
export type ResolvedLine = Omit<InvoiceLinesTable, 'invoice_id' | 'position'>;

/**
 * The lines to store: a price-book line takes what it leaves out (description, unit price, taxable) from the item as
 * it is now, so the invoice keeps that snapshot. An unknown item or a line over the limit is a 400 naming the line's
 * field (`lines.2.priceBookItemId`).
 */
export async function resolveInvoiceLines(db: Db, inputs: LineInput[]): Promise<ResolvedLine[]> {
  const ids = [...new Set(inputs.map((line) => line.priceBookItemId).filter((id): id is number => id != null))];
  const items = new Map((await findPriceBookItemsByIds(db, ids)).map((item) => [item.id, item]));
  const fields: Record<string, string> = {};
  const lines = inputs.map((input, index): ResolvedLine => {
    const item = input.priceBookItemId == null ? undefined : items.get(input.priceBookItemId);
    if (input.priceBookItemId != null && !item) fields[`lines.${index}.priceBookItemId`] = invoiceMessages.priceBookItemId;
    const line: ResolvedLine = {
      price_book_item_id: item?.id ?? null,
      kind: item?.kind ?? null,
      description: input.description ?? item?.name ?? '',
      quantity: input.quantity,
      unit_price_cents: input.unitPriceCents ?? item?.unit_price_cents ?? 0,
      taxable: input.taxable ?? item?.taxable ?? false,
    };
    if (line.quantity * line.unit_price_cents > maxLineCents) fields[`lines.${index}.quantity`] = invoiceMessages.lineAmount;
    return line;
  });
  const first = Object.values(fields)[0];
  if (first) throw badRequest(first, fields);
  return lines;
}


/** The totals of stored lines by the one tax rule (rounded half-up once), for invoices and estimates alike. */
export const totalsOfLines = (lines: readonly Pick<ResolvedLine, 'quantity' | 'unit_price_cents' | 'taxable'>[], rates: TaxRates): InvoiceTotals =>
  invoiceTotals(lines.map((line) => ({ quantity: line.quantity, unitPriceCents: line.unit_price_cents, taxable: line.taxable })), rates);

/** The money columns invoices and estimates both store: the totals of the lines and the rates they were taxed at. */
export function pricedColumns(lines: readonly Pick<ResolvedLine, 'quantity' | 'unit_price_cents' | 'taxable'>[], rates: TaxRates) {
  const totals = totalsOfLines(lines, rates);
  return {
    subtotal_cents: totals.subtotalCents,
    tax_cents: totals.taxCents,
    total_cents: totals.totalCents,
    state_tax_bps: rates.stateBps,
    surtax_bps: rates.surtaxBps,
    surtax_cap_cents: rates.surtaxCapCents,
  };
}
