import { Alert, Button, Stack, Text } from '@mantine/core';
import { formatBusinessTime } from '../../../lib/format.ts';
import type { KeptForm } from '../lib/kept-on-phone.ts';

/**
 * What a kept form (lib/kept-on-phone.ts) holds on this phone: a save waiting for the connection, or changes from
 * before the page opened that are not saved yet (with Discard). Nothing while the form and the server agree.
 */
export function KeptNotice({ kept, what }: { kept: KeptForm; what: string }) {
  if (kept.queuedAt) {
    return (
      <Alert color="yellow" variant="light" role="status" data-testid="kept-save">
        <Text size="sm" c="dark.9">
          {kept.sending
            ? `Sending the ${what} kept on this phone…`
            : `No connection: the ${what} saved at ${formatBusinessTime(kept.queuedAt)} is kept on this phone and sent as soon as the connection is back.`}
        </Text>
      </Alert>
    );
  }
  if (kept.restoredAt) {
    return (
      <Alert color="blue" variant="light" role="status" data-testid="kept-draft">
        <Stack gap="xs" align="flex-start">
          <Text size="sm" c="dark.9">{`Kept on this phone: changes typed at ${formatBusinessTime(kept.restoredAt)} that are not saved yet. Save to send them.`}</Text>
          <Button variant="default" size="sm" onClick={kept.discard}>
            Discard changes
          </Button>
        </Stack>
      </Alert>
    );
  }
  return null;
}
