import { useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { jobberConnectionMessages, type JobberConnection } from '@repo/contracts';
import { errorMessage, showToast } from '@repo/ui';
import { Facts } from '../../../components/facts.tsx';
import { Notice } from '../../../components/notice.tsx';
import { formatAge, formatBusinessDateTime } from '../../../lib/format.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useConnectJobber, useDisconnectJobber, useJobberConnection } from '../api/jobber-connection.ts';

const ageOf = (instant: string | null, now: number) => (instant ? `${formatAge(Math.max(0, (now - Date.parse(instant)) / 1000))} ago` : 'Unknown');

function ConnectionFacts({ connection }: { connection: JobberConnection }) {
  // The ages move on while the page stays open.
  const now = useNow(60_000).getTime();
  const connected = connection.connectedAt ? formatBusinessDateTime(connection.connectedAt) : 'Unknown';
  return (
    <Facts
      items={[
        ['Account', connection.accountName ?? 'Not known yet (Jobber did not say)'],
        ['Connected', connection.source === 'environment' ? `${connected}, from the server's configuration` : `${connected}${connection.connectedBy ? ` by ${connection.connectedBy}` : ''}`],
        ['Access token age', ageOf(connection.accessTokenIssuedAt, now)],
        ['Last renewal', connection.lastRenewedAt ? `${formatBusinessDateTime(connection.lastRenewedAt)} (${ageOf(connection.lastRenewedAt, now)})` : 'Not renewed yet'],
        ['Renewal', connection.canRenew ? 'Automatic, with the stored refresh token' : 'Not possible: no refresh token is stored'],
      ]}
    />
  );
}

/** What the callback's redirect says (?jobber=connected or failed), shown until the page is left. */
function Outcome({ outcome }: { outcome: string | null }) {
  if (outcome === 'connected') {
    return (
      <Notice color="green" role="status" title="Jobber connected">
        The tokens are stored encrypted on the server.
      </Notice>
    );
  }
  if (outcome === 'failed') {
    return (
      <Notice color="red" role="alert" title="Jobber was not connected">
        The reason is under Last error below.
      </Notice>
    );
  }
  return null;
}

/**
 * The Jobber connection (administrators): which account the stored tokens reach, how old the access token is, the
 * last renewal and error, Connect Jobber (Jobber's consent page and back) and Disconnect (confirmed first).
 */
export function JobberConnectionCard() {
  const connection = useJobberConnection();
  const connect = useConnectJobber();
  const disconnect = useDisconnectJobber();
  const [confirming, setConfirming] = useState(false);
  const [params] = useSearchParams();
  const data = connection.data;

  const startConnect = () =>
    connect.mutate(undefined, {
      onError: (error) => showToast({ title: 'Connect Jobber Failed', description: errorMessage(error, 'Jobber could not be connected'), variant: 'destructive' }),
    });
  const confirmDisconnect = () =>
    disconnect.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        showToast({ title: 'Jobber Disconnected', description: 'The stored Jobber tokens were deleted.' });
      },
      onError: (error) => showToast({ title: 'Disconnect Failed', description: errorMessage(error, 'Jobber could not be disconnected'), variant: 'destructive' }),
    });

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="jobber-connection-heading">
      <Stack gap="sm" align="stretch">
        <Group gap="xs">
          <Title order={2} size="h4" id="jobber-connection-heading">
            Jobber connection
          </Title>
          {data ? (
            <Badge component="span" color={data.connected ? 'green' : 'gray'} variant="light" c="dark.8" tt="none">
              {data.connected ? 'Connected' : 'Not connected'}
            </Badge>
          ) : null}
          {data?.sandbox ? (
            <Badge component="span" color="yellow" variant="light" c="dark.8" tt="none">
              Sandbox
            </Badge>
          ) : null}
        </Group>
        <Outcome outcome={params.get('jobber')} />
        {data ? (
          <>
            {data.connected ? <ConnectionFacts connection={data} /> : <Text size="sm">Jobber is not connected: imports and lookups in Jobber cannot run.</Text>}
            {data.lastError ? (
              <Notice color="red" role="note" title="Last error">
                {data.lastError}
                {data.lastErrorAt ? ` (${formatBusinessDateTime(data.lastErrorAt)})` : ''}
              </Notice>
            ) : null}
            <Text size="sm">{jobberConnectionMessages.accessTokenLifetime}</Text>
            {!data.appConfigured ? (
              <Text size="sm" c="dark.8">
                {jobberConnectionMessages.appNotConfigured}
              </Text>
            ) : null}
            {confirming ? (
              <Stack gap="xs" role="group" aria-labelledby="jobber-disconnect-question">
                <Text size="sm" id="jobber-disconnect-question" fw={700}>
                  Disconnect Jobber? Imports and lookups in Jobber stop until it is connected again.
                </Text>
                <Group gap="sm">
                  <Button color="red" onClick={confirmDisconnect} loading={disconnect.isPending}>
                    Yes, Disconnect
                  </Button>
                  <Button variant="default" onClick={() => setConfirming(false)} disabled={disconnect.isPending}>
                    Cancel
                  </Button>
                </Group>
              </Stack>
            ) : (
              <Group gap="sm">
                <Button onClick={startConnect} loading={connect.isPending} disabled={!data.appConfigured}>
                  {data.connected ? 'Connect Jobber Again' : 'Connect Jobber'}
                </Button>
                {data.connected ? (
                  <Button variant="default" onClick={() => setConfirming(true)}>
                    Disconnect
                  </Button>
                ) : null}
              </Group>
            )}
          </>
        ) : connection.isError ? (
          <Stack gap="xs" align="flex-start" role="alert">
            <Text size="sm">The Jobber connection could not be read. {errorMessage(connection.error, 'The server did not answer.')}</Text>
            <Button variant="default" size="sm" onClick={() => void connection.refetch()} loading={connection.isFetching}>
              Try Again
            </Button>
          </Stack>
        ) : (
          <Text size="sm" role="status">
            Loading the Jobber connection...
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
