import type { Kysely } from 'kysely';
import type { PaymentsDatabase } from '../db/schema.ts';
import type { PaymentProvider } from '../domain/provider.ts';

/** What payments' use cases work with; built once per service instance, with the provider the configuration chose. */
export type PaymentsContext<P extends PaymentProvider = PaymentProvider> = { db: Kysely<PaymentsDatabase>; provider: P; now: () => Date };
