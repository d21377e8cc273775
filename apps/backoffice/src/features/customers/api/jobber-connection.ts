import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { jobberAuthorizationSchema, jobberConnectionPath, jobberConnectionSchema, jobberConnectPath, type JobberConnection } from '@repo/contracts';
import { adminApi } from '../../../lib/api-client.ts';
import { queryKeys } from './query-keys.ts';

/** GET /api/admin/jobber-connection (admin): the account the stored tokens reach, their age, the last error. */
export function useJobberConnection() {
  return useQuery({
    queryKey: queryKeys.jobberConnection,
    queryFn: async ({ signal }): Promise<JobberConnection> => jobberConnectionSchema.parse(await adminApi.json<unknown>('GET', jobberConnectionPath, undefined, { signal })),
  });
}

/**
 * POST /api/admin/jobber-connection/authorize (admin): a new attempt bound to this session; the browser then goes to
 * Jobber's consent page, which comes back to the server's callback and from there to this page.
 */
export function useConnectJobber(go: (url: string) => void = (url) => window.location.assign(url)) {
  return useMutation({
    mutationFn: async () => jobberAuthorizationSchema.parse(await adminApi.json<unknown>('POST', jobberConnectPath)),
    onSuccess: ({ authorizeUrl }) => go(authorizeUrl),
  });
}

/** DELETE /api/admin/jobber-connection (admin): forgets the stored tokens. */
export function useDisconnectJobber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await adminApi.request('DELETE', jobberConnectionPath, { confirm: true });
    },
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.jobberConnection }), queryClient.invalidateQueries({ queryKey: queryKeys.importSource })]),
  });
}
