import { queryOptions } from '@tanstack/react-query';
import { deliveriesPath, deliveryStatusSchema, type DeliveryStatus, type ServiceName } from '@repo/contracts';
import { adminApi } from './api-client.ts';

/**
 * GET /api/deliveries/<service> (staff, admin): what one service still owes its peers. Tracking's overview and the
 * deliveries page read the same cache entry, each polling at its own pace.
 */
export const deliveryStatusQuery = (service: ServiceName) =>
  queryOptions({
    queryKey: ['deliveries', service] as const,
    queryFn: async ({ signal }): Promise<DeliveryStatus> =>
      deliveryStatusSchema.parse(await adminApi.json<unknown>('GET', deliveriesPath(service), undefined, { signal })),
  });
