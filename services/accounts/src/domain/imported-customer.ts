import { z } from 'zod';
import type { ExternalCustomerRecord } from '@repo/field-service';

/**
 * What an imported customer must be for the back office to keep it. A record that is not (no id, no name, an email
 * that is not one, a date that does not exist...) is counted as failed with the reason, and the import goes on.
 */
const text = (max: number, what: string) => z.string().trim().max(max, `${what} is longer than ${max} characters`);
const optionalText = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, `${what} is longer than ${max} characters`)
    .nullable()
    .transform((value) => value || null);

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Last service date is not a YYYY-MM-DD date')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'Last service date is not a real date');

export const importedCustomerSchema = z
  .object({
    externalId: text(100, 'Id').min(1, 'The customer has no id'),
    firstName: text(100, 'First name'),
    lastName: text(100, 'Last name'),
    email: z
      .string()
      .trim()
      .nullable()
      .transform((value) => value || null)
      .pipe(z.email('Email is not a valid email address').max(254, 'Email is longer than 254 characters').nullable()),
    phone: text(40, 'Phone'),
    address: text(200, 'Address'),
    city: text(100, 'City'),
    state: text(50, 'State'),
    zipCode: text(20, 'Zip code'),
    lastServiceDate: isoDate.nullable(),
    totalServices: z.number().int('Total services is not a whole number').min(0, 'Total services is negative'),
    totalSpent: z
      .string()
      .trim()
      .regex(/^\d{1,12}(\.\d{1,2})?$/, 'Total spent is not an amount in dollars')
      .transform((amount) => (amount.includes('.') ? amount.padEnd(amount.indexOf('.') + 3, '0') : `${amount}.00`)),
    preferredTechnician: optionalText(100, 'Preferred technician'),
    notes: optionalText(2000, 'Notes'),
  })
  .refine((customer) => customer.firstName !== '' || customer.lastName !== '', 'The customer has no name');
export type ImportedCustomer = z.infer<typeof importedCustomerSchema>;

export type ImportCheck = { ok: true; customer: ImportedCustomer } | { ok: false; externalId: string; message: string };

/** The record as the back office keeps it, or why it cannot be kept (the first reason). */
export function checkImportedCustomer(record: ExternalCustomerRecord): ImportCheck {
  const parsed = importedCustomerSchema.safeParse(record);
  if (parsed.success) return { ok: true, customer: parsed.data };
  const externalId = typeof record.externalId === 'string' && record.externalId.trim() ? record.externalId.trim().slice(0, 100) : '(no id)';
  return { ok: false, externalId, message: parsed.error.issues[0]?.message ?? 'The customer record is not valid' };
}
