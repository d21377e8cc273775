import { useMutation } from '@tanstack/react-query';
import type { CreatePaymentIntentRequest, CreatePaymentIntentResponse } from '@repo/contracts';
import { apiJson } from '@repo/ui';

export type CreatePaymentIntentVariables = { request: CreatePaymentIntentRequest; idempotencyKey: string };

/** POST /api/create-payment-intent. The Idempotency-Key makes a retried request answer the same intent. */
export function createPaymentIntent({ request, idempotencyKey }: CreatePaymentIntentVariables): Promise<CreatePaymentIntentResponse> {
  return apiJson<CreatePaymentIntentResponse>('POST', '/api/create-payment-intent', request, { headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useCreatePaymentIntent() {
  return useMutation({ mutationFn: createPaymentIntent });
}
