import { useQuery } from '@tanstack/react-query';
import { notificationsSummaryQuery } from '../../../lib/notifications.ts';

/** GET /api/notifications/summary: whether texts are configured, and their sender registered for A2P 10DLC. */
export function useSmsStatus() {
  const summary = useQuery(notificationsSummaryQuery());
  return summary.data?.sms;
}
