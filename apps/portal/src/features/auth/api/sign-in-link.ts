import { useMutation } from '@tanstack/react-query';
import {
  signInLinkCompletePath,
  signInLinkPath,
  signInLinkRequestedResponseSchema,
  type SignInLinkCompleteRequest,
  type SignInLinkRequest,
} from '@repo/contracts';
import { apiJson } from '@repo/ui';

/** POST /api/auth/sign-in-link. Answers the server's confirmation, the same whether or not an account has the email. */
export async function requestSignInLink(request: SignInLinkRequest): Promise<string | null> {
  const answer = await apiJson<unknown>('POST', signInLinkPath, request);
  const parsed = signInLinkRequestedResponseSchema.safeParse(answer);
  return parsed.success ? parsed.data.message : null;
}

export function useRequestSignInLink() {
  return useMutation({ mutationFn: requestSignInLink });
}

/** POST /api/auth/sign-in-link/complete with the link's token: signs in (the answer's httpOnly cookie is the session). */
export async function completeSignInLink(request: SignInLinkCompleteRequest): Promise<void> {
  await apiJson<unknown>('POST', signInLinkCompletePath, request);
}

export function useCompleteSignInLink() {
  return useMutation({ mutationFn: completeSignInLink });
}
