import { z } from 'zod';
import { paymentProviderSchema, paymentStatusSchema, singleLineText } from './payments.ts';
import { strictQueryNumber } from './safe-input.ts';
import { business } from './constants.ts';

/*
 * Price book, invoices and refunds, owned by payments. Money is integer US cents everywhere; quantities are whole
 * numbers (labour is billed by the hour, so a line of labour hours has a whole number of hours).
 */

/** The largest unit price and the largest line (quantity × unit price) an invoice takes: $100,000. */
export const maxUnitPriceCents = 10_000_000;
export const maxLineCents = 10_000_000;
export const maxLineQuantity = 999;
export const maxInvoiceLines = 100;
export const invoiceTextMax = 200;

export const invoiceMessages = {
  name: `Name is required and has at most ${invoiceTextMax} characters`,
  kind: 'Kind must be service or part',
  unitPriceCents: 'Unit price must be a whole number of cents, $0.00 to $100,000.00',
  taxable: 'Say whether the item is taxable',
  active: 'Say whether the item is active',
  description: `Description is required and has at most ${invoiceTextMax} characters`,
  quantity: `Quantity must be a whole number from 1 to ${maxLineQuantity}`,
  lineAmount: 'A line may come to at most $100,000.00',
  lines: `An invoice has at most ${maxInvoiceLines} lines`,
  priceBookItemId: 'That price book item does not exist',
  appointmentId: 'Appointment id must be a positive whole number',
  customerId: 'Customer id must be a positive whole number',
  voidReason: `Give a reason of 3 to ${invoiceTextMax} characters`,
  refundAmount: 'Refund amount must be a whole number of cents, at least 1',
  payAmount: 'Amount must be a whole number of cents, at least 1',
} as const;

const text = (message: string) =>
  z
    .string({ error: message })
    .max(invoiceTextMax, message)
    .transform(singleLineText)
    .pipe(z.string().min(1, message));

const cents = (message: string, max = maxUnitPriceCents) => z.number({ error: message }).int(message).min(0, message).max(max, message);

export const priceBookKinds = ['service', 'part'] as const;
export const priceBookKindSchema = z.enum(priceBookKinds, { error: invoiceMessages.kind });
export type PriceBookKind = (typeof priceBookKinds)[number];

export const priceBookItemInputSchema = z.object({
  kind: priceBookKindSchema,
  name: text(invoiceMessages.name),
  unitPriceCents: cents(invoiceMessages.unitPriceCents),
  taxable: z.boolean({ error: invoiceMessages.taxable }),
  active: z.boolean({ error: invoiceMessages.active }).default(true),
});
export type PriceBookItemInput = z.input<typeof priceBookItemInputSchema>;

export const priceBookItemSchema = z.object({
  id: z.number().int(),
  kind: priceBookKindSchema,
  name: z.string(),
  unitPriceCents: z.number().int(),
  taxable: z.boolean(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PriceBookItem = z.infer<typeof priceBookItemSchema>;

export const priceBookListQuerySchema = z.object({
  /** `true`: only items staff can still add to invoices. */
  active: z.enum(['true', 'false']).optional(),
});
export const priceBookListResponseSchema = z.object({ items: z.array(priceBookItemSchema) });
export type PriceBookListResponse = z.infer<typeof priceBookListResponseSchema>;

/** A record's id in a path, written as the server writes it (no sign, zeros in front, decimals or exponent). */
export const idParamsSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, 'Id must be a whole number from 1')
    .transform(Number)
    .pipe(z.number().max(2_147_483_647, 'Id is too large')),
});

/**
 * One line as staff send it. With `priceBookItemId` the line is a snapshot of that item: whatever of description, unit
 * price and taxable is left out is copied from the item as it is now (later price-book changes leave the invoice alone).
 * Without it, a free line names all three.
 */
export const invoiceLineInputSchema = z
  .object({
    priceBookItemId: z.number({ error: invoiceMessages.priceBookItemId }).int(invoiceMessages.priceBookItemId).positive(invoiceMessages.priceBookItemId).nullable().optional(),
    description: text(invoiceMessages.description).optional(),
    quantity: z.number({ error: invoiceMessages.quantity }).int(invoiceMessages.quantity).min(1, invoiceMessages.quantity).max(maxLineQuantity, invoiceMessages.quantity),
    unitPriceCents: cents(invoiceMessages.unitPriceCents).optional(),
    taxable: z.boolean({ error: invoiceMessages.taxable }).optional(),
  })
  .superRefine((line, ctx) => {
    if (line.priceBookItemId == null) {
      if (line.description === undefined) ctx.addIssue({ code: 'custom', path: ['description'], message: invoiceMessages.description });
      if (line.unitPriceCents === undefined) ctx.addIssue({ code: 'custom', path: ['unitPriceCents'], message: invoiceMessages.unitPriceCents });
      if (line.taxable === undefined) ctx.addIssue({ code: 'custom', path: ['taxable'], message: invoiceMessages.taxable });
    }
    if (line.unitPriceCents !== undefined && line.unitPriceCents * line.quantity > maxLineCents) {
      ctx.addIssue({ code: 'custom', path: ['unitPriceCents'], message: invoiceMessages.lineAmount });
    }
  });
