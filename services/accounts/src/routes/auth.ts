import {
  accountEmailConfirmPath,
  accountEmailConfirmRequestSchema,
  accountEmailConfirmResponseSchema,
  accountEmailPath,
  accountEmailRequestSchema,
  accountEmailResponseSchema,
  emailChangeMessages,
  adminLoginRequestSchema,
  adminLoginResponseSchema,
  backOfficeLogoutPath,
  backOfficeSessionPath,
  backOfficeSessionResponseSchema,
  changePasswordRequestSchema,
  changePasswordResponseSchema,
  confirmEmailPath,
  confirmEmailRequestSchema,
  confirmEmailResponseSchema,
  currentSessionPath,
  currentSessionResponseSchema,
  customerSchema,
  linkedServiceHistoryPath,
  linkedServiceHistoryResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  logoutResponseSchema,
  passwordResetCompletePath,
  passwordResetCompleteRequestSchema,
  passwordResetCompleteResponseSchema,
  passwordResetMessages,
  passwordResetPath,
  passwordResetRequestedResponseSchema,
  passwordResetRequestSchema,
  registerRequestSchema,
  registerResponseSchema,
  registrationCheckEmail,
  registrationMessages,
  sessionCookieName,
  signInLinkCompletePath,
  signInLinkCompleteRequestSchema,
  signInLinkCompleteResponseSchema,
  signInLinkMessages,
  signInLinkPath,
  signInLinkRequestedResponseSchema,
  signInLinkRequestSchema,
  staffSessionCookieName,
  accountPhonePath,
  accountPhoneRequestSchema,
  accountPhoneResponseSchema,
  phoneCode,
  phoneCodeConfirmPath,
  phoneCodeConfirmRequestSchema,
  phoneCodeConfirmResponseSchema,
  phoneCodePath,
  phoneCodeResponseSchema,
} from '@repo/contracts';
import { errorResponses, signSession, type ServiceApp } from '@repo/service-kit';
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { backOfficeUserOf, isBackOfficeSession } from '../use-cases/back-office-session.ts';
import { emailChangeThrottled, normalizeEmail, passwordResetThrottled, phoneCodeThrottled, registrationThrottled, signInLinkThrottled, TooManyAttemptsError } from '../domain/throttle.ts';
import type { AccountsEnv } from '../env.ts';
import { confirmEmailChange, requestEmailChange } from '../use-cases/change-email.ts';
import { changePassword } from '../use-cases/change-password.ts';
import { changePhone } from '../use-cases/change-phone.ts';
import { completePasswordReset } from '../use-cases/complete-password-reset.ts';
import { completeSignInLink } from '../use-cases/complete-sign-in-link.ts';
import { confirmRegistration } from '../use-cases/confirm-registration.ts';
import type { AccountsContext } from '../use-cases/context.ts';
import { getOwnAccount } from '../use-cases/get-own-account.ts';
import { getLinkedServiceHistory } from '../use-cases/linked-service-history.ts';
import { confirmPhoneCode, requestPhoneCode } from '../use-cases/phone-codes.ts';
import { logInCustomer } from '../use-cases/log-in-customer.ts';
import { logInStaff } from '../use-cases/log-in-staff.ts';
import { logOut } from '../use-cases/log-out.ts';
import { registerCustomer } from '../use-cases/register-customer.ts';
import { requestPasswordReset, requestSignInLink } from '../use-cases/request-emailed-link.ts';
import type { NewSession } from '../use-cases/start-session.ts';

/**
 * What a logout reads for the API document: the session it ends, when one is sent (a bearer token or that sign-in's
 * cookie). None is needed, and a bad or ended one is no error, so it is neither a requirement nor a 401.
 */
const customerLogoutSecurity: Record<string, string[]>[] = [{ bearer: [] }, { customerCookie: [] }, {}];
const backOfficeLogoutSecurity: Record<string, string[]>[] = [{ bearer: [] }, { staffCookie: [] }, {}];

