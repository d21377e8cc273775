import { chargeRefundedEvent, handledWebhookEvents, type HandledWebhookEvent, type StripeWebhookEvent, type WebhookResponse } from '@repo/contracts';
import { verifyWebhookEvent } from '../domain/webhooks.ts';
import { insertEventIfNew, setEventOutcome } from '../repositories/payment-event-repository.ts';
import { applyStatusChange } from './apply-status-change.ts';
import type { PaymentsContext } from './context.ts';
import { recordProviderRefunds } from './record-provider-refunds.ts';

const isHandled = (type: string): type is HandledWebhookEvent => Object.hasOwn(handledWebhookEvents, type);

export type WebhookDelivery = { rawBody: Buffer; signature: string | undefined; secret: string };

/**
 * Verifies a Stripe event and applies it once. The event id is recorded in the same transaction as the change, so a
 * replay (Stripe retries, or the same event sent twice at once) finds it and changes nothing. Events for intents this
 * service did not create are recorded as ignored; event types it does not handle are acknowledged and not stored.
 */
export async function receiveWebhookEvent(ctx: PaymentsContext, delivery: WebhookDelivery): Promise<{ event: StripeWebhookEvent; outcome: WebhookResponse['outcome'] }> {
  const now = ctx.now();
  const event = verifyWebhookEvent(delivery.rawBody, delivery.signature, delivery.secret, now);
  if (event.type === chargeRefundedEvent) return { event, outcome: await receiveChargeRefunded(ctx, event, now) };
  if (!isHandled(event.type)) return { event, outcome: 'ignored' };
  const status = handledWebhookEvents[event.type];
  const paymentIntentId = event.data.object.id;
  const at = new Date(event.created * 1000);
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const eventRecord = await insertEventIfNew(trx, { event_id: event.id, type: event.type, payment_intent_id: paymentIntentId, status, event_created_at: at, outcome: 'ignored' });
    if (eventRecord === undefined) return 'duplicate' as const;
    const failureMessage = event.data.object.last_payment_error?.message ?? (status === 'failed' ? 'The payment was declined.' : null);
    const { outcome: applied } = await applyStatusChange(ctx.effects, trx, { paymentIntentId, provider: 'stripe', status, at, failureMessage, now });
    const recorded = applied === 'unknown' ? 'ignored' : applied;
    await setEventOutcome(trx, eventRecord, recorded);
    return recorded;
  });
  return { event, outcome };
}

/** `charge.refunded`, once per event id: refunds made in Stripe's dashboard join the ledger (record-provider-refunds.ts). */
async function receiveChargeRefunded(ctx: PaymentsContext, event: StripeWebhookEvent, now: Date): Promise<WebhookResponse['outcome']> {
  const charge = event.data.object;
  if (!charge.payment_intent || charge.amount_refunded === undefined) return 'ignored';
  const { payment_intent: paymentIntentId, amount_refunded: refundedCents } = charge;
  return ctx.db.transaction().execute(async (trx) => {
    const at = new Date(event.created * 1000);
    // A refund leaves the payment succeeded: the event is kept under that status.
    const eventRecord = await insertEventIfNew(trx, { event_id: event.id, type: event.type, payment_intent_id: paymentIntentId, status: 'succeeded', event_created_at: at, outcome: 'ignored' });
    if (eventRecord === undefined) return 'duplicate' as const;
    const applied = await recordProviderRefunds(trx, { paymentIntentId, refundedCents, now });
    const recorded = applied === 'unknown' ? 'ignored' : applied;
    await setEventOutcome(trx, eventRecord, recorded);
    return recorded;
  });
}
