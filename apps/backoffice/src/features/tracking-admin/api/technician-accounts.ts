import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  technicianAccountListSchema,
  technicianAccountSchema,
  technicianAccountsPath,
  type CreateTechnicianAccount,
  type TechnicianAccount,
} from '@repo/contracts';
import { adminApi } from '../../../lib/api-client.ts';
import { queryKeys } from './query-keys.ts';

/** GET /api/admin/technician-accounts: which technicians have a sign-in to the phone view. */
export function useTechnicianAccounts() {
  return useQuery({
    queryKey: queryKeys.technicianAccounts,
    queryFn: async ({ signal }): Promise<TechnicianAccount[]> =>
      technicianAccountListSchema.parse(await adminApi.json<unknown>('GET', technicianAccountsPath, undefined, { signal })),
  });
}

/** POST /api/admin/technician-accounts: a sign-in (role technician) linked to the tracking technician. */
export function useCreateTechnicianAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (account: CreateTechnicianAccount) => technicianAccountSchema.parse(await adminApi.json<unknown>('POST', technicianAccountsPath, account)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.technicianAccounts }),
  });
}

/** PUT /api/admin/technician-accounts/:technicianId/password: a new password; the technician's sessions end. */
export function useSetTechnicianPassword() {
  return useMutation({
    mutationFn: async ({ technicianId, password }: { technicianId: string; password: string }) => {
      await adminApi.request('PUT', `${technicianAccountsPath}/${encodeURIComponent(technicianId)}/password`, { password });
    },
  });
}
