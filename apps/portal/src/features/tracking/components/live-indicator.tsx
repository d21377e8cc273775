import { Box, Group, Text } from '@mantine/core';
import type { LiveStatus } from '../api/live.ts';

/** Green 'Connected', 'Reconnecting...' after a drop; text at 6.5:1 or more on white, beside the coloured dot. */
const looks: Record<LiveStatus, { label: string; dot: string; text: string }> = {
  connecting: { label: 'Connecting...', dot: '#adb5bd', text: '#495057' },
  connected: { label: 'Connected', dot: '#2f9e44', text: '#1e6b2f' },
  reconnecting: { label: 'Reconnecting...', dot: '#f08c00', text: '#8a4b00' },
  // The server would not follow this appointment (an expired link, say): the page still refreshes on its own.
  refused: { label: 'Live updates unavailable: refreshing every 30 s', dot: '#adb5bd', text: '#495057' },
};

/** Announced politely when it changes, so a screen reader user hears that live updates stopped or came back. */
export function LiveIndicator({ status }: { status: LiveStatus }) {
  const look = looks[status];
  return (
    <Group gap={6} wrap="nowrap" role="status" data-live={status}>
      <Box
        aria-hidden="true"
        w={10}
        h={10}
        style={{ borderRadius: '50%', background: look.dot, flexShrink: 0, boxShadow: status === 'connected' ? '0 0 0 3px #d3f9d8' : undefined }}
      />
      <Text size="sm" fw={600} c={look.text}>
        {look.label}
      </Text>
    </Group>
  );
}
