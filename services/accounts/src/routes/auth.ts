import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  adminLoginRequestSchema,
  adminLoginResponseSchema,
  apiErrorSchema,
  customerSchema,
  loginRequestSchema,
  loginResponseSchema,
  registerRequestSchema,
  sessionCookieName,
  type SessionClaims,
} from '@repo/contracts';
import { forbidden, notFound, signSession, unauthorized, type ServiceApp } from '@repo/service-kit';
import type { AccountsDatabase } from '../db/schema.ts';
import { findCustomerByEmail, findStaffByEmail, registerCustomer } from '../domain/accounts.ts';
import { toCustomer } from '../domain/mappers.ts';
import { verifyPassword } from '../domain/passwords.ts';
import type { AccountsEnv } from '../env.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };
const invalidCredentials = 'Invalid email or password. Please check them and try again.';

export async function authRoutes(app: ServiceApp, { db, env }: { db: Kysely<AccountsDatabase>; env: AccountsEnv }) {
  const sessionSeconds = env.SESSION_HOURS * 3600;
  const secureCookie = env.COOKIE_SECURE ? env.COOKIE_SECURE === 'true' : env.NODE_ENV === 'production';
  const loginLimit = { rateLimit: { max: env.LOGIN_RATE_LIMIT_MAX, timeWindow: '1 minute' } };
  const mint = (claims: SessionClaims) => signSession(app, claims, sessionSeconds);

  app.post('/api/auth/register', {
    config: loginLimit,
    schema: { tags: ['auth'], body: registerRequestSchema, response: { 201: z.object({ message: z.string(), customer: customerSchema }), ...errors } },
  }, async (request, reply) => {
    const row = await registerCustomer(db, request.body);
    return reply.code(201).send({ message: 'Your account has been created. Please log in.', customer: toCustomer(row) });
  });

  app.post('/api/auth/login', {
    config: loginLimit,
    schema: { tags: ['auth'], body: loginRequestSchema, response: { 200: loginResponseSchema, ...errors } },
  }, async (request, reply) => {
    const customer = await findCustomerByEmail(db, request.body.email);
    if (!(await verifyPassword(customer?.password_hash, request.body.password)) || !customer) throw unauthorized(invalidCredentials);
    await db.updateTable('customers').set({ last_login: new Date() }).where('id', '=', customer.id).execute();
    const token = mint({ sub: `customer:${customer.id}`, role: 'customer', customerId: customer.id, email: customer.email });
    reply.setCookie(sessionCookieName, token, { httpOnly: true, sameSite: 'lax', secure: secureCookie, path: '/', maxAge: sessionSeconds });
    return { token, message: 'Login successful' };
  });

  app.post('/api/auth/logout', { schema: { tags: ['auth'], response: { 200: z.object({ message: z.string() }) } } }, async (_request, reply) => {
    reply.clearCookie(sessionCookieName, { path: '/' });
    return { message: 'Logged out' };
  });

  app.get('/api/auth/user', {
    preHandler: app.authenticate,
    schema: { tags: ['auth'], response: { 200: customerSchema, ...errors } },
  }, async (request) => {
    const id = request.session?.customerId;
    if (id === undefined) throw forbidden('This call is for customer accounts.');
    const row = await db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('Your account no longer exists.');
    return toCustomer(row);
  });

  // Back-office sign-in answers a bearer token only (no cookie), so it never replaces a customer's session cookie.
  app.post('/api/admin/login', {
    config: loginLimit,
    schema: { tags: ['admin'], body: adminLoginRequestSchema, response: { 200: adminLoginResponseSchema, ...errors } },
  }, async (request) => {
    const staff = await findStaffByEmail(db, request.body.email);
    if (!(await verifyPassword(staff?.password_hash, request.body.password)) || !staff) throw unauthorized('Invalid credentials');
    await db.updateTable('staff_users').set({ last_login: new Date() }).where('id', '=', staff.id).execute();
    return { token: mint({ sub: `staff:${staff.id}`, role: staff.role, email: staff.email }) };
  });
}
