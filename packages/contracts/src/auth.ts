import { z } from 'zod';
import { accounts } from './constants.ts';
import { roles } from './choices.ts';
import { customerSchema } from './customer.ts';

const email = z.email({ error: 'Valid email is required' }).max(254, 'Valid email is required');
const password = z
  .string({ error: 'Password must be at least 6 characters' })
  .min(accounts.passwordMin, 'Password must be at least 6 characters')
  .max(200, 'Password must be at most 200 characters');

export const loginRequestSchema = z.object({ email, password });
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({ token: z.string(), message: z.string() });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const registerRequestSchema = z
  .object({
    firstName: z.string({ error: 'First name is required' }).trim().min(1, 'First name is required').max(100),
    lastName: z.string({ error: 'Last name is required' }).trim().min(1, 'Last name is required').max(100),
    email,
    phone: z.string({ error: 'Phone number is required' }).trim().min(1, 'Phone number is required').max(40),
    address: z.string().trim().max(300).optional(),
    password,
    confirmPassword: z
      .string({ error: 'Password confirmation is required' })
      .min(accounts.passwordMin, 'Password confirmation is required'),
  })
  .refine((value) => value.password === value.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });
export type RegisterRequest = z.infer<typeof registerRequestSchema>;
export const registerResponseSchema = z.object({ message: z.string(), customer: customerSchema });

export const logoutResponseSchema = z.object({ message: z.string() });

/**
 * `GET /api/auth/session`: who is signed in, if anyone. Unlike `GET /api/auth/user` (401 without a session) a visitor
 * gets 200 with `customer: null`, so a page that only wants to know (the booking wizard, the portal) asks without
 * provoking an error. A back-office session is not a customer: null too.
 */
export const currentSessionPath = '/api/auth/session';
export const currentSessionResponseSchema = z.object({ customer: customerSchema.nullable() });
export type CurrentSessionResponse = z.infer<typeof currentSessionResponseSchema>;

export const adminLoginRequestSchema = z.object({
  email,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
});
export type AdminLoginRequest = z.infer<typeof adminLoginRequestSchema>;
export const adminLoginResponseSchema = z.object({ token: z.string() });

export const roleSchema = z.enum(roles);
/**
 * What every service reads from a verified session token. `sid` names the server-side session in accounts: a token
 * is good only while that session is active (not logged out, not idle too long, not past its maximum age).
 */
export const sessionClaimsSchema = z.object({
  sub: z.string(),
  role: roleSchema,
  sid: z.string().min(16).max(64),
  customerId: z.number().int().optional(),
  email: z.string().optional(),
});
export type SessionClaims = z.infer<typeof sessionClaimsSchema>;

/** Name of the httpOnly cookie that carries the session token. */
export const sessionCookieName = 'session';

export const authMessages = {
  commonPassword: 'This password is one of the most common passwords. Please choose one that is harder to guess.',
  emailTaken: 'An account with this email already exists. Please log in instead.',
  invalidCredentials: 'Invalid email or password. Please check them and try again.',
  /** `{minutes}` is replaced with the whole minutes (at least 1) until the next attempt is allowed. */
  accountThrottled: 'Too many attempts for this account. Please try again in {minutes} minutes or reset your password by calling us.',
  sessionEnded: 'Your session has ended. Please log in again.',
  sessionCheckUnavailable: "We can't check your sign-in right now. Please try again in a minute.",
  currentPasswordWrong: 'Current password is incorrect',
  passwordChanged: 'Your password has been changed. Other devices have been signed out.',
  logoutFailed: "We couldn't log you out. Please check your connection and try again.",
} as const;

/** Change the password of the signed-in customer (`PUT /api/auth/password`); ends every other session. */
export const changePasswordRequestSchema = z
  .object({
    currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(200),
    newPassword: password,
    confirmPassword: z.string({ error: 'Password confirmation is required' }).min(accounts.passwordMin, 'Password confirmation is required'),
  })
  .refine((value) => value.newPassword === value.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;
export const changePasswordResponseSchema = z.object({ message: z.string() });

/**
 * Service-to-service: is each of these sessions still active? `POST /internal/sessions/check` on accounts, signed like
 * an effect delivery (topic `sessions.check`). Asking also counts as use of the session (it keeps it from idling out).
 */
export const sessionCheckPath = '/internal/sessions/check';
export const sessionCheckTopic = 'sessions.check';
export const sessionCheckRequestSchema = z.object({ sids: z.array(z.string().min(1).max(64)).min(1).max(500) });
export type SessionCheckRequest = z.infer<typeof sessionCheckRequestSchema>;
export const sessionCheckResponseSchema = z.object({ active: z.array(z.string()) });
export type SessionCheckResponse = z.infer<typeof sessionCheckResponseSchema>;