export type InvoiceLineInput = z.input<typeof invoiceLineInputSchema>;

/** Up to 100 lines, as invoices and estimates take them. */
export const linesSchema = z.array(invoiceLineInputSchema, { error: invoiceMessages.lines }).max(maxInvoiceLines, invoiceMessages.lines);

export const createInvoiceRequestSchema = z.object({
  appointmentId: z.number({ error: invoiceMessages.appointmentId }).int(invoiceMessages.appointmentId).positive(invoiceMessages.appointmentId),
  lines: linesSchema.default([]),
});
export type CreateInvoiceRequest = z.input<typeof createInvoiceRequestSchema>;

export const updateInvoiceLinesRequestSchema = z.object({ lines: linesSchema });
export type UpdateInvoiceLinesRequest = z.input<typeof updateInvoiceLinesRequestSchema>;

export const voidInvoiceRequestSchema = z.object({
  reason: z
    .string({ error: invoiceMessages.voidReason })
    .max(invoiceTextMax, invoiceMessages.voidReason)
    .transform(singleLineText)
    .pipe(z.string().min(3, invoiceMessages.voidReason)),
});
export type VoidInvoiceRequest = z.input<typeof voidInvoiceRequestSchema>;

export const refundRequestSchema = z.object({
  /** The invoice payment to refund (its provider id). */
  paymentIntentId: z.string({ error: 'Choose the payment to refund' }).min(3, 'Choose the payment to refund').max(255, 'Choose the payment to refund'),
  amountCents: z.number({ error: invoiceMessages.refundAmount }).int(invoiceMessages.refundAmount).min(1, invoiceMessages.refundAmount).max(maxLineCents * maxInvoiceLines, invoiceMessages.refundAmount),
  reason: z.string({ error: `Reason has at most ${invoiceTextMax} characters` }).max(invoiceTextMax, `Reason has at most ${invoiceTextMax} characters`).transform(singleLineText).optional(),
});
export type RefundRequest = z.input<typeof refundRequestSchema>;

/** Empty to pay the whole balance; an amount only where the business takes part payments (INVOICE_PARTIAL_PAYMENTS). */
export const payInvoiceRequestSchema = z.object({
  amountCents: z.number({ error: invoiceMessages.payAmount }).int(invoiceMessages.payAmount).min(1, invoiceMessages.payAmount).max(maxLineCents * maxInvoiceLines, invoiceMessages.payAmount).optional(),
});
export type PayInvoiceRequest = z.input<typeof payInvoiceRequestSchema>;

/** Stored statuses are draft, sent, partially_paid, paid and void; overdue is a sent or part-paid invoice past its due date. */
export const invoiceStatuses = ['draft', 'sent', 'partially_paid', 'paid', 'overdue', 'void'] as const;
export const invoiceStatusSchema = z.enum(invoiceStatuses);
export type InvoiceStatus = (typeof invoiceStatuses)[number];
export const invoiceStatusLabels: Record<InvoiceStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  partially_paid: 'Partially paid',
  paid: 'Paid',
  overdue: 'Overdue',
  void: 'Void',
};

