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

export const adminLoginRequestSchema = z.object({
  email,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
});
export type AdminLoginRequest = z.infer<typeof adminLoginRequestSchema>;
export const adminLoginResponseSchema = z.object({ token: z.string() });

export const roleSchema = z.enum(roles);
/** What every service reads from a verified session token. */
export const sessionClaimsSchema = z.object({
  sub: z.string(),
  role: roleSchema,
  customerId: z.number().int().optional(),
  email: z.string().optional(),
});
export type SessionClaims = z.infer<typeof sessionClaimsSchema>;

/** Name of the httpOnly cookie that carries the session token. */
export const sessionCookieName = 'session';
