import { amountToCents, type CreatePaymentIntentResponse } from '@repo/contracts';
import { conflict } from '@repo/service-kit';
import { findPayment, insertPaymentIfAbsent } from '../repositories/payment-repository.ts';
import type { PaymentsContext } from './context.ts';

export type CreateIntentCommand = {
  amount: number;
  description: string;
  /** The payer's receipt address and invoice or appointment reference, when given. */
  payerEmail?: string;
  reference?: string;
  idempotencyKey: string;
  metadata: Record<string, string>;
};

/**
 * Creates the intent at the provider, then the pending ledger record. The provider answers the same intent for the
 * same idempotency key, so a retried request finds its record and gets the first answer; a key reused for other
 * details is a conflict. The reference travels in the intent's metadata, so the provider's dashboard can match it too.
 */
export async function createPaymentIntent(ctx: PaymentsContext, command: CreateIntentCommand): Promise<CreatePaymentIntentResponse> {
  const { provider } = ctx;
  const amountCents = amountToCents(command.amount);
  const payerEmail = command.payerEmail ?? null;
  const reference = command.reference ?? null;
  const intent = await provider.createIntent({
    amountCents,
    description: command.description,
    idempotencyKey: `create-payment-intent:${command.idempotencyKey}`,
    metadata: reference ? { ...command.metadata, reference } : command.metadata,
    receiptEmail: command.payerEmail,
  });
  await insertPaymentIfAbsent(ctx.db, {
    provider: provider.name,
    payment_intent_id: intent.id,
    amount_cents: amountCents,
    currency: 'usd',
    description: command.description,
    payer_email: payerEmail,
    reference,
  });
  const row = await findPayment(ctx.db, intent.id);
  if (!row || row.amount_cents !== amountCents || row.description !== command.description || row.payer_email !== payerEmail || row.reference !== reference) {
    throw conflict('This payment request was already used with other details. Start a new payment.');
  }
  return { clientSecret: intent.clientSecret, paymentIntentId: intent.id, provider: provider.name };
}
