/** Dollars as typed ("118.50", "$1,200", "89") in whole cents, or undefined when it is not an amount with at most two decimals. */
export function dollarsToCents(text: string): number | undefined {
  const cleaned = text.trim().replace(/^\$/, '').replaceAll(',', '');
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Cents as the dollars a field shows: 11850 → "118.50". */
export const centsToDollars = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
