import { amountToCents, type CreatePaymentIntentResponse } from '@repo/contracts';
import { conflict } from '@repo/service-kit';
import { findPayment, insertPaymentIfAbsent } from '../repositories/payment-repository.ts';
import type { PaymentsContext } from './context.ts';

export type CreateIntentCommand = {
  amount: number;
  description: string;
  idempotencyKey: string;
  metadata: Record<string, string>;
};

/**
 * Creates the intent at the provider, then the pending ledger record. The provider answers the same intent for the
 * same idempotency key, so a retried request finds its record and gets the first answer; a key reused for another
 * amount or description is a conflict.
 */
export async function createPaymentIntent(ctx: PaymentsContext, command: CreateIntentCommand): Promise<CreatePaymentIntentResponse> {
  const { provider } = ctx;
  const amountCents = amountToCents(command.amount);
  const intent = await provider.createIntent({
    amountCents,
    description: command.description,
    idempotencyKey: `create-payment-intent:${command.idempotencyKey}`,
    metadata: command.metadata,
  });
  await insertPaymentIfAbsent(ctx.db, { provider: provider.name, payment_intent_id: intent.id, amount_cents: amountCents, currency: 'usd', description: command.description });
  const row = await findPayment(ctx.db, intent.id);
  if (!row || row.amount_cents !== amountCents || row.description !== command.description) {
    throw conflict('This payment request was already used for a different amount. Start a new payment.');
  }
  return { clientSecret: intent.clientSecret, paymentIntentId: intent.id, provider: provider.name };
}
