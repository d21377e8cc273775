import { Anchor, Group, List, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { MessageStateBadge } from '../../../components/message-state-badge.tsx';
import { formatBusinessDateTime, formatCount } from '../../../lib/format.ts';
import { messageKindLabel, messageLogQuery, notificationsPageHref } from '../../../lib/notifications.ts';

/** How many of a customer's latest messages their record shows; the log has the rest. */
export const customerMessagesShown = 5;

/**
 * Messages on a customer's record: the latest sent to their email (newest first), each opening in the delivery log,
 * and a link to the log filtered to them. An h3 under the phone lookup's card; the record's own section is an h2.
 */
export function CustomerMessages({ email, headingOrder = 3 }: { email: string; headingOrder?: 2 | 3 }) {
  const messages = useQuery(messageLogQuery({ recipient: email, page: 1, pageSize: customerMessagesShown }));
  const logHref = notificationsPageHref({ recipient: email });
  const page = messages.data;
  return (
    <Stack gap={4} component="section" aria-labelledby="customer-messages-heading">
      <Title order={headingOrder} size={headingOrder === 2 ? 'h4' : 'h5'} id="customer-messages-heading">
        Messages
      </Title>
      {page ? (
        page.total === 0 ? (
          <Text size="sm">No messages have been sent to {email}.</Text>
        ) : (
          <>
            <List size="sm" spacing={6} listStyleType="none" p={0} m={0}>
              {page.items.map((message) => (
                <List.Item key={message.id}>
                  {/* Block spans: Mantine writes a list item's content into a span, where a paragraph is not allowed. */}
                  <Anchor component={Link} to={`${logHref}&message=${message.id}`} size="sm" fw={600} display="block" style={{ overflowWrap: 'anywhere' }}>
                    {message.subject}
                  </Anchor>
                  <Group component="span" gap={6} wrap="wrap">
                    <Text span size="sm">
                      {messageKindLabel(message.kind)} · {formatBusinessDateTime(message.createdAt)}
                    </Text>
                    <MessageStateBadge state={message.state} />
                  </Group>
                </List.Item>
              ))}
            </List>
            <Anchor component={Link} to={logHref} size="sm">
              {page.total > page.items.length ? `All ${formatCount(page.total)} messages to ${email}` : `Open the messages to ${email} in Notifications`}
            </Anchor>
          </>
        )
      ) : (
        <Text size="sm" role={messages.isError ? 'alert' : 'status'}>
          {messages.isError ? 'The messages could not be loaded.' : 'Loading messages...'}
        </Text>
      )}
    </Stack>
  );
}
