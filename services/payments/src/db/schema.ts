import type { ColumnType, Generated, Kysely, Selectable, Transaction } from 'kysely';
import type { EstimateDecision, EstimateStatus, InvoiceStatus, PaymentProviderName, PaymentStatus, PriceBookKind, WebhookResponse } from '@repo/contracts';

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
  /** The invoice this payment settles (a payment made from the invoice's Pay balance); null for the open payment page. */
  invoice_id: ColumnType<number | null, number | null | undefined, never>;
  /** How much of the payment went to its invoice once it succeeded; the rest was refunded as an overpayment. */
  applied_cents: Generated<number>;
  refunded_cents: Generated<number>;
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

/** Booking's appointment as its latest `appointment.changed` event told it; only a newer version replaces it. */
export type AppointmentsTable = {
  id: number;
  version: number;
  customer_id: number | null;
  customer_name: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  zip_code: string;
  service_type: string;
  appliance: string;
  brand: string;
  status: string;
  confirmation_code: string;
  starts_at: Date;
  ends_at: Date;
  /** The assigned technician (tracking's id), who may build and present the visit's estimate; null when none. */
  technician_id: ColumnType<string | null, string | null | undefined, string | null>;
};

export type PriceBookItemsTable = {
  id: Generated<number>;
  kind: PriceBookKind;
  name: string;
  unit_price_cents: number;
  taxable: boolean;
  active: Generated<boolean>;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
};

/** What an invoice keeps; `overdue` is not stored but read from the due date. */
export type StoredInvoiceStatus = Exclude<InvoiceStatus, 'overdue'>;

export type InvoicesTable = {
  id: Generated<number>;
  number: string;
  appointment_id: number;
  status: Generated<StoredInvoiceStatus>;
  subtotal_cents: Generated<number>;
  tax_cents: Generated<number>;
  total_cents: Generated<number>;
  amount_paid_cents: Generated<number>;
  amount_refunded_cents: Generated<number>;
  /** The tax rates when the invoice was made: a later change of configuration leaves it as it was billed. */
  state_tax_bps: number;
  surtax_bps: number;
  surtax_cap_cents: number;
  /** A business date (YYYY-MM-DD), set when the invoice is sent. */
  due_date: ColumnType<string | null, string | null | undefined, string | null>;
  sent_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  voided_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  void_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** SHA-256 (hex) of the key of the invoice's emailed link, set when it is sent (see `invoiceLinkPath`). */
  access_key_hash: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
};

export type InvoiceLinesTable = {
  invoice_id: number;
  position: number;
  price_book_item_id: number | null;
  kind: PriceBookKind | null;
  description: string;
  quantity: number;
  unit_price_cents: number;
  taxable: boolean;
};

export type RefundsTable = {
  id: Generated<number>;
  payment_id: number;
  invoice_id: number | null;
  amount_cents: number;
  status: Generated<RefundStatus>;
  reason: string | null;
  /** The staff member's email, or `system` for an overpayment refunded by itself. */
  created_by: string;
  provider_refund_id: ColumnType<string | null, string | null | undefined, string | null>;
  failure_message: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
};
export type RefundStatus = 'pending' | 'succeeded' | 'failed';

export type EstimatesTable = {
  id: Generated<number>;
  appointment_id: number;
  /** 1 for a visit's first estimate, one more for each that replaced it. */
  version: number;
  status: Generated<EstimateStatus>;
  subtotal_cents: number;
  tax_cents: number;
  total_cents: number;
  state_tax_bps: number;
  surtax_bps: number;
  surtax_cap_cents: number;
  sent_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  decided_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  signer_name: ColumnType<string | null, string | null | undefined, string | null>;
  /** The drawn signature as the PNG data URL the pad made. */
  signature_png: ColumnType<string | null, string | null | undefined, string | null>;
  recorded_by: ColumnType<EstimateDecision['recordedBy'] | null, EstimateDecision['recordedBy'] | null | undefined, EstimateDecision['recordedBy'] | null>;
  replaced_by_id: ColumnType<number | null, number | null | undefined, number | null>;
  invoice_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
};

export type EstimateLinesTable = Omit<InvoiceLinesTable, 'invoice_id'> & { estimate_id: number };

export type PaymentsDatabase = {
  payments: PaymentsTable;
  payment_events: PaymentEventsTable;
  appointments: AppointmentsTable;
  price_book_items: PriceBookItemsTable;
  invoices: InvoicesTable;
  invoice_lines: InvoiceLinesTable;
  refunds: RefundsTable;
  estimates: EstimatesTable;
  estimate_lines: EstimateLinesTable;
};
export type PaymentRow = Selectable<PaymentsTable>;
export type AppointmentRow = Selectable<AppointmentsTable>;
export type PriceBookItemRow = Selectable<PriceBookItemsTable>;
export type InvoiceRow = Selectable<InvoicesTable>;
export type InvoiceLineRow = Selectable<InvoiceLinesTable>;
export type RefundRow = Selectable<RefundsTable>;
export type EstimateRow = Selectable<EstimatesTable>;
export type EstimateLineRow = Selectable<EstimateLinesTable>;

/** What every repository function takes first: the database, or the transaction a use case opened. */
export type Db = Kysely<PaymentsDatabase> | Transaction<PaymentsDatabase>;
/** For repository functions that only make sense inside a transaction (row locks). */
export type Trx = Transaction<PaymentsDatabase>;
