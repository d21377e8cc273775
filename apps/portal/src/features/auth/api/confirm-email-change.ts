import { useMutation } from '@tanstack/react-query';
import { accountEmailConfirmPath, type AccountEmailConfirmRequest } from '@repo/contracts';
import { apiJson } from '@repo/ui';

/**
 * POST /api/auth/email/confirm with the link's token and the account password: the new email becomes the account's, every
 * other session ends, and this browser is signed in afresh (the answer's httpOnly cookie). Answers the server's message.
 */
export function useConfirmEmailChange() {
  return useMutation({ mutationFn: async (request: AccountEmailConfirmRequest) => (await apiJson<{ message: string }>('POST', accountEmailConfirmPath, request)).message });
}
