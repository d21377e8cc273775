import { queryOptions, useQuery } from '@tanstack/react-query';
import { currentSessionPath, type CurrentSessionResponse, type Customer } from '@repo/contracts';
import { apiJson } from './api-client.ts';

/**
 * The signed-in customer, or null for a visitor (no session, or one that has ended). The httpOnly cookie is the
 * session, so asking the server is the only way a page can know; `GET /api/auth/session` answers a visitor with 200,
 * so asking never logs a failed request in the browser.
 */
export async function fetchSignedInCustomer(signal?: AbortSignal): Promise<Customer | null> {
  const answer = await apiJson<CurrentSessionResponse | null>('GET', currentSessionPath, undefined, { signal });
  return answer?.customer ?? null;
}

/** Its query key is the call's path: invalidate it after login, logout and anything that changes the account. */
export const signedInCustomerQuery = () =>
  queryOptions({ queryKey: [currentSessionPath], queryFn: ({ signal }) => fetchSignedInCustomer(signal) });

export function useSignedInCustomer() {
  return useQuery(signedInCustomerQuery());
}

/** POST /api/auth/logout: ends the customer's session on the server and clears its cookie. */
export async function signOutCustomer(): Promise<void> {
  await apiJson<unknown>('POST', '/api/auth/logout');
}
