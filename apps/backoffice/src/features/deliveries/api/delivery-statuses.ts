import { useQueries } from '@tanstack/react-query';
import { serviceNames, type DeliveryStatus, type ServiceName } from '@repo/contracts';
import { ApiRequestError } from '@repo/ui';
import { deliveryStatusQuery } from '../../../lib/deliveries.ts';

/** The page asks every service again this often. */
export const deliveriesPollMs = 10_000;

export type ServiceDeliveries =
  | { service: ServiceName; state: 'loading' }
  | { service: ServiceName; state: 'ready'; status: DeliveryStatus }
  /** The service has no deliveries to report (it sends nothing to its peers: 404). */
  | { service: ServiceName; state: 'none' }
  | { service: ServiceName; state: 'unreachable'; message: string };

export type DeliveryStatuses = { services: ServiceDeliveries[]; updatedAt: number; refresh: () => void };

/** GET /api/deliveries/<service> for each service, every 10 s; a service that cannot answer is said so, the rest shown. */
export function useDeliveryStatuses(): DeliveryStatuses {
  return useQueries({
    queries: serviceNames.map((service) => ({ ...deliveryStatusQuery(service), refetchInterval: deliveriesPollMs, staleTime: 0 })),
    combine: (results) => ({
      services: results.map((result, index): ServiceDeliveries => {
        const service = serviceNames[index]!;
        if (result.data && !result.isError) return { service, state: 'ready', status: result.data };
        if (result.isError) {
          if (result.error instanceof ApiRequestError && result.error.status === 404) return { service, state: 'none' };
          return { service, state: 'unreachable', message: result.error instanceof ApiRequestError ? `It answered ${result.error.status}.` : 'It did not answer.' };
        }
        return { service, state: 'loading' };
      }),
      updatedAt: Math.max(0, ...results.map((result) => Math.max(result.dataUpdatedAt, result.errorUpdatedAt))),
      refresh: () => results.forEach((result) => void result.refetch()),
    }),
  });
}
