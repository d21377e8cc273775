import {
  messageDetailSchema,
  messageListQuerySchema,
  messageListResponseSchema,
  messagePathParamsSchema,
  messageSummarySchema,
  notificationMessagesPath,
  notificationsSummaryPath,
  notificationsSummarySchema,
  resendMessageRequestSchema,
} from '@repo/contracts';
import { errorResponses, tableExportRoute, type ServiceApp } from '@repo/service-kit';
import type { NotificationsContext } from '../use-cases/context.ts';
import { getMessage } from '../use-cases/get-message.ts';
import { listMessages } from '../use-cases/list-messages.ts';
import { resendMessage } from '../use-cases/resend-message.ts';
import { summarizeMessages } from '../use-cases/summarize-messages.ts';

/**
 * The delivery log for the back office (staff and administrators): every message with its state and attempts, one
 * message whole, a resend, and the failures the system status counts. Access is checked onRequest, before the query
 * or body is read, so a caller without access learns nothing from them.
 */
export async function messageRoutes(app: ServiceApp, { ctx }: { ctx: NotificationsContext }) {
  const staffOnly = app.requireRole('staff', 'admin');
  const tags = ['notifications'];

  app.get(notificationMessagesPath, {
    onRequest: staffOnly,
    schema: {
      tags,
      summary: 'The messages sent to customers, newest first, with filters and paging',
      description:
        'Filtered by kind, channel, state, creation date (business days, America/New_York), recipient (the whole address, any ' +
        'letter case) and appointment; page and pageSize (at most 100).',
      querystring: messageListQuerySchema,
      response: { 200: messageListResponseSchema },
    },
  }, async (request) => listMessages(ctx, request.query));

  app.get(`${notificationMessagesPath}/:id`, {
    onRequest: staffOnly,
    schema: {
      tags,
      summary: 'One message whole: its subject, HTML and text bodies, and every attempt to send it',
      description:
        'A message whose content was removed (NOTIFICATIONS_BODY_RETENTION_DAYS after its last activity) answers its record: ' +
        'null bodies, bodyRemovedAt, and the subject "Content removed".',
      params: messagePathParamsSchema,
      response: { 200: messageDetailSchema, ...errorResponses(404) },
    },
  }, async (request) => getMessage(ctx, request.params.id));

  app.post(`${notificationMessagesPath}/:id/resend`, {
    onRequest: staffOnly,
    schema: {
      tags,
      summary: 'Send a message again: a new copy of it to the same recipient',
      description:
        'Answers the new message (queued; a text held by quiet hours, scheduled). A scheduled message (not due yet), a queued ' +
        'one (still being sent), a withdrawn one (no longer owed) or one whose content was removed (the retention) cannot be sent ' +
        'again, nor a text while texts are off or to a number that replied STOP: 409. The body is an empty JSON object.',
      params: messagePathParamsSchema,
      body: resendMessageRequestSchema,
      response: { 201: messageSummarySchema, ...errorResponses(404, 409) },
    },
  }, async (request, reply) => {
    const session = request.session!;
    return reply.code(201).send(await resendMessage(ctx, request.params.id, session.email ?? session.sub));
  });

  app.get(notificationsSummaryPath, {
    onRequest: staffOnly,
    schema: {
      tags,
      summary: 'How many messages failed in the last seven business days, for the system status',
      response: { 200: notificationsSummarySchema },
    },
  }, async () => summarizeMessages(ctx));

  const columns = ['id', 'kind', 'channel', 'recipient', 'appointment_id', 'state', 'attempts', 'subject', 'due_at', 'sent_at', 'last_error', 'created_at'] as const;
  tableExportRoute(app, {
    file: 'messages.csv',
    tags,
    summary: "The delivery log as CSV, for the owner's full export (administrators)",
    description: 'Every message without its bodies (they carry links and codes that act for the customer).',
    header: columns,
    readPage: (afterId, limit) => ctx.db.selectFrom('messages').select(columns).where('id', '>', afterId).orderBy('id').limit(limit).execute(),
    cells: (row) => columns.map((column) => row[column]),
  });
}
