import type { Kysely } from 'kysely';
import Stripe from 'stripe';
import { handledWebhookEvents, stripeWebhookEventSchema, type HandledWebhookEvent, type StripeWebhookEvent, type WebhookResponse } from '@repo/contracts';
import { badRequest } from '@repo/service-kit';
import type { PaymentsDatabase } from '../db/schema.ts';
import { applyStatusChange } from './payments.ts';

/** Stripe's default: a signature older than five minutes is refused, so a captured request cannot be replayed later. */
export const signatureToleranceSeconds = 300;

const refused = (why: string) => badRequest(`The webhook signature could not be verified: ${why}.`);

function signedAtSeconds(header: string): number | undefined {
  const stamp = header.split(',').find((part) => part.startsWith('t='));
  const seconds = stamp ? Number(stamp.slice(2)) : NaN;
  return Number.isInteger(seconds) ? seconds : undefined;
}

/**
 * Checks Stripe's signature over the exact bytes received and its age (either way, against clock skew and stamps made
 * for later), then reads the event. Anything wrong is a 400 and nothing is changed.
 */
export function verifyWebhookEvent(rawBody: Buffer, signature: string | undefined, secret: string, now: Date): StripeWebhookEvent {
  if (!signature) throw refused('the Stripe-Signature header is missing');
  let payload: unknown;
  try {
    payload = Stripe.webhooks.constructEvent(rawBody, signature, secret, signatureToleranceSeconds, undefined, now.getTime());
  } catch (error) {
    // Only a verified body is parsed, so a syntax error means the signature matched a body that is not JSON.
    if (error instanceof SyntaxError) throw badRequest('The webhook body is not a Stripe event.');
    // stripe-node throws a plain Error for some malformed headers (an empty v1=, say).
    const tooOld = error instanceof Stripe.errors.StripeSignatureVerificationError && error.message.includes('tolerance');
    throw refused(tooOld ? 'it is too old' : 'it does not match the body');
  }
  const signedAt = signedAtSeconds(signature);
  if (signedAt === undefined || signedAt - now.getTime() / 1000 > signatureToleranceSeconds) throw refused('its time stamp is in the future');
  const event = stripeWebhookEventSchema.safeParse(payload);
  if (!event.success) throw badRequest('The webhook body is not a Stripe event.');
  return event.data;
}

const isHandled = (type: string): type is HandledWebhookEvent => Object.hasOwn(handledWebhookEvents, type);

/**
 * Applies an event once. The event id is recorded in the same transaction as the change, so a replay (Stripe
 * retries, or the same event sent twice at once) finds it and changes nothing. Events for intents this service did
 * not create are recorded as ignored; event types it does not handle are acknowledged and not stored.
 */
export async function recordWebhookEvent(db: Kysely<PaymentsDatabase>, event: StripeWebhookEvent, now: Date): Promise<WebhookResponse['outcome']> {
  if (!isHandled(event.type)) return 'ignored';
  const status = handledWebhookEvents[event.type];
  const paymentIntentId = event.data.object.id;
  const at = new Date(event.created * 1000);
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('payment_events')
      .values({ event_id: event.id, type: event.type, payment_intent_id: paymentIntentId, status, event_created_at: at, outcome: 'ignored' })
      .onConflict((oc) => oc.column('event_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return 'duplicate';
    const failureMessage = event.data.object.last_payment_error?.message ?? (status === 'failed' ? 'The payment was declined.' : null);
    const { outcome } = await applyStatusChange(trx, { paymentIntentId, provider: 'stripe', status, at, failureMessage, now });
    const recorded = outcome === 'unknown' ? 'ignored' : outcome;
    await trx.updateTable('payment_events').set({ outcome: recorded }).where('id', '=', inserted.id).execute();
    return recorded;
  });
}
