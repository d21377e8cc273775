import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { formatBusinessClock } from '../../../lib/format.ts';
import type { SharingState } from '../lib/use-location-sharing.ts';

function Status({ sharing }: { sharing: SharingState }) {
  switch (sharing.state) {
    case 'unavailable':
      return (
        <Alert color="yellow" variant="light" role="note" title={<Text component="span" fw={700} size="sm" c="dark.9">
Location sharing isn&apos;t available here
</Text>}>
          <Text size="sm" c="dark.8">
            This browser can't share your position on this page. Location needs a secure (https) connection and a browser
            that supports it. Use the button below to send it by hand when it works, or tell the office where you are.
          </Text>
        </Alert>
      );
    case 'denied':
      return (
        <Alert color="red" variant="light" role="note" title={<Text component="span" fw={700} size="sm" c="dark.9">
Location permission denied
</Text>}>
          <Text size="sm" c="dark.8">
            Your customers can't see you coming. Allow location for this site in your browser&apos;s settings, then reload
            the page.
          </Text>
        </Alert>
      );
    case 'off':
      return <Text size="sm">Your location is shared only while you are driving to a job.</Text>;
    case 'waiting':
      return <Text size="sm">Finding your position...</Text>;
    case 'sharing':
      return (
        <Stack gap={4}>
          <Text fw={700} c="#166534">
            Sharing your location
          </Text>
          <Text size="sm">{sharing.lastSentAt ? `Last sent at ${formatBusinessClock(sharing.lastSentAt)}` : 'Sending your first position...'}</Text>
          {sharing.problem ? (
            <Text size="sm" c="#991b1b">
              {sharing.problem}
            </Text>
          ) : null}
        </Stack>
      );
  }
}

/** Whether the phone is sharing the technician's position, why not, and a button to send it now. */
export function LocationSharingPanel({ sharing, canSend, onSendNow }: { sharing: SharingState; canSend: boolean; onSendNow: () => void }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="location-sharing-heading">
      <Stack gap="sm">
        <Title order={2} size="h5" id="location-sharing-heading">
          Your Location
        </Title>
        <div role="status">
          <Status sharing={sharing} />
        </div>
        <Button variant="default" onClick={onSendNow} disabled={!canSend}>
          Send my location now
        </Button>
      </Stack>
    </Paper>
  );
}
