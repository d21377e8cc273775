import { z } from 'zod';
import { serviceSystemIds } from './choices.ts';

/** The field-service systems a customer can import their history from (GET /api/service-systems). */
export const serviceSystemDescriptorSchema = z.object({
  id: z.enum(serviceSystemIds),
  name: z.string(),
  description: z.string(),
  requiredCredentials: z.array(z.string()),
});
export type ServiceSystemDescriptor = z.infer<typeof serviceSystemDescriptorSchema>;
export const serviceSystemListSchema = z.array(serviceSystemDescriptorSchema);

/** 'Missing Credentials: Please provide: ' followed by the names, as the spec words it. */
export function missingCredentialsMessage(names: readonly string[]): string {
  return `Missing Credentials: Please provide: ${names.join(', ')}`;
}
