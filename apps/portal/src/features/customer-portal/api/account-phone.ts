import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountPhonePath, type AccountPhoneRequest, type AccountPhoneResponse } from '@repo/contracts';
import { apiJson } from '@repo/ui';
import { queryKeys } from '../../../lib/query-keys.ts';

/** PUT /api/auth/phone: the signed-in customer's new phone number, not proven until a texted code proves it. */
export function useChangePhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: AccountPhoneRequest) => apiJson<AccountPhoneResponse>('PUT', accountPhonePath, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.signedInCustomer }),
  });
}
