import { z } from 'zod';
import { serviceSystemIds } from './choices.ts';

/** Customers imported from the ServicePro field-service system (accounts' service_pro_customers) and their import. */

export const serviceProCustomerSchema = z.object({
  id: z.number().int(),
  /** The system it was imported from and its id there (unique together). */
  sourceSystem: z.enum(serviceSystemIds),
  serviceProId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  lastServiceDate: z.string().nullable(),
  totalServices: z.string(),
  totalSpent: z.string(),
  preferredTechnician: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  importedAt: z.string(),
});
export type ServiceProCustomer = z.infer<typeof serviceProCustomerSchema>;
/** A row of the back office's imported list: with the portal account linked to it (whose record it opens), or null. */
export const importedCustomerListItemSchema = serviceProCustomerSchema.extend({ customerId: z.number().int().nullable() });
export type ImportedCustomerListItem = z.infer<typeof importedCustomerListItemSchema>;
