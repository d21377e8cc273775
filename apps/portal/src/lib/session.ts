import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Customer } from '@repo/contracts';
import { ApiRequestError, apiJson } from '@repo/ui';
import { queryKeys } from './query-keys.ts';

/** Whether a refused call means "not signed in" (no session, or one that has ended). */
export const isSignedOutError = (error: unknown): boolean => error instanceof ApiRequestError && error.status === 401;

/**
 * GET /api/auth/user: the signed-in customer, or null when there is no session. The httpOnly cookie is the session,
 * so asking the server is the only way the portal can know.
 */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<Customer | null> {
  try {
    return await apiJson<Customer>('GET', '/api/auth/user', undefined, { signal });
  } catch (error) {
    if (isSignedOutError(error)) return null;
    throw error;
  }
}

export const currentUserQuery = () => queryOptions({ queryKey: queryKeys.currentUser, queryFn: ({ signal }) => fetchCurrentUser(signal) });

export function useCurrentUser() {
  return useQuery(currentUserQuery());
}
