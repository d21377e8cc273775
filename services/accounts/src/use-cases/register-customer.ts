import type { Customer, RegisterRequest } from '@repo/contracts';
import { conflict } from '@repo/service-kit';
import { isUniqueViolation } from '@repo/service-kit/db';
import { hashPassword } from '../domain/passwords.ts';
import { insertCustomer } from '../repositories/customer-repository.ts';
import { toCustomer } from '../repositories/mappers.ts';
import type { AccountsContext } from './context.ts';

const emailTaken = 'An account with this email already exists. Please log in instead.';

export async function registerCustomer(ctx: AccountsContext, input: RegisterRequest): Promise<Customer> {
  const passwordHash = await hashPassword(input.password);
  try {
    const row = await insertCustomer(ctx.db, {
      first_name: input.firstName,
      last_name: input.lastName,
      email: input.email.trim(),
      phone: input.phone,
      address: input.address || null,
      password_hash: passwordHash,
      service_pro_customer_id: null,
      last_login: null,
    });
    return toCustomer(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(emailTaken, { email: emailTaken });
    throw err;
  }
}
