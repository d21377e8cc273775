import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { invoiceTotals, lineTaxNumerator, type TaxRates } from '../src/domain/tax.ts';

const florida: TaxRates = { stateBps: 600, surtaxBps: 50, surtaxCapCents: 500_000 };
const line = (unitPriceCents: number, quantity = 1, taxable = true) => ({ unitPriceCents, quantity, taxable });

describe('Florida sales tax on an invoice', () => {
  it('charges 6.5% on a taxable line under $5,000 and nothing on labour', () => {
    // $118.50 gasket: 6% = 711, 0.5% = 59.25 → 770.25 → $7.70; the $89 visit is not taxable.
    expect(invoiceTotals([line(11_850), line(8_900, 1, false)], florida)).toEqual({ subtotalCents: 20_750, taxCents: 770, totalCents: 21_520 });
  });

  it('applies the surtax to the first $5,000 of each line only', () => {
    // $8,000 compressor: 6% of 8,000 = $480 + 0.5% of 5,000 = $25 → $505.00 (not $520).
    expect(invoiceTotals([line(800_000)], florida).taxCents).toBe(50_500);
    // Two lines of $6,000 each: each line gets its own $5,000 cap → 2 × (360 + 25) = $770.
    expect(invoiceTotals([line(600_000), line(600_000)], florida).taxCents).toBe(77_000);
    // One line of 2 × $3,000 = $6,000 is one line: capped once → $385.
    expect(invoiceTotals([line(300_000, 2)], florida).taxCents).toBe(38_500);
    // Exactly $5,000: the whole line carries the surtax.
    expect(lineTaxNumerator(line(500_000), florida)).toBe(600n * 500_000n + 50n * 500_000n);
  });

  it('rounds half-up once per invoice, not per line', () => {
    // $0.10 at 6.5% = 0.65 cents; three lines: per-line rounding would give 3 × 1 = 3, the exact sum is 1.95 → 2.
    expect(invoiceTotals([line(10), line(10), line(10)], florida).taxCents).toBe(2);
    // $0.70 at 6.5% = 4.55 cents each: per line 5 + 5 = 10, exactly 9.1 → 9.
    expect(invoiceTotals([line(70), line(70)], florida).taxCents).toBe(9);
    // Exactly half a cent goes up: $1.00 at 0.5% (surtax only) = 0.5 cents → 1.
    expect(invoiceTotals([line(100)], { stateBps: 0, surtaxBps: 50, surtaxCapCents: 500_000 }).taxCents).toBe(1);
    // Just under half a cent stays down: $0.99 at 0.5% = 0.495 → 0.
    expect(invoiceTotals([line(99)], { stateBps: 0, surtaxBps: 50, surtaxCapCents: 500_000 }).taxCents).toBe(0);
  });

  it('equals the exact rational tax rounded once, for any invoice', () => {
    const lines = fc.array(fc.record({ unitPriceCents: fc.integer({ min: 0, max: 10_000_000 }), quantity: fc.integer({ min: 1, max: 999 }), taxable: fc.boolean() }), { maxLength: 100 });
    fc.assert(
      fc.property(lines, (invoiceLines) => {
        const { subtotalCents, taxCents, totalCents } = invoiceTotals(invoiceLines, florida);
        // Exact tax in cents as a fraction over 10,000, computed independently with BigInt.
        let numerator = 0n;
        for (const { unitPriceCents, quantity, taxable } of invoiceLines) {
          if (!taxable) continue;
          const amount = BigInt(unitPriceCents * quantity);
          numerator += 600n * amount + 50n * (amount < 500_000n ? amount : 500_000n);
        }
        const floor = numerator / 10_000n;
        const remainder = numerator % 10_000n;
        expect(BigInt(taxCents)).toBe(remainder >= 5_000n ? floor + 1n : floor);
        expect(Number.isInteger(taxCents) && taxCents >= 0).toBe(true);
        expect(totalCents).toBe(subtotalCents + taxCents);
      }),
    );
  });
});
