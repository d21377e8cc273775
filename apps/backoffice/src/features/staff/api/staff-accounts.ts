import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffAccountListSchema, staffAccountSchema, staffAccountsPath, type CreateStaffAccount, type StaffAccount } from '@repo/contracts';
import { adminApi } from '../../../lib/api-client.ts';

const queryKey = ['staff-accounts'] as const;

/** GET /api/admin/staff (admin): every staff and administrator sign-in. */
export function useStaffAccounts() {
  return useQuery({
    queryKey,
    queryFn: async ({ signal }): Promise<StaffAccount[]> => staffAccountListSchema.parse(await adminApi.json<unknown>('GET', staffAccountsPath, undefined, { signal })),
    staleTime: 0,
  });
}

/** POST /api/admin/staff (admin): a new sign-in; 409 when the email has one already. */
export function useCreateStaffAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (account: CreateStaffAccount) => staffAccountSchema.parse(await adminApi.json<unknown>('POST', staffAccountsPath, account)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey }),
  });
}

/** PUT /api/admin/staff/:id/password (admin): a new password; every session of that account ends. */
export function useSetStaffPassword() {
  return useMutation({
    mutationFn: async ({ id, password }: { id: number; password: string }) => {
      await adminApi.request('PUT', `${staffAccountsPath}/${id}/password`, { password });
    },
  });
}
