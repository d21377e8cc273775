import { z } from 'zod';

/** A customer account (accounts' customers), as the portal and the back office see it: never the password hash. */
export const customerSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string().nullable(),
  isAdmin: z.boolean(),
  /** The customer has proven they own the email (see SessionClaims.emailVerified). */
  emailVerified: z.boolean(),
  /** The customer has proven they own the phone number, with a code by text (`phoneCodePath`). */
  phoneVerified: z.boolean(),
  serviceProCustomerId: z.string().nullable(),
  createdAt: z.string(),
  lastLogin: z.string().nullable(),
});
export type Customer = z.infer<typeof customerSchema>;
