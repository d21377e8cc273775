import type { FastifyRequest } from 'fastify';
import {
  customerHistoryPath,
  customerHistoryRequestSchema,
  customerHistoryResponseSchema,
  customerHistoryTopic,
  fieldServiceSystemsPath,
  fieldServiceSystemsRequestSchema,
  fieldServiceSystemsResponseSchema,
  fieldServiceSystemsTopic,
  sessionCheckPath,
  sessionCheckRequestSchema,
  sessionCheckResponseSchema,
  sessionCheckTopic,
  type ServiceName,
} from '@repo/contracts';
import { badRequest, errorResponses, unauthorized, verifySignedRequest, type ServiceApp } from '@repo/service-kit';
import { checkSessions } from '../use-cases/check-sessions.ts';
import type { AccountsContext } from '../use-cases/context.ts';
import { connectedSystems, customerHistory } from '../use-cases/field-service-for-booking.ts';

/**
 * For the other services only (the gateway never routes /internal/): `POST /internal/sessions/check` says which
 * sessions are active (asking counts as use of the sessions); `POST /internal/field-service/systems` and
 * `POST /internal/field-service/customer-history` (booking only) say which field-service systems are connected and
 * read one customer's records and visits from one of them, with the connection accounts keeps (the calls are made
 * here: no credential leaves accounts). A question must be signed like an effect delivery by a service in
 * TRUSTED_SERVICE_KEYS (for the last two, by booking), with a fresh timestamp (401 otherwise).
 */
export async function internalRoutes(app: ServiceApp, { ctx, trusted }: { ctx: AccountsContext; trusted: Partial<Record<ServiceName, string>> }) {
  // The signature covers the exact bytes sent: keep the body as text until it is checked, then parse it for validation.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  /**
   * Refuses a request not signed for `topic` by a trusted service (by one of `senders` when given) with 401, then
   * parses its JSON body.
   */
  const signedBy = (topic: string, senders?: readonly ServiceName[]) => async (request: FastifyRequest) => {
    const body = typeof request.body === 'string' ? request.body : '';
    const signed = verifySignedRequest(request, { trusted, topic, body });
    if (!signed || (senders && !senders.includes(signed.sender))) {
      throw unauthorized('This request is not signed by a known service.');
    }
    try {
      request.body = JSON.parse(body);
    } catch {
      throw badRequest('The request body is not valid JSON.');
    }
  };

  app.post(sessionCheckPath, {
    config: { rateLimit: false },
    preValidation: signedBy(sessionCheckTopic),
    schema: { hide: true, body: sessionCheckRequestSchema, response: { 200: sessionCheckResponseSchema, ...errorResponses(400, 401) } },
  }, async (request) => ({ active: [...(await checkSessions(ctx, request.body.sids))] }));

  app.post(fieldServiceSystemsPath, {
    config: { rateLimit: false },
    preValidation: signedBy(fieldServiceSystemsTopic, ['booking']),
    schema: { hide: true, body: fieldServiceSystemsRequestSchema, response: { 200: fieldServiceSystemsResponseSchema, ...errorResponses(400, 401) } },
  }, async () => ({ connected: await connectedSystems(ctx) }));

  app.post(customerHistoryPath, {
    config: { rateLimit: false },
    preValidation: signedBy(customerHistoryTopic, ['booking']),
    schema: { hide: true, body: customerHistoryRequestSchema, response: { 200: customerHistoryResponseSchema, ...errorResponses(400, 401) } },
  }, async (request) => customerHistory(ctx, request.body.system, request.body.email));
}
