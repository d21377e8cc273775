import { z } from 'zod';
import { serviceProCredentialsSchema } from './service-pro-customers.ts';

/** The back office's phone lookup of a customer in the field-service system. */
export const lookupCustomerPhoneRequestSchema = z.object({
  phone: z.string({ error: 'Phone Required: Please enter a phone number to search' }).trim().min(1, 'Phone Required: Please enter a phone number to search'),
  credentials: serviceProCredentialsSchema.optional(),
});
export const externalCustomerSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
  totalServices: z.string(),
  totalSpent: z.string(),
  lastServiceDate: z.string().nullable(),
  preferredTechnician: z.string().nullable(),
  notes: z.string().nullable(),
  serviceHistory: z.array(z.object({ service: z.string(), date: z.string(), cost: z.string() })),
});
export type ExternalCustomer = z.infer<typeof externalCustomerSchema>;
export const lookupCustomerPhoneResponseSchema = z.object({ customer: externalCustomerSchema.nullable() });
