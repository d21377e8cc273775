import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServiceSystemDescriptor } from '@repo/contracts';
import { apiJson } from '@repo/ui';

/** GET /api/service-systems: the systems the business keeps records in, which a customer can bring past visits in from (public). */
export function fetchServiceSystems(signal?: AbortSignal): Promise<ServiceSystemDescriptor[]> {
  return apiJson<ServiceSystemDescriptor[]>('GET', '/api/service-systems', undefined, { signal });
}

export const serviceSystemsQuery = () => queryOptions({ queryKey: ['/api/service-systems'], queryFn: ({ signal }) => fetchServiceSystems(signal) });

export function useServiceSystems() {
  return useQuery(serviceSystemsQuery());
}
