import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { closureListSchema, closurePath, closureSchema, closuresPath, type ClosureList, type CreateClosureParsed } from '@repo/contracts';
import { adminApi } from '../../../lib/api-client.ts';

const queryKey = ['closures'] as const;

/** GET /api/appointments/closures (staff): today's and later closures, and the windows a normal day offers. */
export function useClosures() {
  return useQuery({
    queryKey,
    queryFn: async ({ signal }): Promise<ClosureList> => closureListSchema.parse(await adminApi.json<unknown>('GET', closuresPath, undefined, { signal })),
    staleTime: 0,
  });
}

/** POST /api/appointments/closures (staff): closes a day or reduces its hours; 409 when the day has a closure already. */
export function useAddClosure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (closure: CreateClosureParsed) => closureSchema.parse(await adminApi.json<unknown>('POST', closuresPath, closure)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey }),
  });
}

/** DELETE /api/appointments/closures/:date (staff): the day's normal windows are offered again. */
export function useRemoveClosure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (date: string) => {
      await adminApi.request('DELETE', closurePath(date));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
