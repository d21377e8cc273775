import { useQuery } from '@tanstack/react-query';
import { messageDetailSchema, notificationMessagePath } from '@repo/contracts';
import { adminApi } from '../../../lib/api-client.ts';
import { notificationsKey } from '../../../lib/notifications.ts';

/** GET /api/notifications/messages/:id (staff, admin): one message whole, with its attempts. */
export function useMessageDetail(id: number | undefined) {
  return useQuery({
    queryKey: [...notificationsKey, 'message', id ?? null] as const,
    queryFn: async ({ signal }) => messageDetailSchema.parse(await adminApi.json<unknown>('GET', notificationMessagePath(id!), undefined, { signal })),
    enabled: id !== undefined,
    staleTime: 0,
  });
}
