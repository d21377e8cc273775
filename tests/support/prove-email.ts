import { expect, inject } from 'vitest';
import { createDatabase } from '@repo/service-kit/db';

/**
 * Marks a customer's email as proven in accounts' database, as the confirmation link of the notifications service
 * will (nothing in the product proves an email yet). Their next sign-in carries the proof.
 */
export async function proveEmail(email: string): Promise<void> {
  const database = await createDatabase<{ customers: { email: string; email_verified_at: Date | null } }>({ url: inject('accountsDatabaseUrl'), poolSize: 1 });
  try {
    const proven = await database.db.updateTable('customers').set({ email_verified_at: new Date() }).where('email', '=', email).executeTakeFirst();
    expect(Number(proven.numUpdatedRows)).toBe(1);
  } finally {
    await database.close();
  }
}
