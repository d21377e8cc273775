import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { importAllCustomersPath, importJobListSchema, importJobSchema, importJobsPath, latestImportJobPath, resumeImportJobPath, type ImportJob } from '@repo/contracts';
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
 * job, which becomes the latest at once. A question about the latest job still on its way was asked before this job
 * existed, so it is cancelled first: its answer (the previous import, ended) would otherwise replace the running one
 * and stop the polling. A 409 (one is already running) is thrown for the page to explain; the latest job is asked
 * again so the running one shows.
 */
export function useStartImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<ImportJob> => importJobSchema.parse(await adminApi.json<unknown>('POST', importAllCustomersPath)),
    onSuccess: async (job) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.latestImportJob });
      queryClient.setQueryData(queryKeys.latestImportJob, job);
      return queryClient.invalidateQueries({ queryKey: queryKeys.importJobs });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.latestImportJob }),
  });
}

/** GET /api/admin/import-jobs (admin): the recent imports, newest first; asked every second while one of them runs. */
export function useImportJobs(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.importJobs,
    queryFn: async ({ signal }): Promise<ImportJob[]> => importJobListSchema.parse(await adminApi.json<unknown>('GET', importJobsPath, undefined, { signal })),
    enabled,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.some((job) => job.status === 'running') ? importPollMs : false),
  });
}

/**
 * POST /api/admin/import-jobs/:id/resume (admin): a failed import carries on from the page it reached; 202 with it,
 * running again. The latest import and the list are asked again, so both follow it.
 */
export function useResumeImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number): Promise<ImportJob> => importJobSchema.parse(await adminApi.json<unknown>('POST', resumeImportJobPath(id))),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.latestImportJob }), queryClient.invalidateQueries({ queryKey: queryKeys.importJobs })]),
  });
}
