import { z } from 'zod';
import { invoiceLineSchema, invoiceMessages, linesSchema } from './invoices.ts';
import { singleLineText } from './payments.ts';

/*
 * Estimates, owned by payments: the lines a technician (or the office) proposes for a visit, taxed exactly as an
 * invoice is, which the customer approves or declines with their typed name and a drawn signature. Changing a
 * presented estimate makes a new version and marks the old one replaced, so what a customer signed never changes.
 */

export const estimateStatuses = ['draft', 'sent', 'approved', 'declined', 'replaced'] as const;
export type EstimateStatus = (typeof estimateStatuses)[number];
export const estimateStatusLabels: Record<EstimateStatus, string> = {
  draft: 'Draft',
  sent: 'Waiting for the customer',
  approved: 'Approved',
  declined: 'Declined',
  replaced: 'Replaced',
};

/** The largest signature image taken, in bytes of PNG (a pad's drawing at phone size is a few tens of kB). */
export const maxSignatureBytes = 200_000;
export const signerNameMax = 100;
const pngDataUrlPrefix = 'data:image/png;base64,';

export const estimateMessages = {
  signerName: `Type the name of the person signing (at most ${signerNameMax} characters)`,
  signature: `The signature must be a drawn PNG image of at most ${maxSignatureBytes / 1000} kB`,
  signatureRequired: 'Ask the customer to sign in the box: a drawn signature is required to approve on the technician’s phone',
  noLines: 'Add at least one line before presenting the estimate',
  alreadyOpen: 'This visit already has an estimate in progress: change or present that one',
  alreadyDecided: (status: 'approved' | 'declined') => `This estimate was already ${status}; it cannot be approved or declined again`,
  replaced: 'This estimate was replaced by a newer version; approve or decline the newest one',
  notPresented: 'This estimate has not been presented yet; present it to the customer first',
  notEditable: (status: EstimateStatus) => `This estimate is ${status} and cannot change any more`,
  notApproved: 'Only an approved estimate can become an invoice',
  notFound: 'We could not find that estimate.',
  appointmentNotFound: 'We have no record of that visit for you. If it was just assigned, try again in a minute.',
} as const;

/** The base64 payload of a PNG data URL, or undefined when the text is not one. */
export function pngDataUrlPayload(value: string): string | undefined {
  if (!value.startsWith(pngDataUrlPrefix)) return undefined;
  const payload = value.slice(pngDataUrlPrefix.length);
  return /^[A-Za-z0-9+/]+={0,2}$/.test(payload) ? payload : undefined;
}

/** Bytes a base64 payload decodes to. */
export const base64Bytes = (payload: string) => Math.floor((payload.length * 3) / 4) - (payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0);

const signatureSchema = z
  .string({ error: estimateMessages.signature })
  .max(Math.ceil((maxSignatureBytes * 4) / 3) + pngDataUrlPrefix.length + 4, estimateMessages.signature)
  .refine((value) => {
    const payload = pngDataUrlPayload(value);
    return payload !== undefined && base64Bytes(payload) <= maxSignatureBytes;
  }, estimateMessages.signature);

export const createEstimateRequestSchema = z.object({
  appointmentId: z.number({ error: invoiceMessages.appointmentId }).int(invoiceMessages.appointmentId).positive(invoiceMessages.appointmentId),
  lines: linesSchema.default([]),
});
export type CreateEstimateRequest = z.input<typeof createEstimateRequestSchema>;

export const updateEstimateLinesRequestSchema = z.object({ lines: linesSchema });
export type UpdateEstimateLinesRequest = z.input<typeof updateEstimateLinesRequestSchema>;

/**
 * The customer's answer: their typed name and, to approve, the signature drawn on the pad as a PNG data URL. The
 * signed-in customer approving remotely in the portal may leave the drawing out (their account and typed name are the
 * signature, so a keyboard user can approve); on the technician's phone a drawing is required.
 */
export const estimateDecisionRequestSchema = z.object({
  signerName: z
    .string({ error: estimateMessages.signerName })
    .max(signerNameMax, estimateMessages.signerName)
    .transform(singleLineText)
    .pipe(z.string().min(1, estimateMessages.signerName)),
  signature: signatureSchema.nullable().optional(),
});
export type EstimateDecisionRequest = z.input<typeof estimateDecisionRequestSchema>;

export const estimateListQuerySchema = z.object({
  appointmentId: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, invoiceMessages.appointmentId)
    .transform(Number)
    .pipe(z.number().max(2_147_483_647, invoiceMessages.appointmentId)),
});

export const estimateDecisionSchema = z.object({
  outcome: z.enum(['approved', 'declined']),
  at: z.string(),
  signerName: z.string(),
  /** The drawn signature (a PNG data URL); null when declined without one or approved remotely by typed name. */
  signature: z.string().nullable(),
  /** Who recorded it: the technician's phone, the customer (signed in to the portal, or through the visit's manage link) or the office. */
  recordedBy: z.enum(['technician', 'customer', 'staff']),
});
export type EstimateDecision = z.infer<typeof estimateDecisionSchema>;

export const estimateSchema = z.object({
  id: z.number().int(),
  appointmentId: z.number().int(),
  version: z.number().int(),
  status: z.enum(estimateStatuses),
  customerName: z.string(),
  lines: z.array(invoiceLineSchema),
  subtotalCents: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
  tax: z.object({ stateBps: z.number().int(), surtaxBps: z.number().int(), surtaxCapCents: z.number().int() }),
  sentAt: z.string().nullable(),
  decision: estimateDecisionSchema.nullable(),
  /** The newer version that replaced this one. */
  replacedById: z.number().int().nullable(),
  /** The invoice made from it (an approved estimate becomes one invoice, once). */
  invoiceId: z.number().int().nullable(),
  invoiceNumber: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Estimate = z.infer<typeof estimateSchema>;

export const estimateListResponseSchema = z.object({ items: z.array(estimateSchema) });
export type EstimateListResponse = z.infer<typeof estimateListResponseSchema>;

export const estimateInvoiceResponseSchema = z.object({ invoiceId: z.number().int(), number: z.string(), created: z.boolean() });
export type EstimateInvoiceResponse = z.infer<typeof estimateInvoiceResponseSchema>;

export const estimatePaths = {
  estimates: '/api/payments/estimates',
  forAppointment: (appointmentId: number) => `/api/payments/estimates?appointmentId=${appointmentId}`,
  estimate: (id: number) => `/api/payments/estimates/${id}`,
  lines: (id: number) => `/api/payments/estimates/${id}/lines`,
  present: (id: number) => `/api/payments/estimates/${id}/present`,
  approve: (id: number) => `/api/payments/estimates/${id}/approve`,
  decline: (id: number) => `/api/payments/estimates/${id}/decline`,
  invoice: (id: number) => `/api/payments/estimates/${id}/invoice`,
  pdf: (id: number) => `/api/payments/estimates/${id}/pdf`,
  /** The visit's estimates for its appointment page (signed in, or with the manage link). */
  ofAppointment: (appointmentId: number) => `/api/payments/appointments/${appointmentId}/estimates`,
} as const;
