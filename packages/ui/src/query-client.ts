import { QueryClient, type QueryFunction, type QueryKey } from '@tanstack/react-query';
import { ApiRequestError, apiJson, type ApiClient } from './api-client.ts';

export type On401 = 'returnNull' | 'throw';

export type QueryClientOptions = {
  /** What the default fetch does with a 401: answer null (for "who am I" queries) or throw. Default throw. */
  on401?: On401;
  /** The API client the default fetch uses; the customer client unless given. */
  api?: Pick<ApiClient, 'json'>;
};

/** `['/api/technicians', 5]` → `/api/technicians/5`. Only strings and numbers make a path. */
export function queryKeyToPath(queryKey: QueryKey): string {
  return queryKey
    .map((segment) => {
      if (typeof segment === 'string' || typeof segment === 'number') return String(segment);
      throw new TypeError(`Query key segment ${JSON.stringify(segment)} cannot be part of a path; give this query its own queryFn.`);
    })
    .join('/');
}

/** The default fetch: GET the path joined from the query key, parse JSON. */
export function createQueryFn({ on401 = 'throw', api = { json: apiJson } }: QueryClientOptions = {}): QueryFunction {
  return async ({ queryKey, signal }) => {
    try {
      return await api.json<unknown>('GET', queryKeyToPath(queryKey), undefined, { signal });
    } catch (error) {
      if (on401 === 'returnNull' && error instanceof ApiRequestError && error.status === 401) return null;
      throw error;
    }
  };
}

/** Data never goes stale, no refetch on focus, no polling and no retries unless a query asks for them. */
export function createQueryClient(options: QueryClientOptions = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: createQueryFn(options),
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
