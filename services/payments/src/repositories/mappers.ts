import type { Estimate, Invoice, InvoiceLine, InvoiceSummary, PaymentListItem, PriceBookItem, PublicPayment, Refund } from '@repo/contracts';
import type { AppointmentRow, EstimateLineRow, EstimateRow, InvoiceLineRow, InvoiceRow, PaymentRow, PriceBookItemRow, RefundRow } from '../db/schema.ts';
import { balanceCents, displayStatus, isEditable, isPayable } from '../domain/invoice-state.ts';
import { lineAmountCents } from '../domain/tax.ts';

/** Rows become contract types here and nowhere else. */
export function toPublicPayment(row: PaymentRow): PublicPayment {
  return {
    paymentIntentId: row.payment_intent_id,
    status: row.status,
    amount: row.amount_cents / 100,
    currency: row.currency,
    description: row.description,
    createdAt: row.created_at.toISOString(),
    reference: row.reference,
    receiptEmailed: row.status === 'succeeded' && row.payer_email !== null,
  };
}

export function toPaymentListItem(row: PaymentRow): PaymentListItem {
  return {
    ...toPublicPayment(row),
    id: row.id,
    provider: row.provider,
    failureMessage: row.failure_message,
    payerEmail: row.payer_email,
    reference: row.reference,
    refunded: row.refunded_cents / 100,
    updatedAt: row.updated_at.toISOString(),
  };
}

export function toPriceBookItem(row: PriceBookItemRow): PriceBookItem {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    unitPriceCents: row.unit_price_cents,
    taxable: row.taxable,
    active: row.active,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

type Customer = Pick<AppointmentRow, 'customer_name' | 'email' | 'phone' | 'address' | 'city' | 'state' | 'zip_code'>;

export function toInvoiceSummary(invoice: InvoiceRow, customer: Customer, today: string): InvoiceSummary {
  return {
    id: invoice.id,
    number: invoice.number,
    appointmentId: invoice.appointment_id,
    status: displayStatus(invoice, today),
    customer: {
      name: customer.customer_name,
      email: customer.email,
      phone: customer.phone,
      address: `${customer.address}, ${customer.city}, ${customer.state} ${customer.zip_code}`,
    },
    totalCents: invoice.total_cents,
    balanceCents: invoice.status === 'void' ? 0 : balanceCents(invoice),
    dueDate: invoice.due_date,
    createdAt: invoice.created_at.toISOString(),
  };
}

export function toRefund(row: RefundRow & { payment_intent_id: string }): Refund {
  return {
    id: row.id,
    paymentIntentId: row.payment_intent_id,
    amountCents: row.amount_cents,
    status: row.status,
    reason: row.reason,
    createdBy: row.created_by,
    createdAt: row.created_at.toISOString(),
  };
}

export type InvoiceParts = {
  invoice: InvoiceRow;
  appointment: AppointmentRow;
  lines: InvoiceLineRow[];
  payments: PaymentRow[];
  refunds: (RefundRow & { payment_intent_id: string })[];
  today: string;
  partialPayments: boolean;
};

export function toInvoice({ invoice, appointment, lines, payments, refunds, today, partialPayments }: InvoiceParts): Invoice {
  return {
    ...toInvoiceSummary(invoice, appointment, today),
    visit: { serviceType: appointment.service_type, appliance: appointment.appliance, brand: appointment.brand, startsAt: appointment.starts_at.toISOString() },
    lines: lines.map(toLine),
    subtotalCents: invoice.subtotal_cents,
    taxCents: invoice.tax_cents,
    tax: { stateBps: invoice.state_tax_bps, surtaxBps: invoice.surtax_bps, surtaxCapCents: invoice.surtax_cap_cents },
    amountPaidCents: invoice.amount_paid_cents,
    amountRefundedCents: invoice.amount_refunded_cents,
    sentAt: invoice.sent_at?.toISOString() ?? null,
    voidedAt: invoice.voided_at?.toISOString() ?? null,
    voidReason: invoice.void_reason,
    updatedAt: invoice.updated_at.toISOString(),
    editable: isEditable(invoice),
    payable: isPayable(invoice),
    partialPayments,
    payments: payments.map((payment) => ({
      paymentIntentId: payment.payment_intent_id,
      provider: payment.provider,
      status: payment.status,
      amountCents: payment.amount_cents,
      appliedCents: payment.applied_cents,
      refundedCents: payment.refunded_cents,
      createdAt: payment.created_at.toISOString(),
    })),
    refunds: refunds.map(toRefund),
  };
}

type LineRow = Pick<InvoiceLineRow, 'position' | 'price_book_item_id' | 'kind' | 'description' | 'quantity' | 'unit_price_cents' | 'taxable'>;

function toLine(line: LineRow): InvoiceLine {
  return {
    position: line.position,
    priceBookItemId: line.price_book_item_id,
    kind: line.kind,
    description: line.description,
    quantity: line.quantity,
    unitPriceCents: line.unit_price_cents,
    taxable: line.taxable,
    amountCents: lineAmountCents({ quantity: line.quantity, unitPriceCents: line.unit_price_cents }),
  };
}

export function toEstimate(estimate: EstimateRow & { invoice_number: string | null }, appointment: Pick<AppointmentRow, 'customer_name'>, lines: EstimateLineRow[]): Estimate {
  const decided = (estimate.status === 'approved' || estimate.status === 'declined') && estimate.decided_at && estimate.signer_name && estimate.recorded_by;
  return {
    id: estimate.id,
    appointmentId: estimate.appointment_id,
    version: estimate.version,
    status: estimate.status,
    customerName: appointment.customer_name,
    lines: lines.map(toLine),
    subtotalCents: estimate.subtotal_cents,
    taxCents: estimate.tax_cents,
    totalCents: estimate.total_cents,
    tax: { stateBps: estimate.state_tax_bps, surtaxBps: estimate.surtax_bps, surtaxCapCents: estimate.surtax_cap_cents },
    sentAt: estimate.sent_at?.toISOString() ?? null,
    decision: decided
      ? { outcome: estimate.status as 'approved' | 'declined', at: estimate.decided_at!.toISOString(), signerName: estimate.signer_name!, signature: estimate.signature_png, recordedBy: estimate.recorded_by! }
      : null,
    replacedById: estimate.replaced_by_id,
    invoiceId: estimate.invoice_id,
    invoiceNumber: estimate.invoice_number,
    createdAt: estimate.created_at.toISOString(),
    updatedAt: estimate.updated_at.toISOString(),
  };
}
