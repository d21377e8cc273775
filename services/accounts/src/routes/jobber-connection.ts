import { z } from 'zod';
import {
  disconnectJobberRequestSchema,
  jobberAuthorizationSchema,
  jobberCallbackPath,
  jobberCallbackQuerySchema,
  jobberConnectionPagePath,
  jobberConnectionPath,
  jobberConnectionSchema,
  jobberConnectPath,
} from '@repo/contracts';
import { errorResponses, unauthorized, type ServiceApp } from '@repo/service-kit';
import type { AccountsContext } from '../use-cases/context.ts';
import { completeJobberAuthorization, disconnectJobber, getJobberConnection, startJobberAuthorization } from '../use-cases/jobber-connection.ts';

/**
 * The Jobber connection (administrators): its state, Connect Jobber (OAuth authorisation-code flow), Jobber's callback
 * and Disconnect. The callback is a browser navigation from Jobber's consent page carrying the back-office cookie
 * (SameSite=Lax lets a top-level GET through); its state must be one this session started.
 */
export async function jobberConnectionRoutes(app: ServiceApp, { ctx }: { ctx: AccountsContext }) {
  const adminOnly = app.requireRole('admin');
  const who = (session: { sid: string; email?: string; sub: string } | null) => {
    if (!session) throw unauthorized();
    return { sid: session.sid, by: session.email ?? session.sub };
  };

  app.get(jobberConnectionPath, {
    onRequest: adminOnly,
    schema: {
      tags: ['admin'],
      summary: 'The Jobber connection’s state: account, token age, last renewal and error',
      description: 'Never a token.',
      operationId: 'getJobberConnection',
      response: { 200: jobberConnectionSchema },
    },
  }, async () => getJobberConnection(ctx));

  app.post(jobberConnectPath, {
    onRequest: adminOnly,
    schema: {
      tags: ['admin'],
      summary: 'Start Connect Jobber: the URL of Jobber’s consent page, with a state bound to this session',
      description: '503 when the Jobber app’s client id and secret are not configured.',
      operationId: 'startJobberAuthorization',
      response: { 200: jobberAuthorizationSchema, ...errorResponses(503) },
    },
  }, async (request) => startJobberAuthorization(ctx, who(request.session)));

  app.get(jobberCallbackPath, {
    onRequest: adminOnly,
    schema: {
      tags: ['admin'],
      summary: 'Jobber’s OAuth callback: exchange the code, store the tokens, back to the back office',
      description:
        'Redirects (303) to the Import Customers tab with ?jobber=connected or ?jobber=failed (the reason is the connection’s last error). 400 without a state or code; 403 when the state was not started in this session, was used or expired.',
      operationId: 'completeJobberAuthorization',
      querystring: jobberCallbackQuerySchema,
      response: { 303: z.null().describe('Redirect to the back office'), ...errorResponses(400, 403) },
    },
  }, async (request, reply) => {
    const outcome = await completeJobberAuthorization(ctx, who(request.session), request.query);
    return reply.redirect(`${jobberConnectionPagePath}?jobber=${outcome}`, 303);
  });

  app.delete(jobberConnectionPath, {
    onRequest: adminOnly,
    schema: {
      tags: ['admin'],
      summary: 'Disconnect Jobber: forget the stored tokens',
      operationId: 'disconnectJobber',
      body: disconnectJobberRequestSchema,
      response: { 204: z.null().describe('Disconnected') },
    },
  }, async (_request, reply) => {
    await disconnectJobber(ctx);
    return reply.code(204).send(null);
  });
}
