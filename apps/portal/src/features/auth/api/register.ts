import { useMutation } from '@tanstack/react-query';
import { registerResponseSchema, type RegisterRequest } from '@repo/contracts';
import { apiJson } from '@repo/ui';

/** POST /api/auth/register. Answers the server's "check your email" message, the same whatever the email; null when the answer carried none. */
export async function registerCustomer(request: RegisterRequest): Promise<string | null> {
  const answer = await apiJson<unknown>('POST', '/api/auth/register', request);
  const parsed = registerResponseSchema.safeParse(answer);
  return parsed.success ? parsed.data.message : null;
}

export function useRegisterCustomer() {
  return useMutation({ mutationFn: registerCustomer });
}
