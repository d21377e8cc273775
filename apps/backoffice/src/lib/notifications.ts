import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  messageListResponseSchema,
  notificationMessagesPath,
  notificationsSummaryPath,
  notificationsSummarySchema,
  type MessageChannel,
  type MessageKind,
  type MessageListFilters,
  type MessageListQuery,
  type MessageState,
} from '@repo/contracts';
import { paths } from '../config/paths.ts';
import { adminApi } from './api-client.ts';

/**
 * The delivery log as every back-office page reads it: the Notifications page, a customer's messages, and the
 * tracking overview's alert for failed messages. One key root, so a resend refreshes each of them.
 */
export const notificationsKey = ['notifications'] as const;

/** GET /api/notifications/messages (staff, admin): one page of the log, newest first. */
export const messageLogQuery = (filters: MessageListFilters) =>
  queryOptions({
    queryKey: [...notificationsKey, 'messages', filters] as const,
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams(Object.entries(filters).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])));
      return messageListResponseSchema.parse(await adminApi.json<unknown>('GET', `${notificationMessagesPath}?${params}`, undefined, { signal }));
    },
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

/** GET /api/notifications/summary (staff, admin): how many messages failed in the last seven business days. */
export const notificationsSummaryQuery = () =>
  queryOptions({
    queryKey: [...notificationsKey, 'summary'] as const,
    queryFn: async ({ signal }) => notificationsSummarySchema.parse(await adminApi.json<unknown>('GET', notificationsSummaryPath, undefined, { signal })),
  });

/** The Notifications page's address showing these filters (only those set). */
export function notificationsPageHref(filters: Omit<MessageListQuery, 'page' | 'pageSize'>): string {
  const params = new URLSearchParams(Object.entries(filters).flatMap(([key, value]) => (value === undefined || value === '' ? [] : [[key, String(value)]])));
  const query = params.toString();
  return query ? `${paths.adminNotifications}?${query}` : paths.adminNotifications;
}

/** Some kinds read better said another way than their name; the rest are their name in words. */
const kindNames: Partial<Record<MessageKind, string>> = {
  'reminder-day-before': 'Reminder, day before',
  'reminder-hours-before': 'Reminder, hours before',
  'find-appointment': 'Find my appointment',
  'sign-in-alert': 'Sign-in alert',
  'sign-in-link': 'Sign-in link',
};

/** "Booking confirmation" for `booking-confirmation`. */
export const messageKindLabel = (kind: MessageKind): string => kindNames[kind] ?? `${kind[0]!.toUpperCase()}${kind.slice(1).replace(/-/g, ' ')}`;

export const messageChannelLabels: Record<MessageChannel, string> = { email: 'Email', sms: 'SMS' };

export const messageStateLabels: Record<MessageState, string> = {
  scheduled: 'Scheduled',
  queued: 'Queued',
  sent: 'Sent',
  delivered: 'Delivered',
  undelivered: 'Undelivered',
  failed: 'Failed',
  withdrawn: 'Withdrawn',
};

/** Badge colours: sent green, delivered teal, undelivered orange, failed red, on its way blue, waiting and no longer owed grey. */
export const messageStateColors: Record<MessageState, string> = {
  scheduled: 'gray',
  queued: 'blue',
  sent: 'green',
  delivered: 'teal',
  undelivered: 'orange',
  failed: 'red',
  withdrawn: 'dark',
};
