import { expect, inject } from 'vitest';
import { createDatabase } from '@repo/service-kit/db';

type Customers = { customers: { email: string; email_verified_at: Date | null; phone_verified_at: Date | null } };

/** Sets one proof column of the customer with `email` in accounts' database. */
async function setProof(email: string, column: 'email_verified_at' | 'phone_verified_at', at: Date | null): Promise<void> {
  const database = await createDatabase<Customers>({ url: inject('accountsDatabaseUrl'), poolSize: 1 });
  try {
    const changed = await database.db.updateTable('customers').set({ [column]: at }).where('email', '=', email).executeTakeFirst();
    expect(Number(changed.numUpdatedRows)).toBe(1);
  } finally {
    await database.close();
  }
}

/**
 * Marks the phone of the customer with `email` as proven, as an SMS code will: nothing in the product proves a phone
 * yet (an email is proven by the registration's link). Their next sign-in links them to the imported customer with
 * that phone.
 */
export const provePhone = (email: string) => setProof(email, 'phone_verified_at', new Date());

/**
 * Makes the email of the customer with `email` unproven again: an account as registration made them before it asked
 * for proof, whose email is only a claim. Their next sign-in carries no proof.
 */
export const forgetEmailProof = (email: string) => setProof(email, 'email_verified_at', null);
