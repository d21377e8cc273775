import {
  adminLoginRequestSchema,
  adminLoginResponseSchema,
  changePasswordRequestSchema,
  changePasswordResponseSchema,
  currentSessionPath,
  currentSessionResponseSchema,
  customerSchema,
  loginRequestSchema,
  loginResponseSchema,
  logoutResponseSchema,
  registerRequestSchema,
  registerResponseSchema,
  sessionCookieName,
} from '@repo/contracts';
import { errorResponses, signSession, type ServiceApp } from '@repo/service-kit';
import type { FastifyRequest } from 'fastify';
import { TooManyAttemptsError } from '../domain/throttle.ts';
import type { AccountsEnv } from '../env.ts';
import { changePassword } from '../use-cases/change-password.ts';
import type { AccountsContext } from '../use-cases/context.ts';
import { getOwnAccount } from '../use-cases/get-own-account.ts';
import { logInCustomer } from '../use-cases/log-in-customer.ts';
import { logInStaff } from '../use-cases/log-in-staff.ts';
import { logOut } from '../use-cases/log-out.ts';
import { registerCustomer } from '../use-cases/register-customer.ts';
import type { NewSession } from '../use-cases/start-session.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 429, 503);

export async function authRoutes(app: ServiceApp, { ctx, env }: { ctx: AccountsContext; env: AccountsEnv }) {
  const cookie = {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: env.COOKIE_SECURE ? env.COOKIE_SECURE === 'true' : env.NODE_ENV === 'production',
    path: '/',
    ...(env.COOKIE_DOMAIN ? { domain: env.COOKIE_DOMAIN } : {}),
  };
  const mint = ({ claims, maxAgeSeconds }: NewSession) => signSession(app, claims, maxAgeSeconds);

  // One bucket per client for every attempt at a password (login, registration, admin login, password change), on
  // top of the per-account count the use cases keep.
  const clientBucket = app.createRateLimit({ max: env.LOGIN_RATE_LIMIT_MAX, timeWindow: 60_000 });
  const passwordAttempts = async (request: FastifyRequest) => {
    const limit = await clientBucket(request);
    if (limit.isAllowed || !limit.isExceeded) return;
    throw new TooManyAttemptsError(`Too many attempts. Please wait ${limit.ttlInSeconds} seconds and try again.`, limit.ttlInSeconds);
  };
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof TooManyAttemptsError) reply.header('retry-after', String(error.retryAfterSeconds));
  });

  app.post('/api/auth/register', {
    onRequest: passwordAttempts,
    schema: { tags: ['auth'], body: registerRequestSchema, response: { 201: registerResponseSchema, ...errors } },
  }, async (request, reply) => {
    const customer = await registerCustomer(ctx, request.body);
    return reply.code(201).send({ message: 'Your account has been created. Please log in.', customer });
  });

  app.post('/api/auth/login', {
    onRequest: passwordAttempts,
    schema: { tags: ['auth'], body: loginRequestSchema, response: { 200: loginResponseSchema, ...errors } },
  }, async (request, reply) => {
    const session = await logInCustomer(ctx, request.body);
    const token = mint(session);
    reply.setCookie(sessionCookieName, token, { ...cookie, maxAge: session.maxAgeSeconds });
    return { token, message: 'Login successful' };
  });

  // Ends the session of the cookie and of the bearer token, so every copy of either stops working; an already ended
  // (or missing) session still answers 200, and the cookie is cleared either way.
  app.post('/api/auth/logout', {
    schema: { tags: ['auth'], response: { 200: logoutResponseSchema, ...errorResponses(403) } },
  }, async (request, reply) => {
    await logOut(ctx, app.sessions.presented(request).map((claims) => claims.sid));
    reply.clearCookie(sessionCookieName, cookie);
    return { message: 'Logged out' };
  });

  app.put('/api/auth/password', {
    onRequest: [app.authenticate, passwordAttempts],
    schema: { tags: ['auth'], body: changePasswordRequestSchema, response: { 200: changePasswordResponseSchema, ...errors } },
  }, async (request) => ({ message: await changePassword(ctx, request.session, request.body) }));

  app.get('/api/auth/user', {
    onRequest: app.authenticate,
    schema: { tags: ['auth'], response: { 200: customerSchema, ...errors } },
  }, async (request) => getOwnAccount(ctx, request.session));

  app.get(currentSessionPath, {
    onRequest: app.optionalSession,
    schema: { tags: ['auth'], response: { 200: currentSessionResponseSchema, ...errorResponses(401, 503) } },
  }, async (request) => ({ customer: request.session?.role === 'customer' ? await getOwnAccount(ctx, request.session) : null }));

  // Back-office sign-in answers a bearer token only (no cookie), so it never replaces a customer's session cookie.
  app.post('/api/admin/login', {
    onRequest: passwordAttempts,
    schema: { tags: ['admin'], body: adminLoginRequestSchema, response: { 200: adminLoginResponseSchema, ...errors } },
  }, async (request) => ({ token: mint(await logInStaff(ctx, request.body)) }));
}
