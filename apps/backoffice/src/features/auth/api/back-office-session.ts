import { queryOptions, useQuery } from '@tanstack/react-query';
import { backOfficeSessionPath, backOfficeSessionResponseSchema, type BackOfficeUser } from '@repo/contracts';
import { adminApi } from '../../../lib/api-client.ts';

/**
 * Who is signed in to the back office, or null. The session is an httpOnly cookie no script can read, so asking the
 * server is the only way to know; nobody signed in is a 200 with `user: null`, not an error.
 */
export async function fetchBackOfficeUser(signal?: AbortSignal): Promise<BackOfficeUser | null> {
  const answer = await adminApi.json<unknown>('GET', backOfficeSessionPath, undefined, { signal });
  const parsed = backOfficeSessionResponseSchema.safeParse(answer);
  return parsed.success ? parsed.data.user : null;
}

/** Its key is the call's path: set it after sign-in, clear it on sign-out. */
export const backOfficeSessionQuery = () =>
  queryOptions({ queryKey: [backOfficeSessionPath], queryFn: ({ signal }) => fetchBackOfficeUser(signal) });

export function useBackOfficeUser() {
  return useQuery(backOfficeSessionQuery());
}
