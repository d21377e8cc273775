import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '@repo/ui';
import { queryKeys } from './query-keys.ts';

/**
 * Whether a refused call means "not signed in": the session ended while the portal was open (logged out elsewhere,
 * idle, expired). Who is signed in is asked of GET /api/auth/session (`useSignedInCustomer` of @repo/ui), which
 * answers a visitor without an error; the portal's other calls still answer 401 without a session.
 */
export const isSignedOutError = (error: unknown): boolean => error instanceof ApiRequestError && error.status === 401;

/** Asks the server again who is signed in, so the portal turns into the log-in prompt once it says nobody is. */
export function useRecheckSession() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: queryKeys.signedInCustomer });
}

/** `useRecheckSession` for a query: once for each error of it that says the session ended. */
export function useRecheckSessionOnSignOut(error: unknown) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (isSignedOutError(error)) void queryClient.invalidateQueries({ queryKey: queryKeys.signedInCustomer });
  }, [error, queryClient]);
}
