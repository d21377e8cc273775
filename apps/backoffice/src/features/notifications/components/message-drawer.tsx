import { useState } from 'react';
import { Anchor, Badge, Box, Button, CloseButton, Drawer, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from 'react-router-dom';
import { notificationMessages, type MessageDetail } from '@repo/contracts';
import { ApiRequestError, ErrorState, LoadingState, errorMessage, showToast } from '@repo/ui';
import { Facts } from '../../../components/facts.tsx';
import { MessageStateBadge } from '../../../components/message-state-badge.tsx';
import { Notice } from '../../../components/notice.tsx';
import { formatBusinessDateTime } from '../../../lib/format.ts';
import { messageChannelLabels, messageKindLabel } from '../../../lib/notifications.ts';
import { useMessageDetail } from '../api/message-detail.ts';
import { useResendMessage } from '../api/resend-message.ts';

const phoneQuery = '(max-width: 47.99em)';

/** Resend: says what it does and to whom, then does it once confirmed; busy while it runs. */
function Resend({ message, messageHref }: { message: MessageDetail; messageHref: (id: number) => string }) {
  const [confirming, setConfirming] = useState(false);
  const resend = useResendMessage();
  const notResendable = { scheduled: notificationMessages.notSentYet, queued: notificationMessages.stillSending, withdrawn: notificationMessages.withdrawn } as const;
  if (message.bodyRemovedAt) {
    return (
      <Text size="sm" c="dimmed">
        {notificationMessages.bodyRemovedResend.replace('{days}', String(message.bodyRetentionDays))}
      </Text>
    );
  }
  if (message.state in notResendable) {
    return (
      <Text size="sm" c="dimmed">
        {notResendable[message.state as keyof typeof notResendable]}
      </Text>
    );
  }
  const send = () =>
    resend.mutate(message.id, {
      onSuccess: (copy) => {
        setConfirming(false);
        showToast({ title: 'Message Sent Again', description: notificationMessages.resent.replace('{recipient}', copy.recipient) });
      },
      onError: (error) => showToast({ title: 'Resend Failed', description: errorMessage(error, 'The message could not be sent again'), variant: 'destructive' }),
    });
  return (
    <Stack gap="xs">
      {resend.data ? (
        <Notice color="green" role="status" title="Sent again">
          A copy is queued as message #{resend.data.id}.{' '}
          <Anchor component={Link} to={messageHref(resend.data.id)} size="sm">
            Open the copy
          </Anchor>
        </Notice>
      ) : null}
      {confirming ? (
        <Paper withBorder radius="md" p="sm" role="group" aria-label="Confirm resend">
          <Stack gap="xs">
            <Text size="sm">
              Send this {message.channel === 'sms' ? 'text' : 'email'} again to {message.recipient}? A new copy goes out now, with the same content.
            </Text>
            <Group gap="sm">
              <Button onClick={send} loading={resend.isPending} data-autofocus>
                Send Again
              </Button>
              <Button variant="default" onClick={() => setConfirming(false)} disabled={resend.isPending}>
                Cancel
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : (
        <Group>
          <Button variant="light" onClick={() => setConfirming(true)}>
            Resend
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function Attempts({ message }: { message: MessageDetail }) {
  return (
    <Stack gap={4} component="section" aria-labelledby="message-attempts-heading">
      <Title order={3} size="h5" id="message-attempts-heading">
        Attempts
      </Title>
      {message.attemptLog.length === 0 ? (
        <Text size="sm">{message.state === 'scheduled' ? 'None yet: it goes out when it falls due.' : 'None yet.'}</Text>
      ) : (
        <List size="sm" spacing={6} listStyleType="none" p={0} m={0}>
          {message.attemptLog.map((attempt, index) => (
            <List.Item key={`${attempt.at}-${index}`}>
              {/* Block spans: Mantine writes a list item's content into a span, where a paragraph is not allowed. */}
              <Text span display="block" size="sm" fw={600}>
                {formatBusinessDateTime(attempt.at)}{' '}
                <Badge component="span" size="sm" variant="light" tt="none" c="dark.8" color={attempt.outcome === 'sent' ? 'green' : 'red'}>
                  {attempt.outcome === 'sent' ? 'Sent' : 'Failed'}
                </Badge>
              </Text>
              <Text span display="block" size="sm" style={{ overflowWrap: 'anywhere' }}>
                {attempt.outcome === 'sent' ? `Accepted by the provider as ${attempt.providerMessageId ?? 'a message without an id'}` : attempt.error}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

function MessageBody({ message, messageHref }: { message: MessageDetail; messageHref: (id: number) => string }) {
  return (
    <Stack gap="md">
      <Facts
        items={[
          ['Kind', messageKindLabel(message.kind)],
          ['Channel', messageChannelLabels[message.channel]],
          ['State', <MessageStateBadge key="state" state={message.state} />],
          ['To', message.recipient],
          ['Created', formatBusinessDateTime(message.createdAt)],
          ...(message.sentAt ? [['Sent', formatBusinessDateTime(message.sentAt)] as const] : []),
          ...(message.dueAt ? [['Due', formatBusinessDateTime(message.dueAt)] as const] : []),
          ...(message.appointmentId !== null ? [['Appointment', `#${message.appointmentId}`] as const] : []),
          ...(message.resentFrom !== null
            ? [
                [
                  'Resent from',
                  <Anchor key="resent-from" component={Link} to={messageHref(message.resentFrom)} size="sm">
                    Message #{message.resentFrom}
                  </Anchor>,
                ] as const,
              ]
            : []),
          ...(message.requestedBy ? [['Requested by', message.requestedBy] as const] : []),
          ...(message.lastError ? [['Last error', message.lastError] as const] : []),
        ]}
      />
      <Resend message={message} messageHref={messageHref} />
      {message.htmlBody === null || message.textBody === null ? (
        // The retention removed what it said: the record above and the attempts stay.
        <Notice color="brand" role="note" title="Content removed">
          {notificationMessages.bodyRemoved.replace('{days}', String(message.bodyRetentionDays))}
        </Notice>
      ) : (
        <MessageContent html={message.htmlBody} text={message.textBody} subject={message.subject} />
      )}
      <Attempts message={message} />
    </Stack>
  );
}

/** What the customer received: the email in a sandboxed frame, and its plain text. */
function MessageContent({ html, text, subject }: { html: string; text: string; subject: string }) {
  return (
    <>
      <Stack gap={4} component="section" aria-labelledby="message-preview-heading">
        <Title order={3} size="h5" id="message-preview-heading">
          Preview
        </Title>
        {/* The email as the customer sees it, with no script and no way out of its frame (sandbox=""). */}
        <Box
          component="iframe"
          sandbox=""
          srcDoc={html}
          title={`Preview of the email: ${subject}`}
          style={{ width: '100%', height: 480, border: '1px solid var(--mantine-color-gray-4)', borderRadius: 8, background: '#fff' }}
        />
      </Stack>
      <Stack gap={4} component="section" aria-labelledby="message-text-heading">
        <Title order={3} size="h5" id="message-text-heading">
          Plain text
        </Title>
        <Paper withBorder radius="md" p="sm" bg="gray.0">
          <Text component="pre" size="sm" m={0} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'inherit' }}>
            {text}
          </Text>
        </Paper>
      </Stack>
    </>
  );
}

type MessageDrawerProps = {
  /** The message the address names (?message=), or undefined when the drawer is closed. */
  id: number | undefined;
  onClose: () => void;
  /** The address of another message's detail (a resend's copy, its original). */
  messageHref: (id: number) => string;
};

/**
 * One message's detail beside the log (the whole screen on a phone): its facts, Resend, the HTML preview in a
 * sandboxed frame, the plain text and every attempt. Escape or Close returns to the log.
 */
export function MessageDrawer({ id, onClose, messageHref }: MessageDrawerProps) {
  const phone = useMediaQuery(phoneQuery, false, { getInitialValueInEffect: false });
  const detail = useMessageDetail(id);
  const message = detail.data;
  const notFound = detail.error instanceof ApiRequestError && detail.error.status === 404;
  return (
    // Built from Drawer's parts: its ready-made header is a <header>, which screen readers would list as a second banner.
    <Drawer.Root opened={id !== undefined} onClose={onClose} position="right" size={phone ? '100%' : 'xl'}>
      <Drawer.Overlay />
      <Drawer.Content aria-label={message ? undefined : 'Message'}>
        <Stack gap="md" p="lg">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
            <Drawer.Title fw={700} fz="lg" style={{ overflowWrap: 'anywhere' }}>
              {message ? message.subject : `Message #${id ?? ''}`}
            </Drawer.Title>
            <CloseButton onClick={onClose} aria-label="Close the message" />
          </Group>
          {message ? (
            <MessageBody message={message} messageHref={messageHref} />
          ) : detail.isError ? (
            notFound ? (
              <Text role="alert">{notificationMessages.notFound}</Text>
            ) : (
              <ErrorState title="Unable to load the message" description="We're having trouble loading this message right now." onRetry={() => void detail.refetch()} />
            )
          ) : (
            <LoadingState title="Loading the message..." />
          )}
        </Stack>
      </Drawer.Content>
    </Drawer.Root>
  );
}
