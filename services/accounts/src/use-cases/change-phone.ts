import { accountPhoneMessages, usPhoneDigits, type AccountPhoneRequest, type AccountPhoneResponse, type SessionClaims } from '@repo/contracts';
import { forbidden, notFound } from '@repo/service-kit';
import { lockCustomerById, replaceCustomerPhone } from '../repositories/customer-repository.ts';
import { toCustomer } from '../repositories/mappers.ts';
import { deletePhoneCode } from '../repositories/phone-code-repository.ts';
import type { AccountsContext } from './context.ts';

/**
 * The signed-in customer's new phone number (`PUT /api/auth/phone`). With the account's row locked: the same ten
 * digits change nothing (the proof stays); another number is stored as typed, not proven, and a code waiting for the
 * old number is dropped. Records already linked stay linked (they were linked on a proof); nothing more is linked until
 * the new number is proven by text.
 */
export async function changePhone(ctx: AccountsContext, session: SessionClaims | null, { phone }: AccountPhoneRequest): Promise<AccountPhoneResponse> {
  const customerId = session?.customerId;
  if (customerId === undefined) throw forbidden('This call is for customer accounts.');
  return ctx.db.transaction().execute(async (trx) => {
    const customer = await lockCustomerById(trx, customerId);
    if (!customer) throw notFound('Your account no longer exists.');
    if (usPhoneDigits(phone) === customer.phone_digits) return { message: accountPhoneMessages.unchanged, customer: toCustomer(customer) };
    await deletePhoneCode(trx, customerId);
    return { message: accountPhoneMessages.changed, customer: toCustomer(await replaceCustomerPhone(trx, customerId, phone)) };
  });
}
