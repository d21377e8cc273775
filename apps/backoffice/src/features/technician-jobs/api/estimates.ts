import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  estimateInvoiceResponseSchema,
  estimateListResponseSchema,
  estimatePaths,
  estimateSchema,
  invoicePaths,
  priceBookListResponseSchema,
  type EstimateDecisionRequest,
  type InvoiceLineInput,
} from '@repo/contracts';
import { adminApi } from '../../../lib/api-client.ts';

const estimatesKey = (appointmentId: number) => ['estimates', appointmentId] as const;

/** GET /api/payments/estimates?appointmentId=: the visit's estimates, newest version first (staff and its technician). */
export function useVisitEstimates(appointmentId: number) {
  return useQuery({
    queryKey: estimatesKey(appointmentId),
    queryFn: async ({ signal }) => estimateListResponseSchema.parse(await adminApi.json<unknown>('GET', estimatePaths.forAppointment(appointmentId), undefined, { signal })),
    staleTime: 0,
    retry: false,
  });
}

/** GET /api/payments/price-book?active=true: what may go on an estimate (technicians read it too). */
export function useActivePriceBook() {
  return useQuery({
    queryKey: ['price-book', true] as const,
    queryFn: async ({ signal }) => priceBookListResponseSchema.parse(await adminApi.json<unknown>('GET', `${invoicePaths.priceBook}?active=true`, undefined, { signal })),
    staleTime: 60_000,
  });
}

/** Any change to a visit's estimates: the answer is checked, then the visit's list is asked again. */
function useEstimateChange<V>(appointmentId: number, change: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variables: V) => estimateSchema.parse(await change(variables)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: estimatesKey(appointmentId) }),
  });
}

/** POST /api/payments/estimates: a draft for the visit. */
export const useStartEstimate = (appointmentId: number) =>
  useEstimateChange(appointmentId, () => adminApi.json<unknown>('POST', estimatePaths.estimates, { appointmentId, lines: [] }));

/** PUT …/lines, then (to present) POST …/present on the version the save answered (a presented one is replaced). */
export const useSaveEstimate = (appointmentId: number) =>
  useEstimateChange(appointmentId, async ({ id, lines, present }: { id: number; lines: InvoiceLineInput[]; present: boolean }) => {
    const saved = estimateSchema.parse(await adminApi.json<unknown>('PUT', estimatePaths.lines(id), { lines }));
    return present ? adminApi.json<unknown>('POST', estimatePaths.present(saved.id)) : saved;
  });

/** POST …/approve or …/decline with the signer's name and drawn signature. */
export const useDecideEstimate = (appointmentId: number) =>
  useEstimateChange(appointmentId, ({ id, outcome, decision }: { id: number; outcome: 'approved' | 'declined'; decision: EstimateDecisionRequest }) =>
    adminApi.json<unknown>('POST', outcome === 'approved' ? estimatePaths.approve(id) : estimatePaths.decline(id), decision));

/** POST …/invoice: the approved estimate's draft invoice, the same one however often pressed. */
export function useInvoiceFromEstimate(appointmentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => estimateInvoiceResponseSchema.parse(await adminApi.json<unknown>('POST', estimatePaths.invoice(id))),
    onSettled: () => queryClient.invalidateQueries({ queryKey: estimatesKey(appointmentId) }),
  });
}
