import { randomBytes } from 'node:crypto';

export type CreatedIntent = { id: string; clientSecret: string };
export type CreateIntentInput = { amountCents: number; description: string; idempotencyKey: string };

/** What the service needs of a payment provider; Stripe and the demo provider both implement it. */
export type PaymentProvider = {
  name: 'stripe' | 'demo';
  createIntent(input: CreateIntentInput): Promise<CreatedIntent>;
};

/**
 * The embedded default without Stripe keys: intents live only in our own table and no card is ever charged.
 * The page labels this mode "Demo mode — no card is charged".
 */
export function demoProvider(): PaymentProvider {
  return {
    name: 'demo',
    async createIntent() {
      const id = `demo_pi_${randomBytes(12).toString('hex')}`;
      return { id, clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}` };
    },
  };
}
