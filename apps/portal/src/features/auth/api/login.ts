import { useMutation } from '@tanstack/react-query';
import { loginResponseSchema, type LoginRequest } from '@repo/contracts';
import { apiJson } from '@repo/ui';

/** POST /api/auth/login. Answers the session token, or null when the answer carried none. */
export async function loginCustomer(credentials: LoginRequest): Promise<string | null> {
  const answer = await apiJson<unknown>('POST', '/api/auth/login', credentials);
  const parsed = loginResponseSchema.pick({ token: true }).safeParse(answer);
  return parsed.success ? parsed.data.token : null;
}

export function useLoginCustomer() {
  return useMutation({ mutationFn: loginCustomer });
}
