import type { ReactNode } from 'react';
import { Paper, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { ErrorState, LoadingState } from '@repo/ui';

type QueryStatesProps<T> = {
  query: Pick<UseQueryResult<T>, 'data' | 'isPending' | 'isError' | 'refetch'>;
  /** "technicians": the titles read "Loading technicians..." and "Unable to Load technicians". */
  what: string;
  /** Shown instead of the content when the data holds nothing. */
  empty: string;
  isEmpty: (data: T) => boolean;
  children: (data: T) => ReactNode;
};

/**
 * A list's loading, error (with Try Again) and empty states, then its content. Once data is on screen a failed
 * refresh leaves it there.
 */
export function QueryStates<T>({ query, what, empty, isEmpty, children }: QueryStatesProps<T>) {
  if (query.data !== undefined) {
    if (isEmpty(query.data)) {
      return (
        <Paper withBorder p="lg" radius="md">
          <Text>{empty}</Text>
        </Paper>
      );
    }
    return <>{children(query.data)}</>;
  }
  if (query.isPending) return <LoadingState title={`Loading ${what}...`} />;
  return (
    <ErrorState
      title={`Unable to load ${what}`}
      description={`We're having trouble loading ${what} right now.`}
      onRetry={() => void query.refetch()}
    />
  );
}
