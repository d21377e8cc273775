import {
  adminLoginRequestSchema,
  adminLoginResponseSchema,
  customerSchema,
  loginRequestSchema,
  loginResponseSchema,
  logoutResponseSchema,
  registerRequestSchema,
  registerResponseSchema,
  sessionCookieName,
  type SessionClaims,
} from '@repo/contracts';
import { errorResponses, signSession, type ServiceApp } from '@repo/service-kit';
import type { AccountsEnv } from '../env.ts';
import type { AccountsContext } from '../use-cases/context.ts';
import { getOwnAccount } from '../use-cases/get-own-account.ts';
import { logInCustomer } from '../use-cases/log-in-customer.ts';
import { logInStaff } from '../use-cases/log-in-staff.ts';
import { registerCustomer } from '../use-cases/register-customer.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 429);

export async function authRoutes(app: ServiceApp, { ctx, env }: { ctx: AccountsContext; env: AccountsEnv }) {
  const sessionSeconds = env.SESSION_HOURS * 3600;
  const secureCookie = env.COOKIE_SECURE ? env.COOKIE_SECURE === 'true' : env.NODE_ENV === 'production';
  const loginLimit = { rateLimit: { max: env.LOGIN_RATE_LIMIT_MAX, timeWindow: '1 minute' } };
  const mint = (claims: SessionClaims) => signSession(app, claims, sessionSeconds);

  app.post('/api/auth/register', {
    config: loginLimit,
    schema: { tags: ['auth'], body: registerRequestSchema, response: { 201: registerResponseSchema, ...errors } },
  }, async (request, reply) => {
    const customer = await registerCustomer(ctx, request.body);
    return reply.code(201).send({ message: 'Your account has been created. Please log in.', customer });
  });

  app.post('/api/auth/login', {
    config: loginLimit,
    schema: { tags: ['auth'], body: loginRequestSchema, response: { 200: loginResponseSchema, ...errors } },
  }, async (request, reply) => {
    const token = mint(await logInCustomer(ctx, request.body));
    reply.setCookie(sessionCookieName, token, { httpOnly: true, sameSite: 'lax', secure: secureCookie, path: '/', maxAge: sessionSeconds });
    return { token, message: 'Login successful' };
  });

  app.post('/api/auth/logout', { schema: { tags: ['auth'], response: { 200: logoutResponseSchema } } }, async (_request, reply) => {
    reply.clearCookie(sessionCookieName, { path: '/' });
    return { message: 'Logged out' };
  });

  app.get('/api/auth/user', {
    onRequest: app.authenticate,
    schema: { tags: ['auth'], response: { 200: customerSchema, ...errors } },
  }, async (request) => getOwnAccount(ctx, request.session));

  // Back-office sign-in answers a bearer token only (no cookie), so it never replaces a customer's session cookie.
  app.post('/api/admin/login', {
    config: loginLimit,
    schema: { tags: ['admin'], body: adminLoginRequestSchema, response: { 200: adminLoginResponseSchema, ...errors } },
  }, async (request) => ({ token: mint(await logInStaff(ctx, request.body)) }));
}
