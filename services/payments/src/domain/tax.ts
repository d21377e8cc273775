/**
 * Florida sales tax on an invoice: the state's rate (6%) on every taxable line, plus St Johns County's discretionary
 * surtax (0.5%) on the first $5,000 of each taxable line. Rates are in basis points (1/100 of a percent) and the cap in
 * cents, all whole numbers, so each line's tax is the exact rational number
 *
 *   (stateBps × line + surtaxBps × min(line, cap)) / 10,000 cents,
 *
 * kept as its numerator. The numerators of all lines are summed and the invoice's tax is rounded half-up to the cent
 * once, so no line's rounding adds to another's.
 */
export type TaxRates = { stateBps: number; surtaxBps: number; surtaxCapCents: number };

export type TaxableLine = { quantity: number; unitPriceCents: number; taxable: boolean };

const basisPointsPerUnit = 10_000;

export const lineAmountCents = (line: Pick<TaxableLine, 'quantity' | 'unitPriceCents'>) => line.quantity * line.unitPriceCents;

/** Ten-thousandths of a cent: the exact tax of one line. BigInt, so no sum of lines ever loses a digit. */
export function lineTaxNumerator(line: TaxableLine, rates: TaxRates): bigint {
  if (!line.taxable) return 0n;
  const amount = BigInt(lineAmountCents(line));
  const surtaxBase = amount < BigInt(rates.surtaxCapCents) ? amount : BigInt(rates.surtaxCapCents);
  return BigInt(rates.stateBps) * amount + BigInt(rates.surtaxBps) * surtaxBase;
}

/** Half-up to the cent of a non-negative amount in ten-thousandths of a cent. */
function roundHalfUp(numerator: bigint): number {
  const unit = BigInt(basisPointsPerUnit);
  return Number((numerator + unit / 2n) / unit);
}

export type InvoiceTotals = { subtotalCents: number; taxCents: number; totalCents: number };

export function invoiceTotals(lines: readonly TaxableLine[], rates: TaxRates): InvoiceTotals {
  const subtotalCents = lines.reduce((sum, line) => sum + lineAmountCents(line), 0);
  const taxCents = roundHalfUp(lines.reduce((sum, line) => sum + lineTaxNumerator(line, rates), 0n));
  return { subtotalCents, taxCents, totalCents: subtotalCents + taxCents };
}
