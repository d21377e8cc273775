import type { Kysely } from 'kysely';
import type { PaymentsDatabase } from '../db/schema.ts';
import type { PaymentsOutbox } from '../domain/outgoing.ts';
import type { PaymentProvider } from '../domain/provider.ts';
import type { TaxRates } from '../domain/tax.ts';

/** How the business bills: the tax rates new invoices take, days to pay, and whether part payments are taken online. */
export type InvoiceSettings = { rates: TaxRates; dueDays: number; partialPayments: boolean };

/** What payments' use cases work with; built once per service instance, with the provider the configuration chose. */
export type PaymentsContext<P extends PaymentProvider = PaymentProvider> = {
  db: Kysely<PaymentsDatabase>;
  provider: P;
  now: () => Date;
  /**
   * The outbox: a payment that succeeded is told to notifications in the transaction that records it, and a refund's
   * provider call is scheduled in the transaction that records the refund.
   */
  effects: PaymentsOutbox;
  invoices: InvoiceSettings;
};
