import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { phoneCode, phoneCodeMessages, phoneCodeRequestedTopic, type PhoneCodeConfirmRequest, type SessionClaims } from '@repo/contracts';
import { badRequest, conflict, forbidden, notFound } from '@repo/service-kit';
import { findCustomerById, linkCustomersToImported, recordPhoneProven } from '../repositories/customer-repository.ts';
import { countWrongPhoneCode, deletePhoneCode, lockPhoneCode, replacePhoneCode } from '../repositories/phone-code-repository.ts';
import type { AccountsContext } from './context.ts';

/** What is stored of a code: the sha256 of the customer's id and the code, so equal codes of two customers differ. */
const codeHash = (customerId: number, code: string) => createHash('sha256').update(`${customerId}:${code}`).digest('hex');

/** The signed-in customer's id; 403 for any other session. */
function customerOf(session: SessionClaims | null): number {
  const id = session?.customerId;
  if (id === undefined) throw forbidden('This call is for customer accounts.');
  return id;
}

/** A ten-digit North American number that can take a text (area code and exchange not starting 0 or 1). */
const textable = (digits: string) => /^[2-9]\d{2}[2-9]\d{6}$/.test(digits);

/**
 * A new code for the signed-in customer's phone (`POST /api/auth/phone-code`): stored as its hash in place of any
 * earlier code, with the number it goes to, and published for notifications to text, in one transaction. 409 when the
 * phone is already proven or cannot take a text. Answers the message naming the number's last four digits.
 */
export async function requestPhoneCode(ctx: AccountsContext, session: SessionClaims | null): Promise<string> {
  const customerId = customerOf(session);
  return ctx.db.transaction().execute(async (trx) => {
    const customer = await findCustomerById(trx, customerId);
    if (!customer) throw notFound('Your account no longer exists.');
    if (customer.phone_verified_at) throw conflict(phoneCodeMessages.alreadyProven);
    if (!textable(customer.phone_digits)) throw conflict(phoneCodeMessages.notTextable);
    const now = ctx.now();
    const code = String(randomInt(0, 10 ** phoneCode.digits)).padStart(phoneCode.digits, '0');
    const requestId = randomUUID();
    const expiresAt = new Date(now.getTime() + phoneCode.validMinutes * 60_000);
    await replacePhoneCode(trx, {
      customer_id: customerId,
      request_id: requestId,
      phone_digits: customer.phone_digits,
      code_hash: codeHash(customerId, code),
      expires_at: expiresAt,
      created_at: now,
    });
    await ctx.effects.enqueue(trx, phoneCodeRequestedTopic, { requestId, phone: `+1${customer.phone_digits}`, code, expiresAt: expiresAt.toISOString() });
    return phoneCodeMessages.sent.replace('{phone}', customer.phone_digits.slice(-4));
  });
}

/**
 * The texted code, typed back (`POST /api/auth/phone-code/confirm`). With the customer's code row locked: 400 naming
 * the code when there is none, it expired, its tries are used up, or it is wrong (a wrong one is counted, and the
 * count is kept: the refusal comes after the transaction commits). The right one removes the code, counts the number
 * it was texted to as proven, and links the account to an imported customer record with that number.
 */
export async function confirmPhoneCode(ctx: AccountsContext, session: SessionClaims | null, { code }: PhoneCodeConfirmRequest): Promise<string> {
  const customerId = customerOf(session);
  const refusal = await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    const stored = await lockPhoneCode(trx, customerId);
    if (!stored) return phoneCodeMessages.noCode;
    if (stored.expires_at.getTime() <= now.getTime()) return phoneCodeMessages.expired;
    if (stored.tries >= phoneCode.tries) return phoneCodeMessages.triesUsed;
    if (!timingSafeEqual(Buffer.from(stored.code_hash), Buffer.from(codeHash(customerId, code)))) {
      await countWrongPhoneCode(trx, customerId);
      const left = phoneCode.tries - stored.tries - 1;
      return left > 0 ? phoneCodeMessages.wrong.replace('{tries}', left === 1 ? '1 try' : `${left} tries`) : phoneCodeMessages.triesUsed;
    }
    await deletePhoneCode(trx, customerId);
    // The account's number changed after the code was sent: the code proved another number.
    if (!(await recordPhoneProven(trx, customerId, stored.phone_digits, now))) return phoneCodeMessages.noCode;
    const customer = await findCustomerById(trx, customerId);
    if (customer && !customer.service_pro_customer_id) await linkCustomersToImported(trx, ctx.fieldService.system, customerId);
    return undefined;
  });
  if (refusal) throw badRequest(refusal, { code: refusal });
  return phoneCodeMessages.proven;
}
