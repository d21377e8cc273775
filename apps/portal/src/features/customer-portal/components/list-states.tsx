import type { ReactNode } from 'react';
import { Card, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { authMessages } from '@repo/contracts';
import { AppAnchor, ErrorState, errorMessage } from '@repo/ui';
import { LoadingNote } from '../../../components/loading-note.tsx';
import { paths } from '../../../config/paths.ts';
import { isSignedOutError, useRecheckSessionOnSignOut } from '../../../lib/session.ts';

/**
 * A history list's room while it loads: about two visits' cards. On a phone the account cards come after the list; a
 * bare spinner let them show in the first screen and then jump down as the list arrived (Lighthouse's layout shift 0.10).
 */
const listRoomPx = 400;

/** The loading and error states of a history list; `children` renders the loaded list. */
export function ListStates<T>({ query, what, children }: { query: UseQueryResult<T[]>; what: string; children: (items: T[]) => ReactNode }) {
  // A 401 means the session ended mid-use: the portal asks who is signed in and turns into the log-in prompt; the
  // notice below shows until it has.
  useRecheckSessionOnSignOut(query.error);
  if (query.isPending) return <LoadingNote label={`Loading your ${what}...`} minHeight={listRoomPx} />;
  if (query.isError) {
    if (isSignedOutError(query.error)) {
      return (
        <Card withBorder radius="md" padding="lg" role="alert">
          <Text>{authMessages.sessionEnded}</Text>
          <AppAnchor href={paths.login} fw={600} mt="xs">
            Log in again
          </AppAnchor>
        </Card>
      );
    }
    return (
      <ErrorState
        title={`We couldn't load your ${what}`}
        description={errorMessage(query.error, 'Please check your connection and try again.')}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <>{children(query.data)}</>;
}

/** An empty list: what is missing and the link that starts one. */
export function EmptyList({ message, action }: { message: string; action: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="xl">
      <Stack align="center" gap="sm" ta="center">
        <Text c="dimmed">{message}</Text>
        {action}
      </Stack>
    </Card>
  );
}
