import { business } from '@repo/contracts';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: business.timeZone });

/** 189.5 → "$189.50". */
export const formatUsd = (amount: number): string => usd.format(amount);

/** An ISO instant as the business's calendar date, e.g. "November 22, 2026". */
export const formatBusinessDate = (iso: string): string => longDate.format(new Date(iso));

/**
 * The amount a typed value stands for, or undefined when it is not a number above 0 (the spec keeps the previous
 * amount then). A number field reports what cannot be read as a number as an empty value.
 */
export function typedAmount(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) && value > 0 ? value : undefined;
}