/**
 * On signing out, the browser drops what it cached and stored for the app's origin (personal answers, drafts), so the
 * next person at a shared computer finds nothing. Cookies are cleared one by one above: "cookies" would clear the
 * whole site's, the other sign-in's included.
 */
const signedOutSiteData = '"cache", "storage"';

export async function authRoutes(app: ServiceApp, { ctx, env }: { ctx: AccountsContext; env: AccountsEnv }) {
  const hostOnlyCookie = {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: env.COOKIE_SECURE ? env.COOKIE_SECURE === 'true' : env.NODE_ENV === 'production',
    path: '/',
  };
  // The customer's cookie may be shared between the web and portal hosts; the back office's never leaves its host.
  const cookie = { ...hostOnlyCookie, ...(env.COOKIE_DOMAIN ? { domain: env.COOKIE_DOMAIN } : {}) };
  const staffCookie = hostOnlyCookie;
  const mint = ({ claims, maxAgeSeconds }: NewSession) => signSession(app, claims, maxAgeSeconds);

  // One bucket per client for every attempt at a password (login, registration and its confirmation, admin login,
  // password change and reset), on top of the durable failure counts the use cases keep per account and client address
  // (request.ip, which follows TRUST_PROXY). Counted in the database, so every replica of accounts fills the same
  // bucket; the key names the bucket, as buckets made with createRateLimit share one namespace in the kit's store.
  const clientBucket = app.createRateLimit({ max: env.LOGIN_RATE_LIMIT_MAX, timeWindow: 60_000, keyGenerator: (request) => `password-attempts:${request.ip}` });
  const passwordAttempts = async (request: FastifyRequest) => {
    const limit = await clientBucket(request);
    if (limit.isAllowed || !limit.isExceeded) return;
    throw new TooManyAttemptsError(`Too many attempts. Please wait ${limit.ttlInSeconds} seconds and try again.`, limit.ttlInSeconds);
  };
  // Reset requests and registrations, each in the kit's shared limits too: per client before the body is read, then
  // per email (as typed, normalised, whether or not an account has it; hashed, so the counters hold no addresses).
  const emailKey = (request: FastifyRequest) => createHash('sha256').update(normalizeEmail((request.body as { email: string }).email)).digest('hex');
  const emailedLinkBuckets = (name: string, { max, clientMax, windowMinutes }: { max: number; clientMax: number; windowMinutes: number }, refuse: (retryAfterSeconds: number) => Error) => {
    const timeWindow = windowMinutes * 60_000;
    const refusing = (bucket: ReturnType<typeof app.createRateLimit>) => async (request: FastifyRequest) => {
      const limit = await bucket(request);
      if (limit.isAllowed || !limit.isExceeded) return;
      throw refuse(limit.ttlInSeconds);
    };
    return {
      client: refusing(app.createRateLimit({ max: clientMax, timeWindow, keyGenerator: (request) => `${name}-client:${request.ip}` })),
      // After validation: the email bucket reads the body.
      email: refusing(app.createRateLimit({ max, timeWindow, keyGenerator: (request) => `${name}-email:${emailKey(request)}` })),
    };
  };
  const resetRequests = emailedLinkBuckets(
    'password-reset',
    { max: env.PASSWORD_RESET_EMAIL_MAX, clientMax: env.PASSWORD_RESET_CLIENT_MAX, windowMinutes: env.PASSWORD_RESET_WINDOW_MINUTES },
    passwordResetThrottled,
  );
  // Sign-in links: the reset requests' limits, in buckets of their own.
  const signInLinkRequests = emailedLinkBuckets(
    'sign-in-link',
    { max: env.PASSWORD_RESET_EMAIL_MAX, clientMax: env.PASSWORD_RESET_CLIENT_MAX, windowMinutes: env.PASSWORD_RESET_WINDOW_MINUTES },
    signInLinkThrottled,
  );
  const registrations = emailedLinkBuckets(
    'registration',
    { max: env.REGISTRATION_EMAIL_MAX, clientMax: env.REGISTRATION_CLIENT_MAX, windowMinutes: env.REGISTRATION_WINDOW_MINUTES },
    registrationThrottled,
  );
  // Phone codes, after the session is checked: per client, per account, and per number (the account's, whoever's
  // account it is: many accounts may claim one number), with the reset requests' limits.
  const resetWindowBucket = (keyGenerator: (request: FastifyRequest) => string | Promise<string>, max: number, refuse: (retryAfterSeconds: number) => Error) => {
    const bucket = app.createRateLimit({ max, timeWindow: env.PASSWORD_RESET_WINDOW_MINUTES * 60_000, keyGenerator });
    return async (request: FastifyRequest) => {
      const limit = await bucket(request);
      if (!limit.isAllowed && limit.isExceeded) throw refuse(limit.ttlInSeconds);
    };
  };
  const phoneCodeRequests = [
    resetWindowBucket((request) => `phone-code-client:${request.ip}`, env.PASSWORD_RESET_CLIENT_MAX, phoneCodeThrottled),
    resetWindowBucket((request) => `phone-code-account:${request.session?.customerId}`, env.PASSWORD_RESET_EMAIL_MAX, phoneCodeThrottled),
    resetWindowBucket(async (request) => `phone-code-number:${(await getOwnAccount(ctx, request.session)).phone.replace(/\D/g, '')}`, env.PASSWORD_RESET_EMAIL_MAX, phoneCodeThrottled),
  ];
  // Email changes, after the session is checked: per client and per account before the body is read, then per new
  // address (whoever's it is), with the reset requests' limits.
  const emailChanges = emailedLinkBuckets(
    'email-change',
    { max: env.PASSWORD_RESET_EMAIL_MAX, clientMax: env.PASSWORD_RESET_CLIENT_MAX, windowMinutes: env.PASSWORD_RESET_WINDOW_MINUTES },
    emailChangeThrottled,
  );
  const emailChangeAccounts = resetWindowBucket((request) => `email-change-account:${request.session?.customerId}`, env.PASSWORD_RESET_EMAIL_MAX, emailChangeThrottled);
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof TooManyAttemptsError) reply.header('retry-after', String(error.retryAfterSeconds));
  });

  app.post('/api/auth/register', {
    onRequest: [passwordAttempts, registrations.client],
    preHandler: registrations.email,
    schema: {
      tags: ['auth'],
      summary: 'Register for the portal: emails a link that creates the account',
      description:
        'Answers 202 with the same message whatever the email. For an email no account has, the registration waits and the email is sent a ' +
        'single-use link to the portal, valid 30 minutes, that creates the account (`POST ' + confirmEmailPath + '`); registering again ends the ' +
        "earlier link. For an email that has an account, nothing is created and its owner is emailed that someone tried. 429 past the " +
        'registrations allowed per email or per client.',
      body: registerRequestSchema,
      response: { 202: registerResponseSchema },
    },
  }, async (request, reply) => {
    await registerCustomer(ctx, request.body);
    return reply.code(202).send({ message: registrationCheckEmail(request.body.email) });
  });

  app.post(confirmEmailPath, {
    onRequest: passwordAttempts,
    schema: {
      tags: ['auth'],
      summary: "Finish a registration with its emailed link's token and password: creates the account, signs in",
      description:
        'Creates the account with its email proven, sets the session cookie and answers the token, as login does. The password must be the one ' +
        'chosen at registration, so whoever registers an email cannot have its owner create an account for them by confirming. An unknown, ' +
        'used, replaced or expired link is a 400 naming the token; a missing or other password is a 400 naming the password that creates ' +
        'nothing and leaves the link usable; an email that got an account after the link was sent is a 409.',
      body: confirmEmailRequestSchema,
      response: { 200: confirmEmailResponseSchema, ...errorResponses(409) },
    },
  }, async (request, reply) => {
    const session = await confirmRegistration(ctx, request.body);
    const token = mint(session);
    reply.setCookie(sessionCookieName, token, { ...cookie, maxAge: session.maxAgeSeconds });
    return { token, message: registrationMessages.completed };
  });

  app.post('/api/auth/login', {
    onRequest: passwordAttempts,
    schema: {
      tags: ['auth'],
      summary: 'Sign a customer in: sets the session cookie and answers the token',
      body: loginRequestSchema,
      response: { 200: loginResponseSchema, ...errorResponses(401) },
    },
  }, async (request, reply) => {
    const session = await logInCustomer(ctx, request.body, request.ip);
    const token = mint(session);
    reply.setCookie(sessionCookieName, token, { ...cookie, maxAge: session.maxAgeSeconds });
    return { token, message: 'Login successful' };
  });

  // Ends the session of the cookie and of the bearer token, so every copy of either stops working; an already ended
  // (or missing) session still answers 200, and the cookie is cleared either way. Only customer sessions: where both
  // cookies reach accounts (apps on one host name, as locally), leaving the portal leaves the back office signed in.
  app.post('/api/auth/logout', {
    schema: {
      tags: ['auth'],
      summary: "End the customer's session and clear its cookie",
      description: 'Ends the session of the cookie and of the bearer token; with none, or an ended one, it still answers 200.',
      security: customerLogoutSecurity,
      response: { 200: logoutResponseSchema },
    },
  }, async (request, reply) => {
    await logOut(ctx, app.sessions.presented(request).filter((claims) => !isBackOfficeSession(claims)).map((claims) => claims.sid));
    reply.clearCookie(sessionCookieName, cookie);
    reply.header('clear-site-data', signedOutSiteData);
    return { message: 'Logged out' };
  });

  app.put('/api/auth/password', {
    // A back-office session is refused before the body is read (staff change passwords in the back office).
    onRequest: [app.requireRole('customer'), passwordAttempts],
    schema: {
      tags: ['auth'],
      summary: "Change the signed-in customer's password",
      description: 'Every other session of the customer ends.',
      body: changePasswordRequestSchema,
      response: { 200: changePasswordResponseSchema, ...errorResponses(404) },
    },
  }, async (request) => ({ message: await changePassword(ctx, request.session, request.body, request.ip) }));

  app.post(passwordResetPath, {
    onRequest: resetRequests.client,
    preHandler: resetRequests.email,
    schema: {
      tags: ['auth'],
      summary: 'Ask for a password reset link by email',
      description:
        'Answers 202 with the same message whether or not an account has the email; when one does, it is emailed a single-use link to the ' +
        'portal valid 30 minutes, and its earlier links stop working. 429 past the requests allowed per email or per client.',
      body: passwordResetRequestSchema,
      response: { 202: passwordResetRequestedResponseSchema },
    },
  }, async (request, reply) => {
    await requestPasswordReset(ctx, request.body);
    return reply.code(202).send({ message: passwordResetMessages.requested });
  });

  app.post(passwordResetCompletePath, {
    onRequest: passwordAttempts,
    schema: {
      tags: ['auth'],
      summary: "Choose a new password with a reset link's token",
      description:
        'Changes the password and ends every session of the customer, who then signs in with it. An unknown, used, replaced or expired ' +
        'link is a 400 naming the token.',
      body: passwordResetCompleteRequestSchema,
      response: { 200: passwordResetCompleteResponseSchema },
    },
  }, async (request) => ({ message: await completePasswordReset(ctx, request.body, request.ip) }));

  app.post(signInLinkPath, {
    onRequest: signInLinkRequests.client,
    preHandler: signInLinkRequests.email,
    schema: {
      tags: ['auth'],
      summary: 'Ask for a sign-in link by email',
      description:
        'Answers 202 with the same message whether or not an account has the email; when one does, it is emailed a single-use link to the ' +
        'portal valid 30 minutes, and its earlier sign-in links stop working. 429 past the requests allowed per email or per client.',
      body: signInLinkRequestSchema,
      response: { 202: signInLinkRequestedResponseSchema },
    },
  }, async (request, reply) => {
    await requestSignInLink(ctx, request.body);
    return reply.code(202).send({ message: signInLinkMessages.requested });
  });

  app.post(signInLinkCompletePath, {
    onRequest: passwordAttempts,
    schema: {
      tags: ['auth'],
      summary: 'Sign a customer in with an emailed link: sets the session cookie',
      description:
        'Uses the link once and counts the email as proven; the password and the other sessions are untouched. An unknown, used, replaced ' +
        'or expired link is a 400 naming the token.',
      body: signInLinkCompleteRequestSchema,
      response: { 200: signInLinkCompleteResponseSchema },
    },
  }, async (request, reply) => {
    const session = await completeSignInLink(ctx, request.body, request.ip);
    const token = mint(session);
    reply.setCookie(sessionCookieName, token, { ...cookie, maxAge: session.maxAgeSeconds });
    return { token, message: signInLinkMessages.completed };
  });

  app.post(phoneCodePath, {
    onRequest: app.requireRole('customer'),
    preHandler: phoneCodeRequests,
    schema: {
      tags: ['auth'],
      summary: "Text a code to the signed-in customer's phone, to prove it",
      description:
        `Stores a ${phoneCode.digits}-digit code, valid ${phoneCode.validMinutes} minutes for ${phoneCode.tries} tries, in place of any earlier one, and ` +
        'has notifications text it to the number on the account. 409 when the phone is already proven or cannot take a text; 429 past the ' +
        'codes allowed per client, per account or per number.',
      response: { 202: phoneCodeResponseSchema, ...errorResponses(404, 409) },
    },
  }, async (request, reply) => reply.code(202).send({ message: await requestPhoneCode(ctx, request.session) }));

  app.post(phoneCodeConfirmPath, {
    onRequest: app.requireRole('customer'),
    schema: {
      tags: ['auth'],
      summary: 'Prove the phone with the texted code',
      description:
        'Counts the number the code was texted to as proven and links the account to an imported customer record with that number. No ' +
        'code, an expired one, a wrong one (counted) or one whose tries are used is a 400 naming the code.',
      body: phoneCodeConfirmRequestSchema,
      response: { 200: phoneCodeConfirmResponseSchema },
    },
  }, async (request) => ({ message: await confirmPhoneCode(ctx, request.session, request.body) }));

  app.put(accountPhonePath, {
    onRequest: app.requireRole('customer'),
    schema: {
      tags: ['auth'],
      summary: "Change the signed-in customer's phone number",
      description:
        'Stores the new number as typed, not proven: nothing more is linked to the account until it is proven by a code by text (`POST ' +
        phoneCodePath + '`), and a code texted to the old number stops working. Records already linked stay linked. The same ten digits ' +
        'change nothing and keep the proof. Answers the account as it is now.',
      body: accountPhoneRequestSchema,
      response: { 200: accountPhoneResponseSchema, ...errorResponses(404) },
    },
  }, async (request) => changePhone(ctx, request.session, request.body));

  app.put(accountEmailPath, {
    onRequest: [app.requireRole('customer'), passwordAttempts, emailChanges.client, emailChangeAccounts],
    preHandler: emailChanges.email,
    schema: {
      tags: ['auth'],
      summary: "Ask to change the signed-in customer's email: a link to the new address proves it",
      description:
        'With the account password. Answers 202 with the same message whether or not another account has the new email; the email stays ' +
        'as it is until the link emailed to the new address (single-use, valid 30 minutes; asking again ends the earlier one) is opened ' +
        'with the password (`POST ' + accountEmailConfirmPath + '`). The same email answers 200 and changes nothing. A wrong password is a ' +
        '400 naming it and counts as a failed sign-in; 429 past the changes allowed per client, per account or per new address.',
      body: accountEmailRequestSchema,
      response: { 200: accountEmailResponseSchema, 202: accountEmailResponseSchema, ...errorResponses(404) },
    },
  }, async (request, reply) => {
    const { sent, message } = await requestEmailChange(ctx, request.session, request.body, request.ip);
    return reply.code(sent ? 202 : 200).send({ message });
  });

  app.post(accountEmailConfirmPath, {
    onRequest: passwordAttempts,
    schema: {
      tags: ['auth'],
      summary: "Make the new email the account's with the emailed link and the password: sets a new session cookie",
      description:
        'The email becomes the account\'s, proven; every session of the customer ends and this one starts (its token carries the new ' +
        'email); records kept under the new email are linked; the old address is told. An unknown, used, replaced or expired link is a ' +
        '400 naming the token; a wrong password a 400 naming it (the link stays usable); an email another account took since, a 409.',
      body: accountEmailConfirmRequestSchema,
      response: { 200: accountEmailConfirmResponseSchema, ...errorResponses(409) },
    },
  }, async (request, reply) => {
    const { session, email } = await confirmEmailChange(ctx, request.body, request.ip);
    const token = mint(session);
    reply.setCookie(sessionCookieName, token, { ...cookie, maxAge: session.maxAgeSeconds });
    return { token, message: emailChangeMessages.completed.replace('{email}', email) };
  });

  app.get('/api/auth/user', {
    onRequest: app.requireRole('customer'),
    schema: { tags: ['auth'], summary: "The signed-in customer's account", response: { 200: customerSchema, ...errorResponses(404) } },
  }, async (request) => getOwnAccount(ctx, request.session));

  app.get(linkedServiceHistoryPath, {
    onRequest: app.requireRole('customer'),
    schema: {
      tags: ['auth'],
      summary: "The signed-in customer's linked field-service record with its service history",
      description:
        'The imported customer with the email or phone the customer has proven, with its history read from the system; null when none ' +
        '(an account that has proven neither is never linked). ' +
        '502, 503 or 504 when the system fails, is not configured or does not answer in time.',
      operationId: 'getLinkedServiceHistory',
      response: { 200: linkedServiceHistoryResponseSchema, ...errorResponses(404, 502, 503, 504) },
    },
  }, async (request) => ({ customer: await getLinkedServiceHistory(ctx, request.session) }));

  app.get(currentSessionPath, {
    onRequest: app.optionalSession,
    schema: {
      tags: ['auth'],
      summary: 'The signed-in customer, or null for anyone else',
      response: { 200: currentSessionResponseSchema, ...errorResponses(404) },
    },
  }, async (request) => ({ customer: request.session?.role === 'customer' ? await getOwnAccount(ctx, request.session) : null }));

  // Back-office sign-in (technician, staff, admin) sets the back office's own host-only cookie, so it never replaces a
  // customer's session cookie; the token is answered too, for API clients that send it as a bearer header.
  app.post('/api/admin/login', {
    onRequest: passwordAttempts,
    schema: {
      tags: ['admin'],
      summary: 'Sign a technician, staff member or administrator in to the back office',
      description: "Sets the back office's own host-only session cookie and answers the token. A deactivated technician's right password is a 403 saying so.",
      body: adminLoginRequestSchema,
      response: { 200: adminLoginResponseSchema, ...errorResponses(401, 403) },
    },
  }, async (request, reply) => {
    const { session, user } = await logInStaff(ctx, request.body, request.ip);
    const token = mint(session);
    reply.setCookie(staffSessionCookieName, token, { ...staffCookie, maxAge: session.maxAgeSeconds });
    return { token, user };
  });

  app.get(backOfficeSessionPath, {
    onRequest: app.optionalSession,
    schema: { tags: ['admin'], summary: 'Who is signed in to the back office, or null for anyone else', response: { 200: backOfficeSessionResponseSchema } },
  }, async (request) => ({ user: await backOfficeUserOf(ctx, request.session) }));

  // As customer logout, for the back office's sessions: each presented one ends, and its cookie is cleared.
  app.post(backOfficeLogoutPath, {
    schema: {
      tags: ['admin'],
      summary: "End the back office's session and clear its cookie",
      security: backOfficeLogoutSecurity,
      response: { 200: logoutResponseSchema },
    },
  }, async (request, reply) => {
    await logOut(ctx, app.sessions.presented(request).filter(isBackOfficeSession).map((claims) => claims.sid));
    reply.clearCookie(staffSessionCookieName, staffCookie);
    reply.header('clear-site-data', signedOutSiteData);
    return { message: 'Logged out' };
  });
}
