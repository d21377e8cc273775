import { describe, expect, it } from 'vitest';
import { formatBusinessDate, formatUsd } from '../lib/money.ts';

describe('money', () => {
  it('writes US dollars as Intl does, thousands separators, cents and signs included', () => {
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    const amounts = [0, 0.5, 1, 1.005, 1.015, 1.0049, 0.125, 0.995, 9.99, 150, 189.5, 999.995, 1000, 1234.56, 10_000, 123_456.78, 1_000_000, -20, -1234.5, -0.005, 1e-7, 2.675];
    for (let tenths = 0; tenths <= 10_000_000; tenths += 9973) amounts.push(tenths / 1000, tenths / 100);
    for (const amount of amounts) expect([amount, formatUsd(amount)]).toEqual([amount, usd.format(amount)]);
  });

  it("dates a payment on the business's calendar", () => {
    expect(formatBusinessDate('2026-11-23T03:30:00.000Z')).toBe('November 22, 2026');
  });
});
