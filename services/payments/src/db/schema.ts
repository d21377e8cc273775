import type { ColumnType, Generated, Kysely, Selectable, Transaction } from 'kysely';
import type { PaymentProviderName, PaymentStatus, WebhookResponse } from '@repo/contracts';

export type PaymentsTable = {
  id: Generated<number>;
  provider: PaymentProviderName;
  payment_intent_id: string;
  amount_cents: number;
  currency: string;
  description: string;
  status: Generated<PaymentStatus>;
  /** When the current status became true at the provider (a webhook event's `created`); null while pending. */
  status_changed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The provider's message for the last declined attempt; null unless the status is failed. */
  failure_message: ColumnType<string | null, string | null | undefined, string | null>;
  /** Where the provider sends the receipt, as the payer gave it; null when not given. */
  payer_email: ColumnType<string | null, string | null | undefined, never>;
  /** The payer's invoice number or appointment code, to match the payment; null when not given. */
  reference: ColumnType<string | null, string | null | undefined, never>;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
};

/** Every handled webhook event, once: the unique event id makes a replay a no-op. */
export type PaymentEventsTable = {
  id: Generated<number>;
  event_id: string;
  type: string;
  payment_intent_id: string;
  status: PaymentStatus;
  event_created_at: Date;
  outcome: Exclude<WebhookResponse['outcome'], 'duplicate'>;
  received_at: ColumnType<Date, Date | undefined, never>;
};

export type PaymentsDatabase = { payments: PaymentsTable; payment_events: PaymentEventsTable };
export type PaymentRow = Selectable<PaymentsTable>;

/** What every repository function takes first: the database, or the transaction a use case opened. */
export type Db = Kysely<PaymentsDatabase> | Transaction<PaymentsDatabase>;
/** For repository functions that only make sense inside a transaction (row locks). */
export type Trx = Transaction<PaymentsDatabase>;
