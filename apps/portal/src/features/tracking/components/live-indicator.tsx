import { Box, Group, Text } from '@mantine/core';
import type { LiveStatus } from '../api/live.ts';

/** The spec's indicator: green 'Connected', 'Reconnecting...' after a drop; dark text beside the coloured dot. */
const looks: Record<LiveStatus, { label: string; dot: string; text: string }> = {
  connecting: { label: 'Connecting...', dot: 'var(--mantine-color-gray-5)', text: 'var(--mantine-color-gray-7)' },
  connected: { label: 'Connected', dot: 'var(--mantine-color-green-6)', text: 'var(--mantine-color-green-9)' },
  reconnecting: { label: 'Reconnecting...', dot: 'var(--mantine-color-orange-6)', text: 'var(--mantine-color-orange-9)' },
  // The server would not follow this appointment (an expired link, say): the page still refreshes on its own.
  refused: { label: 'Live updates unavailable: refreshing every 30 s', dot: 'var(--mantine-color-gray-5)', text: 'var(--mantine-color-gray-7)' },
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
        style={{ borderRadius: '50%', background: look.dot, flexShrink: 0, boxShadow: status === 'connected' ? '0 0 0 3px var(--mantine-color-green-1)' : undefined }}
      />
      <Text size="sm" fw={600} c={look.text}>
        {look.label}
      </Text>
    </Group>
  );
}
