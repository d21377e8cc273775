import { useMutation, useQueryClient } from '@tanstack/react-query';
import { phoneCodeConfirmPath, phoneCodePath, type PhoneCodeConfirmRequest } from '@repo/contracts';
import { apiJson } from '@repo/ui';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /api/auth/phone-code: texts a code to the phone on the account; answers the message naming where it went. */
export function useRequestPhoneCode() {
  return useMutation({ mutationFn: async () => (await apiJson<{ message: string }>('POST', phoneCodePath)).message });
}

/** POST /api/auth/phone-code/confirm: proves the phone; the account and its linked record are read again. */
export function useConfirmPhoneCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: PhoneCodeConfirmRequest) => (await apiJson<{ message: string }>('POST', phoneCodeConfirmPath, request)).message,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.signedInCustomer }),
        queryClient.invalidateQueries({ queryKey: queryKeys.linkedServiceHistory }),
      ]);
    },
  });
}
