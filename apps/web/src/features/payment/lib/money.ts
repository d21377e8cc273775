import { business } from '@repo/contracts';
import { formatter } from '@repo/ui';

/**
 * 189.5 → "$189.50", 1234 → "$1,234.00", as Intl's en-US currency format writes them: cents rounded half away from
 * zero on the number as written (1.005 → "$1.01"). Written out because /payment shows an amount as it hydrates, and a
 * page's first Intl formatter loads the browser's locale data: tens of milliseconds of main thread on a phone.
 */
export function formatUsd(amount: number): string {
  const written = Math.abs(amount).toString();
  const [whole = '0', fraction = ''] = written.includes('e') ? [] : written.split('.');
  const cents = written.includes('e')
    ? Math.round(Math.abs(amount) * 100)
    : Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0')) + (Number(fraction[2] ?? '0') >= 5 ? 1 : 0);
  const dollars = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${amount < 0 ? '-' : ''}$${dollars}.${String(cents % 100).padStart(2, '0')}`;
}

/** An ISO instant as the business's calendar date, e.g. "November 22, 2026" (its formatter made on first use). */
export function formatBusinessDate(iso: string): string {
  return formatter('date', { dateStyle: 'long', timeZone: business.timeZone }).format(new Date(iso));
}

/**
 * The amount a typed value stands for, or undefined when it is not a number above 0 (the form keeps the previous
 * amount then). A number field reports what cannot be read as a number as an empty value.
 */
export function typedAmount(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

/**
 * Why a typed amount was not taken (the form keeps the previous one then), saying what will be paid instead; undefined
 * when the text is a number above 0. A number field hands over anything it cannot read as a number as empty text.
 */
export function refusedAmountMessage(text: string, kept: number): string | undefined {
  if (typedAmount(text) !== undefined) return undefined;
  const stays = `You will still pay ${formatUsd(kept)} unless you enter another amount.`;
  if (text.trim() === '') return `The amount is empty or not a number, so it was not used. ${stays}`;
  return `${text.trim()} is not an amount above $0, so it was not used. ${stays}`;
}
