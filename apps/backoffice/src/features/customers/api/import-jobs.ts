import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { importAllCustomersPath, importJobSchema, latestImportJobPath, type ImportJob } from '@repo/contracts';
import { adminApi } from '../../../lib/api-client.ts';
import { queryKeys } from './query-keys.ts';

/** How often a running import is asked about: the progress bar moves about every second. */
export const importPollMs = 1_000;

/**
 * GET /api/admin/import-jobs/latest (admin): the newest import, or null when none has run. Asked every second while it
 * runs, so the page (reloaded or not) follows it to the end. Staff never ask: the server would refuse them.
 */
export function useLatestImportJob(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.latestImportJob,
    queryFn: async ({ signal }): Promise<ImportJob | null> =>
      importJobSchema.nullable().parse(await adminApi.json<unknown>('GET', latestImportJobPath, undefined, { signal })),
    enabled,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.status === 'running' ? importPollMs : false),
  });
}

/**
 * POST /api/admin/import-all-customers (admin, no body: the server's configured credentials): 202 with the started
 * job, which becomes the latest at once. A 409 (one is already running) is thrown for the page to explain; the
 * latest job is asked again so the running one shows.
 */
export function useStartImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<ImportJob> => importJobSchema.parse(await adminApi.json<unknown>('POST', importAllCustomersPath)),
    onSuccess: (job) => queryClient.setQueryData(queryKeys.latestImportJob, job),
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.latestImportJob }),
  });
}
