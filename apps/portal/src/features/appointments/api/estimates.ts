import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { estimateListResponseSchema, estimatePaths, estimateSchema, type EstimateDecisionRequest } from '@repo/contracts';
import { apiJson } from '@repo/ui';

const estimatesKey = (appointmentId: number) => ['my-estimates', appointmentId] as const;

/**
 * GET /api/payments/estimates?appointmentId=: the presented estimates of the signed-in customer's visit, newest first.
 * A visit billing has not heard of yet answers an empty list.
 */
export function useMyEstimates(appointmentId: number) {
  return useQuery({
    queryKey: estimatesKey(appointmentId),
    queryFn: async ({ signal }) => estimateListResponseSchema.parse(await apiJson<unknown>('GET', estimatePaths.forAppointment(appointmentId), undefined, { signal })),
    staleTime: 0,
  });
}

/** POST …/approve or …/decline: the customer's answer with their name and (if drawn) signature. */
export function useAnswerEstimate(appointmentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, outcome, decision }: { id: number; outcome: 'approved' | 'declined'; decision: EstimateDecisionRequest }) =>
      estimateSchema.parse(await apiJson<unknown>('POST', outcome === 'approved' ? estimatePaths.approve(id) : estimatePaths.decline(id), decision)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: estimatesKey(appointmentId) }),
  });
}
