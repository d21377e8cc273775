import { z } from 'zod';
import { headerSafeText, serviceSystemCredentialNames, serviceSystemIds, tenantIdPattern, type ServiceSystemId } from '@repo/contracts';

/**
 * Where each system is reached, and the business's own credentials (server configuration only: never typed in a page,
 * never sent to a browser, never logged). Accounts reads them: it imports and looks up with `FIELD_SERVICE_SYSTEM`'s
 * credentials, and reads a customer's past visits for booking from any system, with the settings an administrator saved
 * in the back office where there are some (these values are then only the starting point).
 */
const url = z.url({ error: 'must be an http(s) URL' });
/**
 * A credential travels in request headers and bodies: a line break or a character outside Latin-1 would break the
 * request (or be refused by the HTTP client after retries), so configuration with one is refused at start (the back
 * office's settings forms hold typed values to the same patterns).
 */
export { headerSafeText, tenantIdPattern };
const headerSafe = 'must be printable text without line breaks or characters outside Latin-1';
const optionalText = z.string().trim().min(1).regex(headerSafeText, headerSafe).optional();

export const fieldServiceEnvShape = {
  /** The system the back office imports customers from and looks phones up in. */
  FIELD_SERVICE_SYSTEM: z.enum(serviceSystemIds).default('servicepro'),
  /** True when the URLs below are the local sandboxes that ship with the embedded default (shown as such). */
  FIELD_SERVICE_SANDBOX: z.enum(['true', 'false']).default('false').transform((value) => value === 'true'),
  SERVICEPRO_API_URL: url.default('https://api.servicepro.example/v1'),
  SERVICEPRO_COMPANY: optionalText,
  SERVICEPRO_USERNAME: optionalText,
  SERVICEPRO_PASSWORD: optionalText,
  /** ServiceTitan's API and identity hosts (their integration environment is https://api-integration.servicetitan.io). */
  SERVICETITAN_API_URL: url.default('https://api.servicetitan.io'),
  SERVICETITAN_AUTH_URL: url.default('https://auth.servicetitan.io'),
  SERVICETITAN_CLIENT_ID: optionalText,
  SERVICETITAN_CLIENT_SECRET: optionalText,
  SERVICETITAN_APP_KEY: optionalText,
  SERVICETITAN_TENANT_ID: z.string().trim().regex(tenantIdPattern, 'must be the tenant id: digits only').optional(),
  /**
   * Requests per second to one ServiceTitan tenant from this process (ServiceTitan allows an app 60 per second per
   * tenant): every caller of the tenant shares one token bucket of this rate.
   */
  SERVICETITAN_REQUESTS_PER_SECOND: z.coerce.number().positive().max(1_000).default(60),
  /** Per ServiceTitan request (ServiceTitan documents up to 100 s for one); overrides FIELD_SERVICE_TIMEOUT_MS for it. */
  SERVICETITAN_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(100_000),
  JOBBER_API_URL: url.default('https://api.getjobber.com/api/graphql'),
  /** Jobber's X-JOBBER-GRAPHQL-VERSION header. */
  JOBBER_API_VERSION: z.string().trim().min(1).default('2025-04-16'),
  /** An access token of the business's Jobber app (see the README for the OAuth authorisation-code flow). */
  JOBBER_API_KEY: optionalText,
  /**
   * Optional: the Jobber app's client id and secret and the refresh token of the same authorisation. With all three,
   * an expired access token (Jobber's last 60 minutes) is renewed at JOBBER_OAUTH_TOKEN_URL instead of failing.
   */
  JOBBER_CLIENT_ID: optionalText,
  JOBBER_CLIENT_SECRET: optionalText,
  JOBBER_REFRESH_TOKEN: optionalText,
  JOBBER_OAUTH_TOKEN_URL: url.default('https://api.getjobber.com/api/oauth/token'),
  FIELD_SERVICE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
};
export const fieldServiceEnvSchema = z.object(fieldServiceEnvShape);
export type FieldServiceEnv = z.infer<typeof fieldServiceEnvSchema>;

export type SystemUrls = {
  servicepro: { api: string };
  /** `requestsPerSecond`: the tenant's shared pace (default 60); `timeoutMs`: per request, wins over the options'. */
  servicetitan: { api: string; auth: string; requestsPerSecond?: number; timeoutMs?: number };
  /** `oauth`: Jobber's token endpoint, for renewing access tokens with a refresh token. */
  jobber: { api: string; version: string; oauth?: string };
};

export function systemUrls(env: FieldServiceEnv): SystemUrls {
  return {
    servicepro: { api: env.SERVICEPRO_API_URL },
    servicetitan: {
      api: env.SERVICETITAN_API_URL,
      auth: env.SERVICETITAN_AUTH_URL,
      requestsPerSecond: env.SERVICETITAN_REQUESTS_PER_SECOND,
      timeoutMs: env.SERVICETITAN_TIMEOUT_MS,
    },
    jobber: { api: env.JOBBER_API_URL, version: env.JOBBER_API_VERSION, oauth: env.JOBBER_OAUTH_TOKEN_URL },
  };
}

/**
 * The business's credentials for `system` under the names its connector takes (Jobber's also with its optional
 * refresh settings: clientId, clientSecret, refreshToken), and the names of the required ones not configured.
 */
export function serverCredentials(env: FieldServiceEnv, system: ServiceSystemId = env.FIELD_SERVICE_SYSTEM): { credentials: Record<string, string>; missing: string[] } {
  const byName: Record<ServiceSystemId, Record<string, string | undefined>> = {
    servicepro: { company: env.SERVICEPRO_COMPANY, username: env.SERVICEPRO_USERNAME, password: env.SERVICEPRO_PASSWORD },
    servicetitan: {
      clientId: env.SERVICETITAN_CLIENT_ID,
      clientSecret: env.SERVICETITAN_CLIENT_SECRET,
      appKey: env.SERVICETITAN_APP_KEY,
      tenantId: env.SERVICETITAN_TENANT_ID,
    },
    // Besides the apiKey, the optional refresh settings (see JOBBER_CLIENT_ID).
    jobber: { apiKey: env.JOBBER_API_KEY, clientId: env.JOBBER_CLIENT_ID, clientSecret: env.JOBBER_CLIENT_SECRET, refreshToken: env.JOBBER_REFRESH_TOKEN },
  };
  const entries = Object.entries(byName[system]);
  const required: readonly string[] = serviceSystemCredentialNames[system];
  return {
    credentials: Object.fromEntries(entries.filter((entry): entry is [string, string] => entry[1] !== undefined)),
    missing: entries.filter(([name, value]) => value === undefined && required.includes(name)).map(([name]) => name),
  };
}
