import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { estimateListResponseSchema, estimatePaths, estimateSchema, type EstimateDecisionRequest } from '@repo/contracts';
import { apiJson, apiRequest, saveFile, suggestedFileName } from '@repo/ui';
import { appointmentAccessHeaders } from '@repo/ui/api';

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

const linkedEstimatesKey = (appointmentId: number) => ['linked-estimates', appointmentId] as const;

/**
 * POST …/approve or …/decline: the customer's answer with their name and (if drawn) signature, as the signed-in
 * customer, or with the manage link's token (`accessToken`) for a visitor who opened the page by its link.
 */
export function useAnswerEstimate(appointmentId: number, accessToken?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, outcome, decision }: { id: number; outcome: 'approved' | 'declined'; decision: EstimateDecisionRequest }) =>
      estimateSchema.parse(
        await apiJson<unknown>('POST', outcome === 'approved' ? estimatePaths.approve(id) : estimatePaths.decline(id), decision, accessToken === undefined ? undefined : { headers: appointmentAccessHeaders(accessToken) }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accessToken === undefined ? estimatesKey(appointmentId) : linkedEstimatesKey(appointmentId) }),
  });
}

/**
 * GET /api/payments/appointments/:id/estimates with the manage link's token: the visit's presented estimates for a
 * visitor who opened the page by its link (no session). A visit billing has not heard of yet is a 404: nothing shown.
 */
export function useLinkedEstimates(appointmentId: number, accessToken: string) {
  return useQuery({
    queryKey: linkedEstimatesKey(appointmentId),
    queryFn: async ({ signal }) =>
      estimateListResponseSchema.parse(await apiJson<unknown>('GET', estimatePaths.ofAppointment(appointmentId), undefined, { signal, headers: appointmentAccessHeaders(accessToken) })),
    staleTime: 0,
  });
}

/** The estimate's PDF with the manage link's token in its header, which a plain link cannot send: fetched, then saved. */
export async function downloadEstimateWithLink(id: number, accessToken: string): Promise<void> {
  const response = await apiRequest('GET', estimatePaths.pdf(id), undefined, { headers: appointmentAccessHeaders(accessToken) });
  saveFile(await response.blob(), suggestedFileName(response.headers.get('content-disposition')) ?? `estimate-${id}.pdf`);
}
