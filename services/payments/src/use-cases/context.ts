import type { Kysely } from 'kysely';
import type { PaymentsDatabase } from '../db/schema.ts';
import type { PaymentsOutbox } from '../domain/outgoing.ts';
import type { PaymentProvider } from '../domain/provider.ts';

/** What payments' use cases work with; built once per service instance, with the provider the configuration chose. */
export type PaymentsContext<P extends PaymentProvider = PaymentProvider> = {
  db: Kysely<PaymentsDatabase>;
  provider: P;
  now: () => Date;
  /** The outbox: a payment that succeeded is told to notifications in the transaction that records it. */
  effects: PaymentsOutbox;
};
