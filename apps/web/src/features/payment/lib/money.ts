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

/**
 * Why a typed amount was not taken (the spec keeps the previous one then), saying what will be paid instead; undefined
 * when the text is a number above 0. A number field hands over anything it cannot read as a number as empty text.
 */
export function refusedAmountMessage(text: string, kept: number): string | undefined {
  if (typedAmount(text) !== undefined) return undefined;
  const stays = `You will still pay ${formatUsd(kept)} unless you enter another amount.`;
  if (text.trim() === '') return `The amount is empty or not a number, so it was not used. ${stays}`;
  return `${text.trim()} is not an amount above $0, so it was not used. ${stays}`;
}