export const invoiceLineSchema = z.object({
  position: z.number().int(),
  priceBookItemId: z.number().int().nullable(),
  kind: priceBookKindSchema.nullable(),
  description: z.string(),
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
  taxable: z.boolean(),
  amountCents: z.number().int(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const invoicePaymentSchema = z.object({
  paymentIntentId: z.string(),
  provider: paymentProviderSchema,
  status: paymentStatusSchema,
  amountCents: z.number().int(),
  /** What of it went to the invoice; anything beyond the balance it met is refunded. */
  appliedCents: z.number().int(),
  refundedCents: z.number().int(),
  createdAt: z.string(),
});
export type InvoicePayment = z.infer<typeof invoicePaymentSchema>;

export const refundStatuses = ['pending', 'succeeded', 'failed'] as const;
export const refundSchema = z.object({
  id: z.number().int(),
  paymentIntentId: z.string(),
  amountCents: z.number().int(),
  status: z.enum(refundStatuses),
  /** `overpayment`: refunded by the system because the invoice was already paid; otherwise staff's reason. */
  reason: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type Refund = z.infer<typeof refundSchema>;

export const invoiceCustomerSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
});

export const invoiceSummarySchema = z.object({
  id: z.number().int(),
  number: z.string(),
  appointmentId: z.number().int(),
  status: invoiceStatusSchema,
  customer: invoiceCustomerSchema,
  totalCents: z.number().int(),
  balanceCents: z.number().int(),
  dueDate: z.string().nullable(),
  createdAt: z.string(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

export const invoiceSchema = invoiceSummarySchema.extend({
  visit: z.object({ serviceType: z.string(), appliance: z.string(), brand: z.string(), startsAt: z.string() }),
  lines: z.array(invoiceLineSchema),
  subtotalCents: z.number().int(),
  taxCents: z.number().int(),
  /** The rates the invoice was made with, in basis points, and the surtax's cap per line in cents. */
  tax: z.object({ stateBps: z.number().int(), surtaxBps: z.number().int(), surtaxCapCents: z.number().int() }),
  amountPaidCents: z.number().int(),
  amountRefundedCents: z.number().int(),
  sentAt: z.string().nullable(),
  voidedAt: z.string().nullable(),
  voidReason: z.string().nullable(),
  updatedAt: z.string(),
  /** Whether staff may still change the lines: a draft, or a sent invoice nothing was paid on. */
  editable: z.boolean(),
  /** Whether the customer can pay it online now, and whether they may choose a part of the balance. */
  payable: z.boolean(),
  partialPayments: z.boolean(),
  payments: z.array(invoicePaymentSchema),
  refunds: z.array(refundSchema),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceListQuerySchema = z.object({
  status: invoiceStatusSchema.optional(),
  /** An invoice number, or part of the customer's name or email. */
  search: z.string().trim().max(100, 'Search has at most 100 characters').optional(),
  appointmentId: strictQueryNumber(z.number({ error: invoiceMessages.appointmentId }).int(invoiceMessages.appointmentId).min(1, invoiceMessages.appointmentId).max(2_147_483_647, invoiceMessages.appointmentId)).optional(),
  /** Staff: the invoices of one customer account's visits (their record in the back office). A customer's list is always their own. */
  customerId: strictQueryNumber(z.number({ error: invoiceMessages.customerId }).int(invoiceMessages.customerId).min(1, invoiceMessages.customerId).max(2_147_483_647, invoiceMessages.customerId)).optional(),
  page: strictQueryNumber(z.number({ error: 'Page must be a number' }).int('Page must be a whole number').min(1, 'Page must be at least 1').max(10_000, 'Page must be at most 10000')).default(1),
  pageSize: strictQueryNumber(z.number({ error: 'Page size must be a number' }).int('Page size must be a whole number').min(1, 'Page size must be at least 1').max(100, 'Page size must be at most 100')).default(25),
});
export type InvoiceListQuery = z.input<typeof invoiceListQuerySchema>;
export type InvoiceListFilters = z.output<typeof invoiceListQuerySchema>;

export const invoiceListResponseSchema = z.object({
  items: z.array(invoiceSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type InvoiceListResponse = z.infer<typeof invoiceListResponseSchema>;

/** What paying an invoice starts: the provider's intent for the amount the server chose. */
export const payInvoiceResponseSchema = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  provider: paymentProviderSchema,
  amountCents: z.number().int(),
});
export type PayInvoiceResponse = z.infer<typeof payInvoiceResponseSchema>;

/** Dollars and cents for people: 12345 → "$123.45". */
export function formatCents(amountCents: number): string {
  const sign = amountCents < 0 ? '-' : '';
  const absolute = Math.abs(amountCents);
  const dollars = Math.floor(absolute / 100).toLocaleString('en-US');
  return `${sign}$${dollars}.${String(absolute % 100).padStart(2, '0')}`;
}

export const invoicePaths = {
  priceBook: '/api/payments/price-book',
  invoices: '/api/payments/invoices',
  invoice: (id: number) => `/api/payments/invoices/${id}`,
  pdf: (id: number) => `/api/payments/invoices/${id}/pdf`,
  receipt: (id: number) => `/api/payments/invoices/${id}/receipt`,
} as const;

/**
 * An invoice's link: sending an invoice emails its customer `/invoices/:id#access=<key>` on the portal. The key (32
 * random bytes, base64url) opens that one invoice without an account, for viewing, paying and its PDFs, sent as the
 * `X-Invoice-Access` header; payments keeps only its SHA-256. The fragment never reaches a server.
 */
export const invoiceAccessHeader = 'x-invoice-access';
export const invoiceAccessKeySchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
/** How long an invoice's link works after the invoice was sent: long enough for a slow payer and for the receipt. */
export const invoiceLinkValidDays = 180;
export const invoiceLinkMessages = {
  expired: `This invoice link has expired. Log in to your account to see the invoice, or call us at ${business.phoneDisplay}.`,
} as const;
/** The portal's page of one invoice, opened by its emailed key. */
export const invoiceLinkPath = (id: number, key: string) => `/invoices/${id}#access=${encodeURIComponent(key)}`;
