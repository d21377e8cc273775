import {
  type ConfigurableSystem,
  type ConnectionReport,
  fieldServiceSettingsMessages,
  type ServiceProSettings,
  type ServiceProSettingsInput,
  type ServiceSystemId,
  type ServiceTitanSettings,
  type ServiceTitanSettingsInput,
} from '@repo/contracts';
import { checkConnection, createConnector, createJobberConnector, systemUrls, type FieldServiceConnector } from '@repo/field-service';
import { badRequest } from '@repo/service-kit';
import type { Kysely } from 'kysely';
import type { AccountsDatabase } from '../db/schema.ts';
import type { CurrentConnection } from '../domain/field-service.ts';
import {
  connectorInputs,
  environmentSettings,
  secretState,
  settingFields,
  settingLabels,
  type ConnectionSettingsContext,
  type EffectiveSettings,
} from '../domain/field-service-settings.ts';
import type { StoredJobberTokens } from '../domain/jobber-settings.ts';
import { publicUrlProblem } from '../domain/public-address.ts';
import { SecretBoxError } from '../domain/secret-box.ts';
import { findFieldServiceSettings, saveFieldServiceSettings } from '../repositories/field-service-settings-repository.ts';

export type SettingsContext = { db: Kysely<AccountsDatabase>; now: () => Date; connections: ConnectionSettingsContext };

/** The settings in force: the saved ones (secrets opened), else the environment's. */
export async function effectiveSettings(ctx: SettingsContext, system: ConfigurableSystem): Promise<EffectiveSettings> {
  const row = await findFieldServiceSettings(ctx.db, system);
  if (!row) return environmentSettings(ctx.connections.environment, system);
  return { system, source: 'stored', values: row.settings, secrets: openSecrets(ctx, row.secrets), version: row.version, updatedBy: row.updated_by, updatedAt: row.updated_at };
}

/**
 * The saved secrets; none when FIELD_SERVICE_CREDENTIALS_KEY changed since they were sealed: the form then shows them
 * as not set and the import says what to enter, rather than every call failing.
 */
function openSecrets(ctx: SettingsContext, sealed: string): Record<string, string> {
  try {
    return JSON.parse(ctx.connections.box.open(sealed)) as Record<string, string>;
  } catch (err) {
    if (err instanceof SecretBoxError) return {};
    throw err;
  }
}

/** The settings as the back office shows them: plain values, and of each secret only whether it is set. */
function shownSettings(ctx: SettingsContext, settings: EffectiveSettings): ServiceTitanSettings | ServiceProSettings {
  const env = ctx.connections.environment;
  const meta = {
    source: settings.source,
    updatedBy: settings.updatedBy,
    updatedAt: settings.updatedAt?.toISOString() ?? null,
    inUse: env.FIELD_SERVICE_SYSTEM === settings.system,
    sandbox: env.FIELD_SERVICE_SANDBOX,
  };
  const secrets = Object.fromEntries(settingFields[settings.system].secret.map((name) => [name, secretState(settings.secrets[name] ?? '')]));
  if (settings.system === 'servicetitan') {
    const { apiUrl, authUrl, tenantId, clientId, requestsPerSecond } = settings.values;
    return {
      system: 'servicetitan',
      apiUrl: String(apiUrl),
      authUrl: String(authUrl),
      tenantId: String(tenantId),
      clientId: String(clientId),
      requestsPerSecond: Number(requestsPerSecond),
      clientSecret: secrets.clientSecret!,
      appKey: secrets.appKey!,
      ...meta,
    };
  }
  const { apiUrl, company, username } = settings.values;
  return { system: 'servicepro', apiUrl: String(apiUrl), company: String(company), username: String(username), password: secrets.password!, ...meta };
}

export async function getFieldServiceSettings(ctx: SettingsContext, system: ConfigurableSystem) {
  return shownSettings(ctx, await effectiveSettings(ctx, system));
}

type SettingsInput = ServiceTitanSettingsInput | ServiceProSettingsInput;

/** The settings that are addresses this service calls. */
const urlFields = ['apiUrl', 'authUrl'];

/**
 * The settings typed, with each secret left empty taken from those in force; a secret that is still empty is a 400
 * naming its field (nothing is stored yet to keep), and so, when FIELD_SERVICE_TYPED_URLS is `public`, is an address
 * that is not https or not on the public internet (domain/public-address.ts).
 */
