import { useQuery } from '@tanstack/react-query';
import { notificationsSummaryQuery } from '../../../lib/notifications.ts';

/** How often the overview asks notifications again, as it does the other services. */
const failedMessagesPollMs = 30_000;

/** GET /api/notifications/summary: the messages to customers that failed in the last seven business days. */
export function useFailedMessages() {
  return useQuery({ ...notificationsSummaryQuery(), refetchInterval: failedMessagesPollMs });
}
