import { jobberSandboxCredentials, serviceProSandboxCredentials, serviceTitanSandboxCredentials } from '@repo/field-service/sandbox';

/** The imports the log probe makes, in order, with the statuses they answer (see import-log-probe.ts). */
export const probeCredentials = [
  ['servicepro', serviceProSandboxCredentials], // 502: the sandbox fails every attempt
  ['servicepro', { ...serviceProSandboxCredentials, password: 'probe-wrong-password' }], // 400
  ['servicepro', serviceProSandboxCredentials], // 200
  ['servicetitan', serviceTitanSandboxCredentials], // 200
  ['jobber', { apiKey: 'probe-wrong-access-token' }], // 400
  ['jobber', jobberSandboxCredentials], // 200
] as const;
export const probeStatuses = [502, 400, 200, 200, 400, 200];

/** Every credential value the probe types (only the secret ones: a username like "sandbox" is a common word). */
export const probeSecrets = [
  serviceProSandboxCredentials.password,
  'probe-wrong-password',
  serviceTitanSandboxCredentials.clientSecret,
  serviceTitanSandboxCredentials.appKey,
  serviceTitanSandboxCredentials.clientId,
  'probe-wrong-access-token',
  jobberSandboxCredentials.apiKey,
];
