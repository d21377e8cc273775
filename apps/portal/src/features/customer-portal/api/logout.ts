import { useMutation } from '@tanstack/react-query';
import { apiJson } from '@repo/ui';

/** POST /api/auth/logout: ends the session everywhere it was copied and clears the cookie. */
export async function logOut(): Promise<void> {
  await apiJson<unknown>('POST', '/api/auth/logout');
}

export function useLogOut() {
  return useMutation({ mutationFn: logOut });
}
