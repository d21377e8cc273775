import { Badge } from '@mantine/core';
import type { MessageState } from '@repo/contracts';
import { messageStateColors, messageStateLabels } from '../lib/notifications.ts';

/** A message's state as a badge, its colour saying how it stands (the log, a customer's messages). */
export function MessageStateBadge({ state }: { state: MessageState }) {
  return (
    <Badge component="span" color={messageStateColors[state]} variant="light" tt="none" c="dark.8">
      {messageStateLabels[state]}
    </Badge>
  );
}
