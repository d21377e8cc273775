import { sessionCheckPath, sessionCheckRequestSchema, sessionCheckResponseSchema, sessionCheckTopic, type ServiceName } from '@repo/contracts';
import { badRequest, errorResponses, unauthorized, verifySignedRequest, type ServiceApp } from '@repo/service-kit';
import { checkSessions } from '../use-cases/check-sessions.ts';
import type { AccountsContext } from '../use-cases/context.ts';

/**
 * For the other services only (the gateway never routes /internal/): `POST /internal/sessions/check` says which
 * sessions are active. A question must be signed like an effect delivery by a service in TRUSTED_SERVICE_KEYS, with a
 * fresh timestamp (401 otherwise). Asking counts as use of the sessions.
 */
export async function internalRoutes(app: ServiceApp, { ctx, trusted }: { ctx: AccountsContext; trusted: Partial<Record<ServiceName, string>> }) {
  // The signature covers the exact bytes sent: keep the body as text until it is checked, then parse it for validation.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.post(sessionCheckPath, {
    config: { rateLimit: false },
    preValidation: async (request) => {
      const body = typeof request.body === 'string' ? request.body : '';
      if (!verifySignedRequest(request, { trusted, topic: sessionCheckTopic, body })) {
        throw unauthorized('This request is not signed by a known service.');
      }
      try {
        request.body = JSON.parse(body);
      } catch {
        throw badRequest('The request body is not valid JSON.');
      }
    },
    schema: { hide: true, body: sessionCheckRequestSchema, response: { 200: sessionCheckResponseSchema, ...errorResponses(400, 401) } },
  }, async (request) => ({ active: [...(await checkSessions(ctx, request.body.sids))] }));
}
