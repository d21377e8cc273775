import { z } from 'zod';
import { usPhoneDigits } from './appointments.ts';

export const phoneRequiredMessage = 'Phone Required: Please enter a phone number to search';
/**
 * `POST /api/admin/lookup-customer-phone` (staff, admin): finds the customer in the configured field-service system
 * (server credentials; none in the body) by any common US phone format: the digits are compared, a leading 1 dropped.
 */
export const lookupCustomerPhoneRequestSchema = z.object({
  phone: z
    .string({ error: phoneRequiredMessage })
    .trim()
    .min(1, phoneRequiredMessage)
    .max(40, 'Phone number must be at most 40 characters')
    .refine((phone) => /\d/.test(phone), 'Enter a phone number with digits, like (904) 802-1998')
    // Digits that are not a US number ("12", "+44 20 7946 0958") could only ever find nothing.
    .refine((phone) => !/\d/.test(phone) || usPhoneDigits(phone) !== undefined, 'Enter a 10-digit US phone number, like (904) 802-1998'),
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
export const lookupCustomerPhoneResponseSchema = z.object({
  customer: externalCustomerSchema.nullable(),
  /** The portal account linked to that customer (whose record the back office opens), or null. */
  customerId: z.number().int().nullable(),
});
export type LookupCustomerPhoneResponse = z.infer<typeof lookupCustomerPhoneResponseSchema>;
