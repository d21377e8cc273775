import { z } from 'zod';

/**
 * Topics of the durable cross-service effects: what one service tells another, delivered exactly once through the
 * sender's outbox (see `createEffects` in the service kit). Payloads carry ids and keys, not whole records.
 */

/**
 * accounts → booking, demo data only: the demo customer now exists with this id. Booking's demo history was seeded
 * under the same email (the key accounts owns), so booking links it to the account without reading accounts' tables.
 */
export const demoCustomerSeededTopic = 'demo-customer.seeded';
export const demoCustomerSeededEffect = z.object({
  customerId: z.number().int().positive(),
  email: z.email(),
});
export type DemoCustomerSeeded = z.infer<typeof demoCustomerSeededEffect>;
