import { useMutation } from '@tanstack/react-query';
import { adminLoginResponseSchema, type AdminLoginRequest, type BackOfficeUser } from '@repo/contracts';

export type BackOfficeSignIn = { token: string; user: BackOfficeUser };
import { adminApi } from '../../../lib/api-client.ts';

/**
 * POST /api/admin/login: the answer's httpOnly cookie is the session; the answer also says who signed in. Null when
 * the answer was not a sign-in. Nothing here keeps the token.
 */
export async function loginToBackOffice(credentials: AdminLoginRequest): Promise<BackOfficeSignIn | null> {
  const answer = await adminApi.json<unknown>('POST', '/api/admin/login', credentials);
  const parsed = adminLoginResponseSchema.safeParse(answer);
  return parsed.success ? parsed.data : null;
}

export function useLoginToBackOffice() {
  return useMutation({ mutationFn: loginToBackOffice });
}
