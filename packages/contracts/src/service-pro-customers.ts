import { z } from 'zod';

/** Customers imported from the ServicePro field-service system (the spec's servicepro_customers) and their import. */

/** ServicePro's sign-in, as the spec names its fields. */
export const serviceProCredentialsSchema = z.object({
  company: z.string().trim().min(1, 'Company is required'),
  username: z.string().trim().min(1, 'Username is required'),
  password: z.string().min(1, 'Password is required'),
});

export const serviceProCustomerSchema = z.object({
  id: z.number().int(),
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
export const serviceProCustomerListSchema = z.array(serviceProCustomerSchema);

export const importAllCustomersRequestSchema = z.object({ credentials: serviceProCredentialsSchema });
export const importAllCustomersResponseSchema = z.object({ totalImported: z.number().int() });
