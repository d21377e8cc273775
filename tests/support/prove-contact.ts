import { expect, inject } from 'vitest';
import { createDatabase } from '@repo/service-kit/db';

type Customers = { customers: { email: string; email_verified_at: Date | null; phone_verified_at: Date | null } };

/**
 * Marks the email (or the phone) of the customer with `email` as proven in accounts' database, as the confirmation link
 * (or SMS code) of the notifications service will: nothing in the product proves a contact yet. Their next sign-in
 * carries the proof and links them to the imported customer with that contact.
 */
export async function proveContact(email: string, contact: 'email' | 'phone' = 'email'): Promise<void> {
  const database = await createDatabase<Customers>({ url: inject('accountsDatabaseUrl'), poolSize: 1 });
  try {
    const column = contact === 'email' ? 'email_verified_at' : 'phone_verified_at';
    const proven = await database.db.updateTable('customers').set({ [column]: new Date() }).where('email', '=', email).executeTakeFirst();
    expect(Number(proven.numUpdatedRows)).toBe(1);
  } finally {
    await database.close();
  }
}
