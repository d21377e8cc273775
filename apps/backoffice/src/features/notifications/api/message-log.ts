import { useQuery } from '@tanstack/react-query';
import type { MessageListFilters } from '@repo/contracts';
import { messageLogQuery } from '../../../lib/notifications.ts';

/**
 * GET /api/notifications/messages?kind=&channel=&state=&from=&to=&recipient=&page=&pageSize=: the delivery log,
 * newest first, a page at a time. Not asked while the filters are invalid (undefined); each visit asks again.
 */
export function useMessageLog(filters: MessageListFilters | undefined) {
  return useQuery({ ...messageLogQuery(filters ?? { page: 1, pageSize: 25 }), enabled: filters !== undefined });
}
