import type { FastifyRequest } from 'fastify';
import {
  jobberAccessTokenPath,
  jobberAccessTokenRequestSchema,
  jobberAccessTokenResponseSchema,
  jobberAccessTokenTopic,
  sessionCheckPath,
  sessionCheckRequestSchema,
  sessionCheckResponseSchema,
  sessionCheckTopic,
  type ServiceName,
} from '@repo/contracts';
import { FieldServiceError } from '@repo/field-service';
import { badGateway, badRequest, errorResponses, unauthorized, verifySignedRequest, type ServiceApp } from '@repo/service-kit';
import { checkSessions } from '../use-cases/check-sessions.ts';
import type { AccountsContext } from '../use-cases/context.ts';

/**
 * For the other services only (the gateway never routes /internal/): `POST /internal/sessions/check` says which
 * sessions are active (asking counts as use of the sessions); `POST /internal/jobber/access-token` hands out Jobber's
 * current access token, renewed once for all when one was refused, so booking uses the tokens accounts keeps instead
 * of spending the refresh token. A question must be signed like an effect delivery by a service in
 * TRUSTED_SERVICE_KEYS, with a fresh timestamp (401 otherwise).
 */
export async function internalRoutes(app: ServiceApp, { ctx, trusted }: { ctx: AccountsContext; trusted: Partial<Record<ServiceName, string>> }) {
  // The signature covers the exact bytes sent: keep the body as text until it is checked, then parse it for validation.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  /** Refuses a request not signed by a trusted service for `topic` (401), then parses its JSON body. */
  const signedBy = (topic: string) => async (request: FastifyRequest) => {
    const body = typeof request.body === 'string' ? request.body : '';
    if (!verifySignedRequest(request, { trusted, topic, body })) {
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

  app.post(jobberAccessTokenPath, {
    config: { rateLimit: false },
    preValidation: signedBy(jobberAccessTokenTopic),
    schema: { hide: true, body: jobberAccessTokenRequestSchema, response: { 200: jobberAccessTokenResponseSchema, ...errorResponses(400, 401, 502) } },
  }, async (request) => {
    try {
      const { refused } = request.body;
      return { accessToken: refused ? await ctx.jobberTokens.renew(refused) : await ctx.jobberTokens.accessToken() };
    } catch (err) {
      // Not connected, or the refresh token was refused: the caller's Jobber call fails as credentials.
      if (err instanceof FieldServiceError && err.kind === 'credentials') return { accessToken: null };
      if (err instanceof FieldServiceError) throw badGateway(err.message);
      throw err;
    }
  });
}
