import { useMutation } from '@tanstack/react-query';
import { confirmEmailPath, type ConfirmEmailRequest } from '@repo/contracts';
import { apiJson } from '@repo/ui';

/**
 * POST /api/auth/confirm-email with the link's token and the password chosen at registration: creates the account from
 * the registration and signs in (the answer's httpOnly cookie is the session).
 */
export async function confirmEmail(request: ConfirmEmailRequest): Promise<void> {
  await apiJson<unknown>('POST', confirmEmailPath, request);
}

export function useConfirmEmail() {
  return useMutation({ mutationFn: confirmEmail });
}
