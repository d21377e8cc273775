import { missingCredentialsMessage, serviceSystemCredentialNames, type ServiceSystemId } from '@repo/contracts';
import { headerSafeText, tenantIdPattern, type SystemUrls } from './config.ts';
import { FieldServiceError, type ConnectorOptions, type FieldServiceConnector } from './connector.ts';
import { createJobberConnector } from './jobber/connector.ts';
import { createServiceProConnector } from './servicepro/connector.ts';
import { createServiceTitanConnector } from './servicetitan/connector.ts';

/**
 * The connector for `system`, signed in with `credentials` under these names (ServicePro company, username,
 * password; ServiceTitan clientId, clientSecret, appKey, tenantId; Jobber apiKey). Values are trimmed; a missing or
 * blank one throws FieldServiceError 'credentials' with "Missing Credentials: Please provide: …", which the back
 * office shows as it is.
 * Nothing is sent until the first call.
 */
export function createConnector(system: ServiceSystemId, credentials: Record<string, string>, urls: SystemUrls, options: ConnectorOptions = {}): FieldServiceConnector {
  const names = serviceSystemCredentialNames[system];
  const values = Object.fromEntries(names.map((name) => [name, typeof credentials[name] === 'string' ? credentials[name].trim() : '']));
  const missing = names.filter((name) => !values[name]);
  if (missing.length) throw new FieldServiceError(system, 'credentials', missingCredentialsMessage(missing));
  // Refused before anything is sent: a value no request could carry, or a tenant that would change the path.
  const unsafe = names.filter((name) => !headerSafeText.test(values[name]!));
  if (unsafe.length) throw new FieldServiceError(system, 'credentials', `Unusable characters (a line break, or outside Latin-1) in: ${unsafe.join(', ')}`);
  if (system === 'servicetitan' && !tenantIdPattern.test(values.tenantId!)) throw new FieldServiceError(system, 'credentials', 'The ServiceTitan tenant id must be digits only');
  switch (system) {
    case 'servicepro':
      return createServiceProConnector({ company: values.company!, username: values.username!, password: values.password! }, urls.servicepro, options);
    case 'servicetitan':
      return createServiceTitanConnector(
        { clientId: values.clientId!, clientSecret: values.clientSecret!, appKey: values.appKey!, tenantId: values.tenantId! },
        urls.servicetitan,
        options,
      );
    case 'jobber': {
      // Optional, server configuration only: what renews an expired access token.
      const optional = (name: string) => (typeof credentials[name] === 'string' && credentials[name].trim()) || undefined;
      return createJobberConnector(
        { apiKey: values.apiKey!, clientId: optional('clientId'), clientSecret: optional('clientSecret'), refreshToken: optional('refreshToken') },
        urls.jobber,
        options,
      );
    }
  }
}
