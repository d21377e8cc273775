import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageSummarySchema, resendMessagePath } from '@repo/contracts';
import { adminApi } from '../../../lib/api-client.ts';
import { notificationsKey } from '../../../lib/notifications.ts';

/**
 * POST /api/notifications/messages/:id/resend (staff, admin): a new copy of the message to the same recipient; 409
 * for a scheduled or withdrawn one. The log, the summary and the message are asked again, so the copy appears.
 */
export function useResendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => messageSummarySchema.parse(await adminApi.json<unknown>('POST', resendMessagePath(id), {})),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}
