import { badGateway, gatewayTimeout, unavailable, type DomainError } from '@repo/service-kit';
import { serviceSystemCredentialNames, serviceSystemDescriptors, type ServiceSystemId } from '@repo/contracts';
import { FieldServiceError, type FieldServiceConnector } from '@repo/field-service';

/**
 * The configured field-service system as the back office uses it: the server's system (FIELD_SERVICE_SYSTEM) with the
 * connection in force when asked (the administrator's saved settings, else the environment's), never a credential.
 */
export type FieldServiceAccess = {
  system: ServiceSystemId;
  systemName: string;
  /** The local sandbox of the embedded default, not the real system. */
  sandbox: boolean;
  /**
   * The connector with the settings in force now, or null while some credentials are not set (`missing` names them,
   * under the connector's names). A save in the back office is picked up by the next call, on every instance.
   */
  current: () => Promise<CurrentConnection>;
  /** The company, tenant or account name the credentials reach, asked once per connector and remembered ten minutes. */
  accountName: (connector: FieldServiceConnector) => Promise<string>;
};

export type CurrentConnection = { connector: FieldServiceConnector | null; missing: string[] };

/**
 * Every system's connection as it stands when asked (the administrator's saved settings, else the environment's; for
 * Jobber the stored tokens), whichever system the back office imports from: booking's customers bring their own
 * past visits in from any of them through accounts. A connector only while the system is connected.
 */
export type SystemConnections = Record<ServiceSystemId, () => Promise<CurrentConnection>>;

const accountNameMaxAgeMs = 10 * 60_000;

/** The back office's access to the configured system, through `current`. */
export function fieldServiceAccess(options: { system: ServiceSystemId; sandbox: boolean; current: () => Promise<CurrentConnection> }): FieldServiceAccess {
  const known = new WeakMap<FieldServiceConnector, { name: string; at: number }>();
  return {
    system: options.system,
    systemName: systemNameOf(options.system),
    sandbox: options.sandbox,
    current: options.current,
    accountName: async (connector) => {
      const remembered = known.get(connector);
      if (remembered && Date.now() - remembered.at < accountNameMaxAgeMs) return remembered.name;
      const name = await connector.accountName();
      known.set(connector, { name, at: Date.now() });
      return name;
    },
  };
}

export const systemNameOf = (system: ServiceSystemId) => serviceSystemDescriptors.find((descriptor) => descriptor.id === system)?.name ?? system;

/** The environment variable of a credential: `SERVICEPRO_COMPANY`, `SERVICETITAN_CLIENT_ID`, `JOBBER_API_KEY`. */
export function credentialVariable(system: ServiceSystemId, credential: string): string {
  return `${system.toUpperCase()}_${credential.replace(/([A-Z])/g, '_$1').toUpperCase()}`;
}

/** Who reads a failure: staff are told what to check; a customer only that it is unavailable for now. */
export type Audience = 'staff' | 'customer';

const historyUnavailable = (access: FieldServiceAccess) => `Your service history from ${access.systemName} cannot be read right now. Please try again later.`;

/** Where an administrator completes the connection: the settings form, or (as before) the environment. */
export const missingSettingsAdvice = (access: Pick<FieldServiceAccess, 'system'>, missing: readonly string[]) =>
  `an administrator enters its settings under Customer Management → Connection Settings, or sets ${missing.map((name) => credentialVariable(access.system, name)).join(', ')} in the accounts service's environment`;

/** Answered (503) when the import, the lookup or a linked history is asked for and the server has no (complete) credentials. */
export function notConfigured(access: FieldServiceAccess, missing: readonly string[], audience: Audience): DomainError {
  if (audience === 'customer') return unavailable(historyUnavailable(access));
  return unavailable(`The ${access.systemName} connection is not configured: ${missingSettingsAdvice(access, missing)}.`);
}

/** A timeout after the retries, as the connectors report it (the cause is the fetch's TimeoutError or AbortError). */
function timedOut(error: FieldServiceError): boolean {
  const cause = error.cause as { name?: unknown } | undefined;
  return cause?.name === 'TimeoutError' || cause?.name === 'AbortError' || /timed? ?out/i.test(error.message);
}

/** What went wrong with the system, in words that fit after its name ("ServicePro did not answer in time"). */
export function fieldServiceReason(error: FieldServiceError, access: Pick<FieldServiceAccess, 'system'>): string {
  switch (error.kind) {
    case 'credentials':
      // Jobber's tokens are the ones an administrator connected (or the environment seeded once).
      if (access.system === 'jobber') return 'refused the stored connection or is not connected: an administrator connects Jobber again under Customer Management → Import Customers';
      return `refused the server's credentials, so the connection settings are wrong: check them under Customer Management → Connection Settings (Test connection says which), or ${serverCredentialVariables(access.system).join(', ')} when the environment sets them`;
    case 'rate-limited':
      return 'kept refusing requests as too many';
    case 'unavailable':
      return timedOut(error) ? 'did not answer in time' : 'is not answering properly right now';
    case 'malformed':
      return 'answered in a form that could not be read';
    case 'not-found':
      return 'no longer has that record';
  }
}

export const serverCredentialVariables = (system: ServiceSystemId) =>
  serviceSystemCredentialNames[system].map((name) => credentialVariable(system, name));

/**
 * A connector failure as an answer (never a 500): 503 when the server's configuration is wrong or the system limits
 * us, 504 when it did not answer in time, 502 when it failed or answered nonsense. Staff read what to check; a
 * customer reads that the history is unavailable for now. Anything else is rethrown as it is.
 */
export function fieldServiceProblem(error: unknown, access: FieldServiceAccess, audience: Audience): unknown {
  if (!(error instanceof FieldServiceError)) return error;
  const message =
    audience === 'staff'
      ? `${access.systemName} ${fieldServiceReason(error, access)}. Please try again in a minute${error.kind === 'credentials' ? ' once the configuration is fixed' : ''}.`
      : historyUnavailable(access);
  if (error.kind === 'credentials' || error.kind === 'rate-limited') return unavailable(message);
  if (error.kind === 'unavailable' && timedOut(error)) return gatewayTimeout(message);
  return badGateway(message);
}
