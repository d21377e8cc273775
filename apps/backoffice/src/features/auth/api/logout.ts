import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { backOfficeLogoutPath } from '@repo/contracts';
import { adminApi } from '../../../lib/api-client.ts';
import { backOfficeSessionQuery } from './back-office-session.ts';

/** POST /api/admin/logout: ends the session at the server and clears its cookie. */
export async function logOutOfBackOffice(): Promise<void> {
  await adminApi.request('POST', backOfficeLogoutPath);
}

/** Forgets everything the signed-in person loaded; the session reads as nobody until asked again. */
export function forgetSession(queryClient: QueryClient): void {
  queryClient.removeQueries();
  queryClient.setQueryData(backOfficeSessionQuery().queryKey, null);
}

export function useLogOutOfBackOffice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: logOutOfBackOffice, onSuccess: () => forgetSession(queryClient) });
}
