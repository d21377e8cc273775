import { z } from 'zod';
import { serviceSystemIds } from './choices.ts';

export type ServiceSystemId = (typeof serviceSystemIds)[number];

/**
 * A field-service system the business keeps records in (GET /api/service-systems lists those it has connected). The
 * business connects each one with its own credentials in the server's configuration; a customer never types any.
 */
export const serviceSystemDescriptorSchema = z.object({
  id: z.enum(serviceSystemIds),
  name: z.string(),
  description: z.string(),
});
export type ServiceSystemDescriptor = z.infer<typeof serviceSystemDescriptorSchema>;
export const serviceSystemListSchema = z.array(serviceSystemDescriptorSchema);

/** The business's credentials for each system, by name (server configuration: packages/field-service/src/config.ts). */
export const serviceSystemCredentialNames = {
  servicepro: ['company', 'username', 'password'],
  servicetitan: ['clientId', 'clientSecret', 'appKey', 'tenantId'],
  jobber: ['apiKey'],
} as const satisfies Record<ServiceSystemId, readonly string[]>;

export const serviceSystemDescriptors: readonly ServiceSystemDescriptor[] = [
  {
    id: 'servicepro',
    name: 'ServicePro',
    description: 'Field service management for appliance repair companies',
  },
  {
    id: 'servicetitan',
    name: 'ServiceTitan',
    description: 'Home and commercial service software',
  },
  {
    id: 'jobber',
    name: 'Jobber',
    description: 'Home service business software',
  },
];

/** 'Missing Credentials: Please provide: ' followed by the names (a connector configured without them says so). */
export function missingCredentialsMessage(names: readonly string[]): string {
  return `Missing Credentials: Please provide: ${names.join(', ')}`;
}
