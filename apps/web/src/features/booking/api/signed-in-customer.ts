import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Customer } from '@repo/contracts';
import { ApiRequestError, apiJson } from '@repo/ui';

/**
 * GET /api/auth/user: the customer whose session cookie came with the request, or null for a visitor (401). Any other
 * failure is an error the wizard ignores: it only means nothing is filled in for them.
 */
export async function fetchSignedInCustomer(signal?: AbortSignal): Promise<Customer | null> {
  try {
    return await apiJson<Customer>('GET', '/api/auth/user', undefined, { signal });
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) return null;
    throw error;
  }
}

export const signedInCustomerQuery = () =>
  queryOptions({ queryKey: ['/api/auth/user'], queryFn: ({ signal }) => fetchSignedInCustomer(signal) });

/** Asked in the background once the page runs in the browser; the wizard never waits for it. */
export function useSignedInCustomer() {
  return useQuery(signedInCustomerQuery());
}
