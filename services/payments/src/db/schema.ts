import type { ColumnType, Generated, Selectable } from 'kysely';
import type { paymentStatuses } from '@repo/contracts';

export type PaymentsTable = {
  id: Generated<number>;
  provider: 'stripe' | 'demo';
  payment_intent_id: string;
  amount_cents: number;
  currency: string;
  description: string;
  status: Generated<(typeof paymentStatuses)[number]>;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
};

export type PaymentsDatabase = { payments: PaymentsTable };
export type PaymentRow = Selectable<PaymentsTable>;
