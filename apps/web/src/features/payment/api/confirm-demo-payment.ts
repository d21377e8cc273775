import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DemoConfirmRequest, DemoConfirmResponse } from '@repo/contracts';
import { apiJson } from '@repo/ui';
import { paymentQuery } from './payment.ts';

/** POST /api/payments/demo/confirm: the demo provider's stand-in for Stripe's confirmPayment (no card is charged). */
export function confirmDemoPayment(request: DemoConfirmRequest): Promise<DemoConfirmResponse> {
  return apiJson<DemoConfirmResponse>('POST', '/api/payments/demo/confirm', request);
}

/** Confirms, and keeps the answer as the payment the confirmation page shows first. */
export function useConfirmDemoPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmDemoPayment,
    onSuccess: ({ payment }) => queryClient.setQueryData(paymentQuery(payment.paymentIntentId).queryKey, payment),
  });
}
