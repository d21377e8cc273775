import { z } from 'zod';
import { apiDocsPath, type ServiceName } from '@repo/contracts';
import type { ServiceApp } from './service-app.ts';
import { errorResponses } from './error-responses.ts';

/** The outline of an OpenAPI document; the rest passes through as the service generated it. */
const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

/**
 * `GET /api/docs/<service>` (staff, admin): the service's OpenAPI document through the gateway, for the back office's
 * API reference. `/openapi.json` stays on the service's own port; the gateways answer it with 404 on public hosts.
 */
export function registerApiDocs(app: ServiceApp, service: ServiceName): void {
  app.get(
    apiDocsPath(service),
    {
      onRequest: app.requireRole('staff', 'admin'),
      schema: {
        tags: ['docs'],
        summary: `The ${service} service's OpenAPI document`,
        description: 'Staff only. The back office merges the four services\' documents into one API reference.',
        response: { 200: openApiDocumentSchema, ...errorResponses(401, 403) },
      },
    },
    async () => app.swagger() as unknown as z.infer<typeof openApiDocumentSchema>,
  );
}
