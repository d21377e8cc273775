import { Alert, Badge, Text } from '@mantine/core';
import { waitingForPartsWords, type WaitingForParts } from '@repo/contracts';
import { formatDate } from '../lib/dates.ts';

/** Beside the status: the visit waits for a part (orange on pale, 7:1 like the status badges). */
export function WaitingForPartsBadge() {
  return (
    <Badge variant="filled" bg="#ffedd5" c="#9a3412" tt="none" radius="sm" data-status="waiting-for-parts">
      {waitingForPartsWords.title}
    </Badge>
  );
}

/** What the part is and when it is expected, in the customer's words; the part number when there is one. */
export function WaitingForPartsNotice({ waiting, mt }: { waiting: WaitingForParts; mt?: 'sm' }) {
  return (
    <Alert mt={mt} color="orange" variant="light" title={<Text component="span" fw={700} c="dark.9">{waitingForPartsWords.title}</Text>} data-testid="waiting-for-parts">
      <Text size="sm" c="dark.9">
        {waitingForPartsWords.body.replace('{part}', waiting.part).replace('{date}', formatDate(waiting.expectedOn))}
      </Text>
      {waiting.partNumber ? (
        <Text size="sm" c="dark.9" mt={4}>
          {`${waitingForPartsWords.partNumber}: ${waiting.partNumber}`}
        </Text>
      ) : null}
    </Alert>
  );
}
