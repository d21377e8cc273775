import { useMutation } from '@tanstack/react-query';
import { accountEmailPath, type AccountEmailRequest } from '@repo/contracts';
import { apiJson } from '@repo/ui';

/**
 * PUT /api/auth/email with the new email and the account password: a link goes to the new address, and the account
 * keeps its email until the link is opened. Answers the server's message (the same whether or not the address is free).
 */
export function useRequestEmailChange() {
  return useMutation({ mutationFn: async (request: AccountEmailRequest) => (await apiJson<{ message: string }>('PUT', accountEmailPath, request)).message });
}
