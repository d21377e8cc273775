import { z } from 'zod';

/**
 * The administrator's connections to ServiceTitan and ServicePro, set in the back office and kept by
 * accounts encrypted at rest; the environment's SERVICETITAN_* and SERVICEPRO_* values are only the starting point
 * while nothing is stored. Secrets never come back: the answer says whether each is set and, for a long one, its last
 * four characters; a secret left empty in a save or a test keeps the stored one.
 *
 * - `GET fieldServiceSettingsPath(system)` (admin): the settings in use.
 * - `PUT fieldServiceSettingsPath(system)` (admin): saves them; imports and lookups use them from their next call.
 * - `POST fieldServiceConnectionTestPath(system)` (admin): signs in and reads one small page with the settings sent
 *   (not saved), answering what works and what does not.
 */
export const configurableSystems = ['servicetitan', 'servicepro'] as const;
export type ConfigurableSystem = (typeof configurableSystems)[number];

export const fieldServiceSettingsPath = (system: ConfigurableSystem) => `/api/admin/field-service-settings/${system}` as const;
export const fieldServiceConnectionTestPath = (system: ConfigurableSystem) => `/api/admin/field-service-settings/${system}/test` as const;

/** A credential travels in request headers and bodies: a line break or a character outside Latin-1 would break it. */
export const headerSafeText = /^[\x20-\x7E\u00A0-\u00FF]+$/;
/** ServiceTitan tenant ids are numbers; anything else (a `..`, a slash) would change the request's path. */
export const tenantIdPattern = /^\d{1,20}$/;

const httpUrl = (label: string, example: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(500, `${label} must be at most 500 characters`)
    .pipe(z.url({ protocol: /^https?$/, error: `${label} must be an http(s) address such as ${example}` }));

const text = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(500, `${label} must be at most 500 characters`)
    .regex(headerSafeText, `${label} must be printable text without line breaks or characters outside Latin-1`);

/** A secret as typed: empty keeps the one stored (or configured). */
const secret = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(500, `${label} must be at most 500 characters`)
    .refine((value) => value === '' || headerSafeText.test(value), `${label} must be printable text without line breaks or characters outside Latin-1`)
    .default('');

export const serviceTitanSettingsInputSchema = z.object({
  apiUrl: httpUrl('API base URL', 'https://api.servicetitan.io'),
  authUrl: httpUrl('Auth URL', 'https://auth.servicetitan.io'),
  tenantId: z.string({ error: 'Tenant id is required' }).trim().min(1, 'Tenant id is required').regex(tenantIdPattern, 'Tenant id must be digits only, e.g. 1234567'),
  clientId: text('Client id'),
  clientSecret: secret('Client secret'),
  appKey: secret('App key'),
  requestsPerSecond: z
    .number({ error: 'Requests per second must be a number' })
    .positive('Requests per second must be more than 0')
    .max(1_000, 'Requests per second must be at most 1000'),
});
export type ServiceTitanSettingsInput = z.input<typeof serviceTitanSettingsInputSchema>;

export const serviceProSettingsInputSchema = z.object({
  apiUrl: httpUrl('API URL', 'https://api.servicepro.example/v1'),
  company: text('Company'),
  username: text('Username'),
  password: secret('Password'),
});
export type ServiceProSettingsInput = z.input<typeof serviceProSettingsInputSchema>;

/** Which fields are secrets, per system: never answered, kept when sent empty. */
export const secretSettingNames = { servicetitan: ['clientSecret', 'appKey'], servicepro: ['password'] } as const satisfies Record<ConfigurableSystem, readonly string[]>;

export const secretStateSchema = z.object({
  set: z.boolean(),
  /** The last four characters of a secret of 12 or more, else null (a short one would be mostly given away). */
  last4: z.string().nullable(),
});
export type SecretState = z.infer<typeof secretStateSchema>;

const settingsMeta = {
  /** `stored`: saved in the back office; `environment`: the server's configuration, as nothing is saved yet. */
  source: z.enum(['stored', 'environment']),
  updatedBy: z.string().nullable(),
  updatedAt: z.iso.datetime({ offset: true }).nullable(),
  /** True when the customer import and phone lookup read from this system (the server's FIELD_SERVICE_SYSTEM). */
  inUse: z.boolean(),
  /** True when the addresses are the local sandbox that ships with the demo. */
  sandbox: z.boolean(),
};

export const serviceTitanSettingsSchema = z.object({
  system: z.literal('servicetitan'),
  apiUrl: z.string(),
  authUrl: z.string(),
  /** Empty when not set yet. */
  tenantId: z.string(),
  clientId: z.string(),
  requestsPerSecond: z.number(),
  clientSecret: secretStateSchema,
  appKey: secretStateSchema,
  ...settingsMeta,
});
export type ServiceTitanSettings = z.infer<typeof serviceTitanSettingsSchema>;

export const serviceProSettingsSchema = z.object({
  system: z.literal('servicepro'),
  apiUrl: z.string(),
  company: z.string(),
  username: z.string(),
  password: secretStateSchema,
  ...settingsMeta,
});
export type ServiceProSettings = z.infer<typeof serviceProSettingsSchema>;

export const connectionReportSchema = z.object({
  ok: z.boolean(),
  checks: z.array(
    z.object({
      step: z.enum(['sign-in', 'customers']),
      ok: z.boolean(),
      message: z.string(),
      /** The form field the failure points at, when one does. */
      field: z.string().optional(),
    }),
  ),
});
export type ConnectionReport = z.infer<typeof connectionReportSchema>;

export const fieldServiceSettingsMessages = {
  secretRequired: (label: string) => `${label} is required: nothing is stored yet`,
  saved: (name: string) => `${name} settings saved. Imports and lookups use them from now on.`,
} as const;
