import { queryOptions, useQueries } from '@tanstack/react-query';
import { apiDocsPath, serviceNames, type ServiceName } from '@repo/contracts';
import { ApiRequestError } from '@repo/ui';
import { adminApi } from '../../../lib/api-client.ts';
import type { OpenApiDocument } from '../lib/merge-documents.ts';

/** Thrown when a service answers 200 with something else (a misrouted call, a proxy's page). */
class NotADocumentError extends Error {}

const isDocument = (value: unknown): value is OpenApiDocument =>
  typeof value === 'object' && value !== null && typeof (value as OpenApiDocument).openapi === 'string' && typeof (value as OpenApiDocument).paths === 'object';

/** GET /api/docs/<service> (staff, admin): the service's OpenAPI document. It changes only with a deployment. */
export const serviceDocumentQuery = (service: ServiceName) =>
  queryOptions({
    queryKey: ['api-docs', service] as const,
    queryFn: async ({ signal }): Promise<OpenApiDocument> => {
      const document = await adminApi.json<unknown>('GET', apiDocsPath(service), undefined, { signal });
      if (!isDocument(document)) throw new NotADocumentError('It answered something that is not an OpenAPI document.');
      return document;
    },
    staleTime: 5 * 60_000,
    retry: 1,
  });

export type ServiceDocumentState =
  | { service: ServiceName; state: 'loading' }
  | { service: ServiceName; state: 'ready'; document: OpenApiDocument }
  | { service: ServiceName; state: 'unreachable'; message: string };

export type ServiceDocuments = { services: ServiceDocumentState[]; retry: () => void };

/** Every service's document; one that cannot be read is said so, and the others are still shown. */
export function useServiceDocuments(): ServiceDocuments {
  return useQueries({
    queries: serviceNames.map(serviceDocumentQuery),
    combine: (results) => ({
      services: results.map((result, index): ServiceDocumentState => {
        const service = serviceNames[index]!;
        if (result.data) return { service, state: 'ready', document: result.data };
        if (result.isError) {
          const { error } = result;
          const message =
            error instanceof ApiRequestError ? `It answered ${error.status}.` : error instanceof NotADocumentError ? error.message : 'It did not answer.';
          return { service, state: 'unreachable', message };
        }
        return { service, state: 'loading' };
      }),
      retry: () => results.forEach((result) => result.isError && void result.refetch()),
    }),
  });
}