async function typedSettings(ctx: SettingsContext, system: ConfigurableSystem, input: SettingsInput): Promise<EffectiveSettings> {
  const current = await effectiveSettings(ctx, system);
  const typed = input as Record<string, string | number | undefined>;
  const values = Object.fromEntries(settingFields[system].plain.map((name) => [name, typed[name] as string | number]));
  const secrets = Object.fromEntries(settingFields[system].secret.map((name) => [name, String(typed[name] ?? '') || (current.secrets[name] ?? '')]));
  const missing = Object.entries(secrets).filter(([, value]) => value === '');
  const fields: Record<string, string> = Object.fromEntries(missing.map(([name]) => [name, fieldServiceSettingsMessages.secretRequired(settingLabels[name] ?? name)]));
  if (ctx.connections.publicUrlsOnly) {
    for (const name of urlFields) {
      const problem = typeof values[name] === 'string' ? await publicUrlProblem(values[name], settingLabels[name] ?? name) : undefined;
      if (problem) fields[name] = problem;
    }
  }
  if (Object.keys(fields).length) throw badRequest(Object.values(fields)[0]!, fields);
  return { ...current, values, secrets };
}

/** Saves the settings (secrets sealed); the next import, lookup or history read on any instance uses them. */
export async function saveSettings(ctx: SettingsContext, system: ConfigurableSystem, input: SettingsInput, updatedBy: string) {
  const settings = await typedSettings(ctx, system, input);
  await saveFieldServiceSettings(ctx.db, system, { settings: settings.values, secrets: ctx.connections.box.seal(JSON.stringify(settings.secrets)), updatedBy, at: ctx.now() });
  return getFieldServiceSettings(ctx, system);
}

/** Signs in and reads one small page with the settings typed (not saved), secrets left empty taken from those in force. */
export async function testConnection(ctx: SettingsContext, system: ConfigurableSystem, input: SettingsInput): Promise<ConnectionReport> {
  const settings = await typedSettings(ctx, system, input);
  const env = ctx.connections.environment;
  const { credentials, urls } = connectorInputs(settings, env, systemUrls(env));
  return checkConnection(system, credentials, urls, { ...ctx.connections.typedOptions, timeoutMs: ctx.connections.checkTimeoutMs });
}

/** The configured system's (FIELD_SERVICE_SYSTEM) connection: `systemConnection` for it. */
export function currentConnection(ctx: SettingsContext, jobberTokens: StoredJobberTokens): () => Promise<CurrentConnection> {
  return systemConnection(ctx, jobberTokens, ctx.connections.environment.FIELD_SERVICE_SYSTEM);
}

/**
 * One system's connector as the settings stand when asked: the saved row's version is read on every call (one small
 * query), and a new connector is made only when it changed, so a connector's token and a tenant's shared indexes carry
 * on between calls, and a save here or on another instance is used by the next call.
 */
export function systemConnection(ctx: SettingsContext, jobberTokens: StoredJobberTokens, system: ServiceSystemId): () => Promise<CurrentConnection> {
  const env = ctx.connections.environment;
  if (system === 'jobber') {
    // Jobber's tokens are the ones in the database (the environment's only seed them), so its connector always exists.
    const connection = { connector: createJobberConnector({ apiKey: '', tokens: jobberTokens }, systemUrls(env).jobber, ctx.connections.options), missing: [] };
    return async () => connection;
  }
  let made: { version: string; connection: CurrentConnection } | undefined;
  return async () => {
    const settings = await effectiveSettings(ctx, system);
    // The save's version and time together: a row removed and saved again starts its version over.
    const version = settings.version === null ? 'environment' : `${settings.version}@${settings.updatedAt?.getTime()}`;
    if (made && made.version === version) return made.connection;
    const { credentials, urls, missing } = connectorInputs(settings, env, systemUrls(env));
    const options = settings.source === 'stored' ? ctx.connections.typedOptions : ctx.connections.options;
    const connector: FieldServiceConnector | null = missing.length ? null : createConnector(system, credentials, urls, options);
    made = { version, connection: { connector, missing } };
    return made.connection;
  };
}
