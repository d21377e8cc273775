import Stripe from 'stripe';
import { stripeWebhookEventSchema, type StripeWebhookEvent } from '@repo/contracts';
import { badRequest } from '@repo/service-kit';

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
