import { useMutation } from '@tanstack/react-query';
import { passwordResetPath, passwordResetRequestedResponseSchema, type PasswordResetRequest } from '@repo/contracts';
import { apiJson } from '@repo/ui';

/** POST /api/auth/password-reset. Answers the server's confirmation, the same whether or not an account has the email. */
export async function requestPasswordReset(request: PasswordResetRequest): Promise<string | null> {
  const answer = await apiJson<unknown>('POST', passwordResetPath, request);
  const parsed = passwordResetRequestedResponseSchema.safeParse(answer);
  return parsed.success ? parsed.data.message : null;
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
