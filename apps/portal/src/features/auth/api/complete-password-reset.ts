import { useMutation } from '@tanstack/react-query';
import { passwordResetCompletePath, type PasswordResetCompleteRequest } from '@repo/contracts';
import { apiJson } from '@repo/ui';

/** POST /api/auth/password-reset/complete: the new password; every session of the customer ends. */
export async function completePasswordReset(request: PasswordResetCompleteRequest): Promise<void> {
  await apiJson<unknown>('POST', passwordResetCompletePath, request);
}

export function useCompletePasswordReset() {
  return useMutation({ mutationFn: completePasswordReset });
}
