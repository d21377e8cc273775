import { useMutation } from '@tanstack/react-query';
import { adminLoginResponseSchema, type AdminLoginRequest } from '@repo/contracts';
import { adminApi } from '../../../lib/api-client.ts';

/** POST /api/admin/login. Answers the administrator's token, or null when the answer carried none. */
export async function loginAdministrator(credentials: AdminLoginRequest): Promise<string | null> {
  const answer = await adminApi.json<unknown>('POST', '/api/admin/login', credentials);
  const parsed = adminLoginResponseSchema.safeParse(answer);
  return parsed.success ? parsed.data.token : null;
}

export function useLoginAdministrator() {
  return useMutation({ mutationFn: loginAdministrator });
}
