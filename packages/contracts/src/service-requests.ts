import { z } from 'zod';

/** A customer's service request (booking's service_requests), as the portal lists it. */
export const serviceRequestSchema = z.object({
  id: z.number().int(),
  customerId: z.number().int().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  applianceType: z.string(),
  brand: z.string().nullable(),
  problemDescription: z.string(),
  isEmergency: z.boolean(),
  status: z.string(),
  technicianNotes: z.string().nullable(),
  completedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ServiceRequest = z.infer<typeof serviceRequestSchema>;
export const serviceRequestListSchema = z.array(serviceRequestSchema);
