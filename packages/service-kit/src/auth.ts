import fastifyCookie from '@fastify/cookie';
import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { authMessages, roles, sessionClaimsSchema, sessionCookieName, staffSessionCookieName, type Role, type SessionClaims } from '@repo/contracts';
import { DomainError, forbidden, unauthorized, unavailable } from './errors.ts';
import { SessionCheckUnavailableError, UnconfiguredSessionStore, type SessionStore } from './sessions/store.ts';
import { SessionWatcher } from './sessions/watcher.ts';
import { withRequirement, type LinkSchemeName } from './openapi.ts';
import { linkTokenOf } from './appointment-links.ts';

export * from './signing-keys.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified caller, or null for an anonymous request. Filled by `app.authenticate`/`app.optionalSession`. */
    session: SessionClaims | null;
  }
  interface FastifyInstance {
    /** onRequest: 401 unless a valid token (bearer header or session cookie) of an active session is present. */
    authenticate: preHandlerAsyncHookHandler;
    /** onRequest: reads a session when one is sent, anonymous otherwise (also for a cookie whose session ended); a bad bearer token is a 401. */
    optionalSession: preHandlerAsyncHookHandler;
    /** onRequest: 401 without an active session, 403 unless the caller has one of the roles. */
    requireRole: (...roles: Role[]) => preHandlerAsyncHookHandler;
    /**
     * onRequest for calls a link opens as well as a session: an appointment's (`X-Appointment-Access`, the default)
     * or an invoice's (`X-Invoice-Access`, `link: 'invoiceLink'`). Without the link: 401 without an active session,
     * 403 unless it has one of `roles` (`wrongRole` is the message). With a link, no session is needed and a stale
     * one beside it (a guest on a shared computer) is ignored; the session that is valid is kept, whatever its role,
     * and the route judges the link itself (`checkAppointmentLink` for an appointment's).
     */
    sessionOrLink: (roles: readonly Role[], options?: { wrongRole?: string; link?: LinkSchemeName }) => preHandlerAsyncHookHandler;
    sessions: {
      /**
       * Calls `onEnded` once, within about a second, after the session ends (logout, password change, idle time,
       * maximum age). For connections that outlive one request, such as WebSockets; the returned function stops
       * watching and must be called when the connection closes.
       */
      watch(sid: string, onEnded: () => void): () => void;
      /** The correctly signed, unexpired session claims the request carries (bearer and cookie), active or not. */
      presented(request: FastifyRequest): SessionClaims[];
    };
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: SessionClaims;
    user: SessionClaims;
  }
}

export type AuthOptions = {
  /** Accounts' Ed25519 public key (PEM): every session token is verified with it. */
  publicKey: string;
  /** Accounts' private key (PEM), given to accounts alone: without it the service verifies and cannot mint sessions. */
  signingKey?: string;
  /** Browser origins allowed to make cookie-authenticated state changes. */
  allowedOrigins: string[];
  /** Says whether a token's session is still active. */
  sessions: SessionStore;
};

/** Refusals of a session that leave a request anonymous beside an appointment link: bad or ended (401), or unchecked (503). */
const isUnusableSession = (err: DomainError) => err.statusCode === 401 || err.statusCode === 503;

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const bearerToken = (request: FastifyRequest) => {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : undefined;
};

/** The session cookies a request carries: the back office's first (see `staffSessionCookieName`), then the customer's. */
const cookieTokens = (request: FastifyRequest) =>
  [request.cookies[staffSessionCookieName], request.cookies[sessionCookieName]].filter((token): token is string => Boolean(token));

function hasCredentials(request: FastifyRequest): boolean {
  return Boolean(request.headers.authorization) || cookieTokens(request).length > 0;
}

/**
 * Cookie + JWT verification with roles, and a check that the token's session is still active. Tokens are minted only
 * by accounts (see `signSession`), with its Ed25519 private key; every service verifies them with the public key.
 *
 * Why a revocation check rather than short-lived tokens: bearer API clients and copied cookies must stop working the
 * moment their session is logged out (or its password changed), and there is no refresh flow to lean on. So each
 * authenticated request asks the session store whether the token's `sid` is active: accounts reads its own database,
 * every other service asks accounts over a signed internal call, batching concurrent questions and reusing an answer
 * for at most one second. When accounts cannot answer, signed-in calls get 503 (fail closed); anonymous calls are
 * unaffected.
 *
 * A state change authenticated by cookie must come from an allowed origin: SameSite cookies plus this check stop
 * cross-site request forgery, while bearer-token API clients are unaffected.
 */
