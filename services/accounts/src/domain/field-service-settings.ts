import { serviceSystemCredentialNames, type ConfigurableSystem, type SecretState } from '@repo/contracts';
import type { ConnectorOptions, FieldServiceEnv, SystemUrls } from '@repo/field-service';
import type { SecretBox } from './secret-box.ts';

/**
 * The administrator's ServiceTitan and ServicePro connections: what is saved in the back office, or, while nothing
 * is, the environment's SERVICETITAN_* / SERVICEPRO_* values. Field names are the settings form's.
 */

/** The plain settings and the secrets of each system, in the form's order. */
export const settingFields = {
  servicetitan: { plain: ['apiUrl', 'authUrl', 'tenantId', 'clientId', 'requestsPerSecond'], secret: ['clientSecret', 'appKey'] },
  servicepro: { plain: ['apiUrl', 'company', 'username'], secret: ['password'] },
} as const satisfies Record<ConfigurableSystem, { plain: readonly string[]; secret: readonly string[] }>;

/** The labels the form shows, for messages about a field. */
export const settingLabels: Record<string, string> = {
  apiUrl: 'API URL',
  authUrl: 'Auth URL',
  tenantId: 'Tenant id',
  clientId: 'Client id',
  clientSecret: 'Client secret',
  appKey: 'App key',
  requestsPerSecond: 'Requests per second',
  company: 'Company',
  username: 'Username',
  password: 'Password',
};

/** One system's settings in force: plain values and secrets ('' when not set). */
export type EffectiveSettings = {
  system: ConfigurableSystem;
  source: 'stored' | 'environment';
  values: Record<string, string | number>;
  secrets: Record<string, string>;
  version: number | null;
  updatedBy: string | null;
  updatedAt: Date | null;
};

/** What the settings are read, sealed and used with: built once from the environment (definition.ts). */
export type ConnectionSettingsContext = {
  box: SecretBox;
  environment: FieldServiceEnv;
  options: ConnectorOptions;
  /** Whether the addresses saved or typed in the back office may reach only the public internet (FIELD_SERVICE_TYPED_URLS). */
  publicUrlsOnly: boolean;
  /** For the addresses saved or typed in the back office (guarded when `publicUrlsOnly`); the environment's use `options`. */
  typedOptions: ConnectorOptions;
  /** The longest a Test connection waits for each of its two requests. */
  checkTimeoutMs: number;
};

/** The environment's values, the starting point while nothing is saved. */
export function environmentSettings(env: FieldServiceEnv, system: ConfigurableSystem): EffectiveSettings {
  const meta = { system, source: 'environment' as const, version: null, updatedBy: null, updatedAt: null };
  if (system === 'servicetitan') {
    return {
      ...meta,
      values: {
        apiUrl: env.SERVICETITAN_API_URL,
        authUrl: env.SERVICETITAN_AUTH_URL,
        tenantId: env.SERVICETITAN_TENANT_ID ?? '',
        clientId: env.SERVICETITAN_CLIENT_ID ?? '',
        requestsPerSecond: env.SERVICETITAN_REQUESTS_PER_SECOND,
      },
      secrets: { clientSecret: env.SERVICETITAN_CLIENT_SECRET ?? '', appKey: env.SERVICETITAN_APP_KEY ?? '' },
    };
  }
  return {
    ...meta,
    values: { apiUrl: env.SERVICEPRO_API_URL, company: env.SERVICEPRO_COMPANY ?? '', username: env.SERVICEPRO_USERNAME ?? '' },
    secrets: { password: env.SERVICEPRO_PASSWORD ?? '' },
  };
}

/** The connector's credentials (under its names) and addresses for these settings, and the credentials not set. */
export function connectorInputs(settings: EffectiveSettings, env: FieldServiceEnv, urls: SystemUrls): { credentials: Record<string, string>; urls: SystemUrls; missing: string[] } {
  const text = (name: string) => String(settings.values[name] ?? settings.secrets[name] ?? '');
  const names: readonly string[] = serviceSystemCredentialNames[settings.system];
  const credentials = Object.fromEntries(names.map((name) => [name, text(name)]));
  const withUrls: SystemUrls =
    settings.system === 'servicetitan'
      ? {
          ...urls,
          servicetitan: {
            api: text('apiUrl'),
            auth: text('authUrl'),
            requestsPerSecond: Number(settings.values.requestsPerSecond),
            timeoutMs: env.SERVICETITAN_TIMEOUT_MS,
          },
        }
      : { ...urls, servicepro: { api: text('apiUrl') } };
  return { credentials, urls: withUrls, missing: names.filter((name) => credentials[name] === '') };
}

/** Whether a secret is set and, for one long enough that four characters give little away, its last four. */
export const secretState = (value: string): SecretState => ({ set: value !== '', last4: value.length >= 12 ? value.slice(-4) : null });
