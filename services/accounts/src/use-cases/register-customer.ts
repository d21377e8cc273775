import { randomUUID } from 'node:crypto';
import { registration, registrationRequestedTopic, type RegisterRequest } from '@repo/contracts';
import { refuseCommonPassword } from '../domain/common-passwords.ts';
import { hashPassword } from '../domain/passwords.ts';
import { newLinkToken, linkTokenHash } from '../domain/link-tokens.ts';
import { findCustomerByEmail } from '../repositories/customer-repository.ts';
import {
  deletePendingRegistrationsExpiredBefore,
  insertPendingRegistration,
  replaceOpenPendingRegistrations,
} from '../repositories/pending-registration-repository.ts';
import type { AccountsContext } from './context.ts';

/** Links that expired longer ago than this are dropped when their email registers again. */
const keepExpiredMs = 24 * 60 * 60_000;

/**
 * A registration, which creates no account: the account exists only once the email is proven (`confirmRegistration`).
 * For an email no account has, the registration waits with its token's hash, valid `registration.linkValidMinutes`,
 * and the email's earlier open registrations end. For an email an account has (in any letter case), nothing is
 * stored and its owner is told someone tried. Either way `account.registration-requested` is published in the same
 * transaction, after the same work up to it (the password hashed, a token made, the same statements run), so the
 * caller's answer, the same either way, takes about as long and tells nobody which emails have accounts.
 */
export async function registerCustomer(ctx: AccountsContext, input: RegisterRequest): Promise<void> {
  refuseCommonPassword(input.password);
  const email = input.email.trim();
  const passwordHash = await hashPassword(input.password);
  const token = newLinkToken();
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + registration.linkValidMinutes * 60_000);
  const requestId = randomUUID();
  await ctx.db.transaction().execute(async (trx) => {
    const owner = await findCustomerByEmail(trx, email);
    await replaceOpenPendingRegistrations(trx, email, now);
    await deletePendingRegistrationsExpiredBefore(trx, email, new Date(now.getTime() - keepExpiredMs));
    if (owner) {
      await ctx.effects.enqueue(trx, registrationRequestedTopic, {
        purpose: 'registration-attempt',
        requestId,
        email: owner.email,
        customerName: `${owner.first_name} ${owner.last_name}`.trim(),
      });
      return;
    }
    await insertPendingRegistration(trx, {
      id: requestId,
      email,
      first_name: input.firstName,
      last_name: input.lastName,
      phone: input.phone,
      address: input.address || null,
      password_hash: passwordHash,
      token_hash: linkTokenHash(token),
      expires_at: expiresAt,
      used_at: null,
      replaced_at: null,
      created_at: now,
    });
    await ctx.effects.enqueue(trx, registrationRequestedTopic, {
      purpose: 'email-proof',
      requestId,
      email,
      customerName: `${input.firstName} ${input.lastName}`.trim(),
      token,
      expiresAt: expiresAt.toISOString(),
    });
  });
}
