import fastifyCookie from '@fastify/cookie';
import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { sessionClaimsSchema, sessionCookieName, type Role, type SessionClaims } from '@repo/contracts';
import { forbidden, unauthorized } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified caller, or null for an anonymous request. Filled by `app.authenticate`/`app.optionalSession`. */
    session: SessionClaims | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 unless a valid session token (bearer header or session cookie) is present. */
    authenticate: preHandlerAsyncHookHandler;
    /** preHandler: reads a session when one is sent, anonymous otherwise; a bad token is still a 401. */
    optionalSession: preHandlerAsyncHookHandler;
    /** preHandler: 401 without a session, 403 unless the caller has one of the roles. */
    requireRole: (...roles: Role[]) => preHandlerAsyncHookHandler;
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: SessionClaims;
    user: SessionClaims;
  }
}

export type AuthOptions = {
  jwtSecret: string;
  /** Browser origins allowed to make cookie-authenticated state changes. */
  allowedOrigins: string[];
};

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

async function verify(request: FastifyRequest): Promise<SessionClaims> {
  try {
    const claims = await request.jwtVerify<SessionClaims>();
    return sessionClaimsSchema.parse(claims);
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_JWT_AUTHORIZATION_TOKEN_EXPIRED') throw unauthorized('Your session has expired. Please sign in again.');
    throw unauthorized();
  }
}

function hasCredentials(request: FastifyRequest): boolean {
  return Boolean(request.headers.authorization || request.cookies[sessionCookieName]);
}

/**
 * Cookie + JWT verification with roles. Tokens are minted only by accounts (see `signSession`); every service verifies.
 * A state change authenticated by cookie must come from an allowed origin: SameSite cookies plus this check stop
 * cross-site request forgery, while bearer-token API clients are unaffected.
 */
export const authPlugin = fp<AuthOptions>(async (app: FastifyInstance, options) => {
  await app.register(fastifyCookie);
  await app.register(fastifyJwt, {
    secret: options.jwtSecret,
    cookie: { cookieName: sessionCookieName, signed: false },
    sign: { expiresIn: '12h' },
  });
  app.decorateRequest('session', null);

  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (!unsafeMethods.has(request.method)) return;
    if (request.headers.authorization || !request.cookies[sessionCookieName]) return;
    const origin = request.headers.origin;
    if (origin && !options.allowedOrigins.includes(origin)) {
      throw forbidden('This request came from a site that is not allowed to act for you.');
    }
  });

  app.decorate('authenticate', async (request: FastifyRequest) => {
    request.session = await verify(request);
  });
  app.decorate('optionalSession', async (request: FastifyRequest) => {
    request.session = hasCredentials(request) ? await verify(request) : null;
  });
  app.decorate('requireRole', (...roles: Role[]) => async (request: FastifyRequest, _reply: FastifyReply) => {
    const session = await verify(request);
    request.session = session;
    if (!roles.includes(session.role)) throw forbidden();
  });
});

/** Mints a session token. Only the accounts service calls this in production; tests use it to act as a user. */
export function signSession(app: FastifyInstance, claims: SessionClaims, expiresIn: string | number = '12h'): string {
  return app.jwt.sign(claims, { expiresIn });
}
