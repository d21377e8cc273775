import { expect, inject } from 'vitest';
import { createDatabase } from '@repo/service-kit/db';

type Customers = { customers: { email: string; email_verified_at: Date | null } };

/**
 * Makes the email of the customer with `email` unproven again: an account as registration made them before it asked
 * for proof, whose email is only a claim. Their next sign-in carries no proof.
 */
export async function forgetEmailProof(email: string): Promise<void> {
  const database = await createDatabase<Customers>({ url: inject('accountsDatabaseUrl'), poolSize: 1 });
  try {
    const changed = await database.db.updateTable('customers').set({ email_verified_at: null }).where('email', '=', email).executeTakeFirst();
    expect(Number(changed.numUpdatedRows)).toBe(1);
  } finally {
    await database.close();
  }
}