export const authPlugin = fp<AuthOptions>(async (app: FastifyInstance, options) => {
  await app.register(fastifyCookie);
  await app.register(fastifyJwt, {
    secret: options.signingKey ? { private: options.signingKey, public: options.publicKey } : { public: options.publicKey },
    sign: { algorithm: 'EdDSA', expiresIn: '12h' },
    // Only EdDSA: no `none`, and no HMAC over the public key (which every service, and anyone who asks, may know).
    verify: { algorithms: ['EdDSA'] },
  });
  app.decorateRequest('session', null);
  const store = options.sessions;
  const watcher = new SessionWatcher(store, app.log);

  if (store instanceof UnconfiguredSessionStore) {
    app.addHook('onReady', async () => app.log.error(`${store.problem}; every signed-in call will answer 503`));
  }
  app.addHook('onClose', async () => watcher.stop());

  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (!unsafeMethods.has(request.method)) return;
    if (request.headers.authorization || cookieTokens(request).length === 0) return;
    const origin = request.headers.origin;
    if (origin && !options.allowedOrigins.includes(origin)) {
      throw forbidden('This request came from a site that is not allowed to act for you.');
    }
  });

  async function verify(request: FastifyRequest): Promise<SessionClaims> {
    // A bearer header is sent on purpose and wins; otherwise the back office's cookie, then the customer's.
    const token = request.headers.authorization !== undefined ? bearerToken(request) : cookieTokens(request)[0];
    if (!token) throw unauthorized();
    let claims: SessionClaims;
    try {
      claims = sessionClaimsSchema.parse(app.jwt.verify<SessionClaims>(token));
    } catch (err) {
      // A token expires with its session's maximum age.
      if ((err as { code?: string }).code === 'FAST_JWT_EXPIRED') throw unauthorized(authMessages.sessionEnded);
      throw unauthorized();
    }
    let active: ReadonlySet<string>;
    try {
      active = await store.activeSessions([claims.sid]);
    } catch (err) {
      if (!(err instanceof SessionCheckUnavailableError)) throw err;
      request.log.warn({ err: err.message }, 'session check unavailable');
      throw unavailable(authMessages.sessionCheckUnavailable);
    }
    if (!active.has(claims.sid)) throw unauthorized(authMessages.sessionEnded);
    return claims;
  }

  function presented(request: FastifyRequest): SessionClaims[] {
    const tokens = [bearerToken(request), ...cookieTokens(request)];
    const claims = new Map<string, SessionClaims>();
    for (const token of tokens) {
      if (!token) continue;
      try {
        const parsed = sessionClaimsSchema.parse(app.jwt.verify<SessionClaims>(token));
        claims.set(parsed.sid, parsed);
      } catch {
        // Not one of ours (bad signature, expired or malformed): there is no session behind it to act on.
      }
    }
    return [...claims.values()];
  }

  app.decorate('authenticate', withRequirement(async (request: FastifyRequest) => {
    request.session = await verify(request);
  }, { kind: 'required', roles }));
  app.decorate('optionalSession', withRequirement(async (request: FastifyRequest) => {
    if (!hasCredentials(request)) {
      request.session = null;
      return;
    }
    try {
      request.session = await verify(request);
    } catch (err) {
      // A browser keeps sending a cookie whose session has ended (logged out elsewhere, idle, expired); on a call
      // open to visitors that is a visitor, not a refusal. A bearer token is sent on purpose, so a bad one stays a 401.
      const endedCookie = !request.headers.authorization && err instanceof DomainError && err.statusCode === 401;
      if (!endedCookie) throw err;
      request.session = null;
    }
  }, { kind: 'optional' }));
  app.decorate('requireRole', (...allowed: Role[]) =>
    withRequirement(async (request: FastifyRequest, _reply: FastifyReply) => {
      const session = await verify(request);
      request.session = session;
      if (!allowed.includes(session.role)) throw forbidden();
    }, { kind: 'required', roles: allowed }),
  );
  app.decorate('sessionOrLink', (allowed: readonly Role[], { wrongRole, link = 'appointmentLink' }: { wrongRole?: string; link?: LinkSchemeName } = {}) =>
    withRequirement(async (request: FastifyRequest) => {
      if (linkTokenOf(request, link) === undefined) {
        const session = await verify(request);
        request.session = session;
        if (!allowed.includes(session.role)) throw forbidden(wrongRole);
        return;
      }
      request.session = null;
      if (!hasCredentials(request)) return;
      try {
        request.session = await verify(request);
      } catch (err) {
        // A session that is bad, ended or cannot be checked right now grants nothing beside a link: the link decides.
        if (!(err instanceof DomainError && isUnusableSession(err))) throw err;
      }
    }, { kind: 'required', roles: allowed, alternatives: [link] }),
  );
  app.decorate('sessions', {
    watch: (sid: string, onEnded: () => void) => watcher.watch(sid, onEnded),
    presented,
  });
});

/** Mints a session token (EdDSA). Only a service given the private key can: accounts (tests use `signTestSession`). */
export function signSession(app: FastifyInstance, claims: SessionClaims, expiresIn: string | number = '12h'): string {
  return app.jwt.sign(claims, { expiresIn });
}
