import { z } from 'zod';
import { payment } from './constants.ts';

export const createPaymentIntentRequestSchema = z.object({
  amount: z
    .number({ error: 'Amount must be a number' })
    .min(payment.minAmount, 'Amount must be at least $1.00')
    .max(payment.maxAmount, 'Amount must be at most $10,000.00')
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, 'Amount can have at most two decimals'),
  description: z.string().trim().max(200, 'Description must be at most 200 characters').optional().transform((value) => value || payment.defaultDescription),
});
export type CreatePaymentIntentRequest = z.input<typeof createPaymentIntentRequestSchema>;

export const createPaymentIntentResponseSchema = z.object({ clientSecret: z.string(), paymentIntentId: z.string() });
export type CreatePaymentIntentResponse = z.infer<typeof createPaymentIntentResponseSchema>;

export const paymentStatuses = ['pending', 'processing', 'succeeded', 'failed', 'canceled'] as const;
export const paymentStatusSchema = z.enum(paymentStatuses);

export const publicPaymentSchema = z.object({
  paymentIntentId: z.string(),
  status: paymentStatusSchema,
  amount: z.number(),
  description: z.string(),
  createdAt: z.string(),
});
export type PublicPayment = z.infer<typeof publicPaymentSchema>;
export const paymentIntentParamsSchema = z.object({ paymentIntentId: z.string().min(3).max(255).regex(/^[A-Za-z0-9_]+$/, 'Payment id is malformed') });

export const paymentListQuerySchema = z.object({
  status: paymentStatusSchema.optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export const paymentListResponseSchema = z.object({
  items: z.array(publicPaymentSchema.extend({ id: z.number().int(), provider: z.string() })),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
