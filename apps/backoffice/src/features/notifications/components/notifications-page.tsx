import { Anchor, Container, Paper, Stack, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router-dom';
import type { MessageSummary } from '@repo/contracts';
import { responsiveSpacing, useDocumentTitle } from '@repo/ui';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { MessageStateBadge } from '../../../components/message-state-badge.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Pager } from '../../../components/pager.tsx';
import { QueryStates } from '../../../components/query-states.tsx';
import { formatBusinessDateTime, formatCount } from '../../../lib/format.ts';
import { messageChannelLabels, messageKindLabel } from '../../../lib/notifications.ts';
import { useMessageLog } from '../api/message-log.ts';
import { filterValuesFrom, hasFilters, logQueryFrom, paramsFor } from '../lib/log-filters.ts';
import { LogFiltersForm } from './log-filters-form.tsx';
import { MessageDrawer } from './message-drawer.tsx';
import { SmsStatus } from './sms-status.tsx';
import { withPage } from '../../../lib/page-param.ts';

const messagesCount = (count: number) => `${formatCount(count)} ${count === 1 ? 'message' : 'messages'}`;

/** The address of one message's detail over the log as it is (its filters and page kept). */
const withMessage = (params: URLSearchParams, id: number | undefined) => {
  const next = new URLSearchParams(params);
  if (id === undefined) next.delete('message');
  else next.set('message', String(id));
  return next;
};

function columns(messageHref: (id: number) => string): readonly [Column<MessageSummary>, ...Column<MessageSummary>[]] {
  return [
    {
      header: 'Subject',
      cell: (message) => (
        <Anchor component={Link} to={messageHref(message.id)} fw={600} style={{ overflowWrap: 'anywhere' }}>
          {message.subject}
        </Anchor>
      ),
    },
    { header: 'Kind', cell: (message) => `${messageKindLabel(message.kind)} · ${messageChannelLabels[message.channel]}` },
    {
      header: 'State',
      cell: (message) => (
        <Stack gap={2} component="span">
          <MessageStateBadge state={message.state} />
          {message.lastError && message.state !== 'sent' ? (
            <Text span size="xs" style={{ overflowWrap: 'anywhere' }}>
              {message.lastError}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    { header: 'To', cell: (message) => <span style={{ overflowWrap: 'anywhere' }}>{message.recipient}</span> },
    { header: 'Created', cell: (message) => formatBusinessDateTime(message.createdAt) },
    {
      header: 'Sent or due',
      cell: (message) => (message.sentAt ? formatBusinessDateTime(message.sentAt) : message.dueAt ? `Due ${formatBusinessDateTime(message.dueAt)}` : '—'),
    },
    { header: 'Attempts', cell: (message) => String(message.attempts) },
    { header: 'Appointment', cell: (message) => (message.appointmentId === null ? '—' : `#${message.appointmentId}`), nowrap: true },
  ];
}

/**
 * /admin-notifications: every message sent to customers, newest first, with its filters, page and open message in the
 * address, so a reload or a shared link shows the same. A row's subject opens the message: its preview, attempts and
 * Resend.
 */
export function NotificationsPage() {
  useDocumentTitle('Notifications');
  const [params, setParams] = useSearchParams();
  const filters = logQueryFrom(params);
  const log = useMessageLog(filters);
  const filtered = hasFilters(params);
  const openId = Number(params.get('message'));
  const messageHref = (id: number) => `?${withMessage(params, id)}`;
  // Opening a message or another page keeps the form as it is; only other filters in the address renew it.
  const formKey = withMessage(params, undefined);
  formKey.delete('page');

  return (
    <Container size="xl" {...responsiveSpacing({ py: { base: 'lg', sm: 40 } })}>
      <Stack gap="lg">
        <PageHeader title="Notifications" description="Every email and text sent to customers: where it stands, what it said, each attempt to send it, and Resend." />
        <SmsStatus />
        <Paper withBorder radius="md" p="lg">
          {/* A new address (Back, a link) shows its own filters in the form. */}
          <LogFiltersForm key={formKey.toString()} initial={filterValuesFrom(params)} onApply={(next) => setParams(paramsFor(next))} onClear={() => setParams({})} />
        </Paper>
        {filters === undefined ? (
          <Text role="alert">These filters cannot be used: correct the fields marked above, or clear them.</Text>
        ) : (
          <Stack gap="md">
            <Text size="sm" c="dimmed" role="status" aria-live="polite">
              {log.isPlaceholderData
                ? 'Loading messages...'
                : log.data && log.data.total > 0
                  ? `${messagesCount(log.data.total)}${filtered ? ' match these filters' : ' in all'}`
                  : ''}
            </Text>
            <div aria-busy={log.isPlaceholderData}>
              <QueryStates query={log} what="messages" empty={filtered ? 'No messages match these filters.' : 'No messages yet.'} isEmpty={(page) => page.items.length === 0}>
                {(page) => (
                  <Stack gap="md">
                    <DataTable label="Messages" items={page.items} columns={columns(messageHref)} rowKey={(message) => message.id} />
                    <Pager
                      label="Pages of messages"
                      page={page.page}
                      pageSize={page.pageSize}
                      total={page.total}
                      onPage={(next) => setParams((current) => withPage(current, next))}
                    />
                  </Stack>
                )}
              </QueryStates>
            </div>
          </Stack>
        )}
      </Stack>
      <MessageDrawer
        id={Number.isInteger(openId) && openId > 0 ? openId : undefined}
        onClose={() => setParams((current) => withMessage(current, undefined))}
        messageHref={messageHref}
      />
    </Container>
  );
}
