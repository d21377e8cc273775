import { jobberSandboxCredentials, jobberSandboxOAuth, serviceProSandboxCredentials, serviceTitanSandboxCredentials } from '@repo/field-service/sandbox';

/** A credential a customer sends although none is asked for (refused with 400; it must not reach the log either). */
const typedSecret = 'probe-typed-access-token';

/** The imports the log probe makes, in order, with the statuses they answer (see import-log-probe.ts). */
export const probeRequests = [
  { systemName: 'servicepro' }, // 502: the sandbox fails every attempt
  { systemName: 'jobber', credentials: { apiKey: typedSecret } }, // 400
  { systemName: 'servicepro' }, // 200
  { systemName: 'servicetitan' }, // 200
  { systemName: 'jobber' }, // 200
] as const;
export const probeStatuses = [502, 400, 200, 200, 200];

/** Every secret the probe's service holds or is sent (only the secret ones: a username like "sandbox" is a common word). */
export const probeSecrets = [
  serviceProSandboxCredentials.password,
  serviceTitanSandboxCredentials.clientSecret,
  serviceTitanSandboxCredentials.appKey,
  serviceTitanSandboxCredentials.clientId,
  jobberSandboxCredentials.apiKey,
  jobberSandboxOAuth.clientSecret,
  jobberSandboxOAuth.refreshToken,
  typedSecret,
];
