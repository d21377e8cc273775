import { useMutation } from '@tanstack/react-query';
import type { RegisterRequest } from '@repo/contracts';
import { apiJson } from '@repo/ui';

/** POST /api/auth/register. The new account signs in afterwards, on the login page. */
export async function registerCustomer(request: RegisterRequest): Promise<void> {
  await apiJson<unknown>('POST', '/api/auth/register', request);
}

export function useRegisterCustomer() {
  return useMutation({ mutationFn: registerCustomer });
}
