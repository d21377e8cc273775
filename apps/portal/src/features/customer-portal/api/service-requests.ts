import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServiceRequest } from '@repo/contracts';
import { apiJson } from '@repo/ui';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/customer/service-requests: the signed-in customer's own requests. */
export function fetchServiceRequests(signal?: AbortSignal): Promise<ServiceRequest[]> {
  return apiJson<ServiceRequest[]>('GET', '/api/customer/service-requests', undefined, { signal });
}

export const serviceRequestsQuery = () =>
  queryOptions({ queryKey: queryKeys.serviceRequests, queryFn: ({ signal }) => fetchServiceRequests(signal) });

export function useServiceRequests() {
  return useQuery(serviceRequestsQuery());
}
