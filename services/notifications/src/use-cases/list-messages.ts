import { addDays, businessInstant, type MessageListFilters, type MessageListResponse } from '@repo/contracts';
import { toMessageSummary } from '../repositories/mappers.ts';
import { findMessagePage } from '../repositories/message-repository.ts';
import type { NotificationsContext } from './context.ts';

/** The delivery log, newest first; the date filters are whole business days (America/New_York). */
export async function listMessages(ctx: Pick<NotificationsContext, 'db'>, query: MessageListFilters): Promise<MessageListResponse> {
  const { from, to, page, pageSize, ...filters } = query;
  const { rows, total } = await findMessagePage(
    ctx.db,
    {
      ...filters,
      createdFrom: from ? businessInstant(from, '00:00') : undefined,
      createdBefore: to ? businessInstant(addDays(to, 1), '00:00') : undefined,
    },
    { limit: pageSize, offset: (page - 1) * pageSize },
  );
  return { items: rows.map(toMessageSummary), total, page, pageSize };
}
