import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { customerDeletionPath, deletionRequestSchema, type CustomerDeletionBody } from '@repo/contracts';
import { adminApi } from '../../../lib/api-client.ts';

const deletionKey = (customerId: number) => ['customer-deletion', customerId] as const;

/**
 * GET /api/admin/customers/:id/deletion (administrators): the customer's deletion request and each service's progress,
 * asked again every second until every service has reported.
 */
export function useCustomerDeletion(customerId: number, enabled: boolean) {
  return useQuery({
    queryKey: deletionKey(customerId),
    queryFn: async ({ signal }) => deletionRequestSchema.parse(await adminApi.json<unknown>('GET', customerDeletionPath(customerId), undefined, { signal })),
    enabled,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.done ? false : 1000),
  });
}

/** POST /api/admin/customers/:id/deletion (administrators): records the request; the answer is its first progress. */
export function useRequestCustomerDeletion(customerId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: CustomerDeletionBody) => deletionRequestSchema.parse(await adminApi.json<unknown>('POST', customerDeletionPath(customerId), body)),
    onSuccess: (request) => client.setQueryData(deletionKey(customerId), request),
  });
}
