import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordRequest } from '@repo/contracts';
import { apiJson } from '@repo/ui';

/** PUT /api/auth/password: changes the signed-in customer's password and ends their other sessions. */
export async function changePassword(request: ChangePasswordRequest): Promise<void> {
  await apiJson<unknown>('PUT', '/api/auth/password', request);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
