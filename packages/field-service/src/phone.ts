import { usPhoneDigits } from '@repo/contracts';

/**
 * The ten digits systems are compared on, whatever the formatting ("(904) 802-1998", "904.802.1998",
 * "+1 904 802 1998"): the contracts' rule first, then, for text it refuses (older systems' records), its digits
 * without an extension ("x12", "ext. 12") and with a leading country code 1 dropped. Undefined when there are not ten.
 */
export function phoneDigits(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const strict = usPhoneDigits(value);
  if (strict) return strict;
  const digits = value.replace(/\s*(?:x|ext\.?|extension)\s*\d+\s*$/i, '').replace(/\D/g, '');
  if (digits.length === 10) return digits;
  if (digits.length === 11 && digits.startsWith('1')) return digits.slice(1);
  return undefined;
}

/** Whether a stored phone text has these ten digits. */
export const samePhone = (stored: string | null | undefined, digits: string) => phoneDigits(stored) === digits;
