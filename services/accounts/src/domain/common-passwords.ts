import { dictionary } from '@zxcvbn-ts/language-common';
import { authMessages } from '@repo/contracts';
import { badRequest } from '@repo/service-kit';

let common: Set<string> | undefined;

/**
 * Whether the password is one of the ~49,000 most common passwords (zxcvbn's list, already lower case), whatever its
 * letter case. The list is loaded into a set on first use.
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].map((entry) => String(entry).toLowerCase()));
  return common.has(password.toLowerCase());
}

/** The password rule of every sign-in (customers, technicians, staff): a 400 on `field` for a common password. */
export function refuseCommonPassword(password: string, field = 'password'): void {
  if (isCommonPassword(password)) throw badRequest(authMessages.commonPassword, { [field]: authMessages.commonPassword });
}
