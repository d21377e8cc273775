import { z } from 'zod';
import { defaultServicePorts } from '@repo/contracts';
import { fieldServiceEnvShape } from '@repo/field-service';
import { baseEnvSchema, checkKeyPair, sessionSigningEnvShape } from '@repo/service-kit';
import { parseCredentialsKey } from './domain/secret-box.ts';

const whole = (min: number, max: number, fallback: number) => z.coerce.number().int().min(min).max(max).default(fallback);

/** The first administrator, created at start-up when no staff account has this email (`pnpm start` checks the same). */
export const administratorEnvShape = {
  ADMIN_EMAIL: z.email({ error: 'must be an email address' }).optional(),
  ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
};
export const administratorEnvSchema = z.object(administratorEnvShape);

export const accountsEnvSchema = baseEnvSchema(defaultServicePorts.accounts)
  .extend({
    /** Accounts alone mints session tokens, with this private key; JWT_PUBLIC_KEY must be its public half. */
    ...sessionSigningEnvShape,
    ...administratorEnvShape,
    /** The field-service system the back office imports customers from and looks phones up in, with its server credentials. */
    ...fieldServiceEnvShape,
    /**
     * The key the stored field-service credentials (the Jobber tokens) are encrypted with: 32 random bytes as 64 hex
     * digits or base64 (`openssl rand -base64 32`). Required in production; elsewhere a public development key is used.
     * Changing it makes the stored Jobber tokens unreadable: connect Jobber again afterwards.
     */
    FIELD_SERVICE_CREDENTIALS_KEY: z
      .string()
      .refine((value) => parseCredentialsKey(value) !== undefined, 'must be 32 bytes as 64 hex digits or base64 (openssl rand -base64 32)')
      .optional(),
    /**
     * What the ServiceTitan and ServicePro addresses an administrator types in the back office may reach: `public`
     * (https, and only addresses on the public internet, checked again at each connection) or `any`. Unset: `public` in
     * production, `any` elsewhere (stand-ins run on this machine). With FIELD_SERVICE_SANDBOX=true, `any`.
     */
    FIELD_SERVICE_TYPED_URLS: z.enum(['public', 'any'], { error: 'must be public or any' }).optional(),
    /** Jobber's consent page, where Connect Jobber sends the administrator. */
    JOBBER_OAUTH_AUTHORIZE_URL: z.url({ error: 'must be an http(s) URL' }).default('https://api.getjobber.com/api/oauth/authorize'),
    /**
     * Where Jobber sends the administrator back (the callback on the back-office host, registered as the Jobber app's
     * callback URL). Defaults to the local back office's.
     */
    JOBBER_OAUTH_REDIRECT_URL: z.url({ error: 'must be an http(s) URL' }).optional(),
    /**
     * Password of the demo technician's sign-in (mike@example.com, tracking's demo technician tech_mike), seeded with
     * SEED_DEMO=true; without it no demo technician sign-in is made. `pnpm start` passes one made for the machine.
     */
    DEMO_TECHNICIAN_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
    /** Password of the demo customer (demo@example.com) seeded with SEED_DEMO=true. */
    DEMO_CUSTOMER_PASSWORD: z.string().min(6, 'must be at least 6 characters').default('demo-customer'),
    /** Sign-in attempts per minute per client, one bucket shared by login, registration, admin login, password change and reset. */
    LOGIN_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
    /**
     * Failed attempts on one account (normalised email) from one client address within the window before that client
     * gets 429 on it; as many from all addresses together and a client with a failure on the account in the window is
     * refused too, while one without still signs in.
     */
    LOGIN_ACCOUNT_MAX_FAILURES: whole(1, 1000, 10),
    /** Failed attempts from one client address on any accounts within the window before it gets 429 on every account. */
    LOGIN_CLIENT_MAX_FAILURES: whole(1, 10_000, 30),
    LOGIN_ACCOUNT_WINDOW_MINUTES: whole(1, 24 * 60, 15),
    /**
     * Password reset requests within the window: per email (whether or not an account has it, so a refusal tells
     * nothing) and per client address, before a 429. They bound the emails anyone can make the business send.
     */
    PASSWORD_RESET_EMAIL_MAX: whole(1, 1000, 3),
    PASSWORD_RESET_CLIENT_MAX: whole(1, 10_000, 10),
    PASSWORD_RESET_WINDOW_MINUTES: whole(1, 24 * 60, 15),
    /**
     * Registrations within the window: per email (whether or not an account has it, so a refusal tells nothing) and
     * per client address, before a 429. They bound the emails anyone can make the business send by registering.
     */
    REGISTRATION_EMAIL_MAX: whole(1, 1000, 3),
    REGISTRATION_CLIENT_MAX: whole(1, 10_000, 10),
    REGISTRATION_WINDOW_MINUTES: whole(1, 24 * 60, 15),
    /** A customer session ends after this long unused, and in any case this long after login. */
    CUSTOMER_SESSION_IDLE_DAYS: whole(1, 365, 7),
    CUSTOMER_SESSION_MAX_DAYS: whole(1, 365, 30),
    /** The same for back-office (staff and administrator) sessions, in hours. */
    STAFF_SESSION_IDLE_HOURS: whole(1, 24 * 30, 8),
    STAFF_SESSION_MAX_HOURS: whole(1, 24 * 30, 24),
    /** Domain of the session cookie, to share it between the web and portal hosts (e.g. example.com); host-only when unset. */
    COOKIE_DOMAIN: z
      .string()
      .regex(/^\.?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i, 'must be a host name such as example.com')
      .optional(),
  })
  .superRefine((env, ctx) => {
    checkKeyPair(env, ctx, 'JWT_PRIVATE_KEY', 'JWT_PUBLIC_KEY');
    if (env.NODE_ENV === 'production' && env.FIELD_SERVICE_CREDENTIALS_KEY === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['FIELD_SERVICE_CREDENTIALS_KEY'],
        message: 'is required in production: the key the stored Jobber tokens are encrypted with (openssl rand -base64 32)',
      });
    }
    if (env.CUSTOMER_SESSION_IDLE_DAYS > env.CUSTOMER_SESSION_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['CUSTOMER_SESSION_IDLE_DAYS'], message: 'must not be longer than CUSTOMER_SESSION_MAX_DAYS' });
    }
    if (env.STAFF_SESSION_IDLE_HOURS > env.STAFF_SESSION_MAX_HOURS) {
      ctx.addIssue({ code: 'custom', path: ['STAFF_SESSION_IDLE_HOURS'], message: 'must not be longer than STAFF_SESSION_MAX_HOURS' });
    }
  });
export type AccountsEnv = z.infer<typeof accountsEnvSchema>;
