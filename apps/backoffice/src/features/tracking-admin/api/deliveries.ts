import { useQueries } from '@tanstack/react-query';
import { ApiRequestError } from '@repo/ui';
import { serviceNames, type DeliveryStatus, type ServiceName } from '@repo/contracts';
import { deliveryStatusQuery } from '../../../lib/deliveries.ts';

/** How often the overview asks the services again: readiness is not carried by the live socket. */
const systemStatusPollMs = 30_000;

export type ServiceHealth = { service: ServiceName; state: 'pending' | 'up' | 'down'; deliveries: DeliveryStatus | undefined };

/** A refusal (4xx) still proves the service is up; no answer, or a gateway's 5xx, does not. */
const answered = (error: unknown): boolean => error instanceof ApiRequestError && error.status < 500;

/**
 * GET /api/deliveries/<service> for every service: a service that answers is up, and its answer tells what it still
 * owes its peers. The real System Status and the delivery alerts come from here.
 */
export function useServiceHealth(): ServiceHealth[] {
  return useQueries({
    queries: serviceNames.map((service) => ({ ...deliveryStatusQuery(service), refetchInterval: systemStatusPollMs })),
    combine: (results) =>
      results.map((result, index): ServiceHealth => ({
        service: serviceNames[index]!,
        state: result.isPending ? 'pending' : result.isError && !answered(result.error) ? 'down' : 'up',
        deliveries: result.data,
      })),
  });
}
