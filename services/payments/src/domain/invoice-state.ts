import type { InvoiceStatus } from '@repo/contracts';
import type { InvoiceRow, StoredInvoiceStatus } from '../db/schema.ts';

type Money = Pick<InvoiceRow, 'status' | 'total_cents' | 'amount_paid_cents' | 'amount_refunded_cents' | 'due_date'>;

/**
 * What is still owed. Payments count up to the total (an overpayment's excess is refunded and never counted), and a
 * refund does not reopen the balance: staff refund to give money back (a goodwill credit, a part not fitted), not to
 * bill it again. So the balance is the total less what was paid, never below zero.
 */
export const balanceCents = (invoice: Pick<InvoiceRow, 'total_cents' | 'amount_paid_cents'>) => Math.max(invoice.total_cents - invoice.amount_paid_cents, 0);

/** The stored status after the amount paid changed: paid once payments reach the total, part-paid before. */
export function statusAfterPayment(invoice: Pick<InvoiceRow, 'status' | 'total_cents' | 'amount_paid_cents'>): StoredInvoiceStatus {
  if (invoice.status === 'void' || invoice.status === 'draft') return invoice.status;
  if (invoice.amount_paid_cents >= invoice.total_cents) return 'paid';
  return invoice.amount_paid_cents > 0 ? 'partially_paid' : 'sent';
}

/** The status people see: a sent or part-paid invoice whose due date (a business date) has passed is overdue. */
export function displayStatus(invoice: Money, today: string): InvoiceStatus {
  if ((invoice.status === 'sent' || invoice.status === 'partially_paid') && invoice.due_date !== null && invoice.due_date < today) return 'overdue';
  return invoice.status;
}

/** Staff may change the lines of a draft, or of a sent invoice on which nothing was paid. */
export const isEditable = (invoice: Pick<InvoiceRow, 'status' | 'amount_paid_cents'>) =>
  invoice.status === 'draft' || (invoice.status === 'sent' && invoice.amount_paid_cents === 0);

/** The customer can pay a sent or part-paid invoice with something left to pay. */
export const isPayable = (invoice: Pick<InvoiceRow, 'status' | 'total_cents' | 'amount_paid_cents'>) =>
  (invoice.status === 'sent' || invoice.status === 'partially_paid') && balanceCents(invoice) > 0;

/**
 * A voided invoice must hold no money: while payments on it are not refunded in full, voiding is refused (refund
 * first). That keeps the books simple: no credit balances to track, and what the customer paid is what they got back.
 */
export const netPaidCents = (invoice: Pick<InvoiceRow, 'amount_paid_cents' | 'amount_refunded_cents'>) => invoice.amount_paid_cents - invoice.amount_refunded_cents;
