import { z } from 'zod';

export const fieldServiceCredentialsSchema = z.object({
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

export const importAllCustomersRequestSchema = z.object({ credentials: fieldServiceCredentialsSchema });
export const importAllCustomersResponseSchema = z.object({ totalImported: z.number().int() });

export const lookupCustomerPhoneRequestSchema = z.object({
  phone: z.string({ error: 'Phone Required: Please enter a phone number to search' }).trim().min(1, 'Phone Required: Please enter a phone number to search'),
  credentials: fieldServiceCredentialsSchema.optional(),
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
