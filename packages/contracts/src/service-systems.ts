import { z } from 'zod';
import { serviceSystemIds } from './choices.ts';

export type ServiceSystemId = (typeof serviceSystemIds)[number];

/** The field-service systems a customer can import their history from (GET /api/service-systems). */
export const serviceSystemDescriptorSchema = z.object({
  id: z.enum(serviceSystemIds),
  name: z.string(),
  description: z.string(),
  requiredCredentials: z.array(z.string()),
  /** True when this installation reaches the system's local sandbox (demo data), not the real system. */
  sandbox: z.boolean().optional(),
});
export type ServiceSystemDescriptor = z.infer<typeof serviceSystemDescriptorSchema>;
export const serviceSystemListSchema = z.array(serviceSystemDescriptorSchema);

/** Each system's credentials, with the spec's names, in the order the portal asks for them. */
export const serviceSystemCredentialNames = {
  servicepro: ['company', 'username', 'password'],
  servicetitan: ['clientId', 'clientSecret', 'appKey', 'tenantId'],
  jobber: ['apiKey'],
} as const satisfies Record<ServiceSystemId, readonly string[]>;

/** Credentials the portal masks as it would a password (secret or key-like). */
export const secretCredentialNames: readonly string[] = ['password', 'clientSecret', 'appKey', 'apiKey'];

export const serviceSystemDescriptors: readonly ServiceSystemDescriptor[] = [
  {
    id: 'servicepro',
    name: 'ServicePro',
    description: 'Field service management for appliance repair companies',
    requiredCredentials: [...serviceSystemCredentialNames.servicepro],
  },
  {
    id: 'servicetitan',
    name: 'ServiceTitan',
    description: 'Home and commercial service software (API v2: OAuth client credentials and an app key)',
    requiredCredentials: [...serviceSystemCredentialNames.servicetitan],
  },
  {
    id: 'jobber',
    name: 'Jobber',
    description: 'Home service business software (GraphQL API with an access token)',
    requiredCredentials: [...serviceSystemCredentialNames.jobber],
  },
];

/** The credentials of `system` that are missing or blank after trimming, in the order the portal asks for them. */
export function missingCredentials(system: ServiceSystemId, credentials: Readonly<Record<string, string | undefined>>): string[] {
  return serviceSystemCredentialNames[system].filter((name) => !credentials[name]?.trim());
}

/** 'Missing Credentials: Please provide: ' followed by the names, as the spec words it. */
export function missingCredentialsMessage(names: readonly string[]): string {
  return `Missing Credentials: Please provide: ${names.join(', ')}`;
}
