import { queryOptions, useQuery } from '@tanstack/react-query';
import { linkedServiceHistoryPath, type ExternalCustomer } from '@repo/contracts';
import { apiJson } from '@repo/ui';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/auth/service-history: the field-service record linked to the signed-in customer, or null when none is. */
export async function fetchLinkedServiceHistory(signal?: AbortSignal): Promise<ExternalCustomer | null> {
  const { customer } = await apiJson<{ customer: ExternalCustomer | null }>('GET', linkedServiceHistoryPath, undefined, { signal });
  return customer;
}

export const linkedServiceHistoryQuery = () =>
  queryOptions({ queryKey: queryKeys.linkedServiceHistory, queryFn: ({ signal }) => fetchLinkedServiceHistory(signal) });

export function useLinkedServiceHistory() {
  return useQuery(linkedServiceHistoryQuery());
}
