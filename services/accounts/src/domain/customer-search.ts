/**
 * What a back-office search (`customerSearchQuerySchema`'s `q`) looks for: customers whose last name, "first last" or
 * email starts with `prefix` (lower case), and, when `q` is written like a phone number (3 or more digits and nothing
 * but phone punctuation), whose phone's ten digits hold `phoneDigits` anywhere ("555-01" finds (904) 555-0142). "+1 904 802 1998" and
 * "1 (904) 802-1998" drop the country code as the stored digits do.
 */
export type CustomerSearch = { prefix: string; phoneDigits: string | null };

const phoneLike = /^\+?[\d\s().-]+$/;

export function customerSearch(q: string | undefined): CustomerSearch | null {
  const typed = q?.trim();
  if (!typed) return null;
  return { prefix: typed.toLowerCase(), phoneDigits: phoneLike.test(typed) ? searchedDigits(typed) : null };
}

function searchedDigits(typed: string): string | null {
  let digits = typed.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  else if (typed.startsWith('+1')) digits = digits.slice(1);
  return digits.length >= 3 && digits.length <= 10 ? digits : null;
}
