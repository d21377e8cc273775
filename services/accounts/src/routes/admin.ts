import type { Kysely } from 'kysely';
import { apiErrorSchema, customerSchema, serviceProCustomerListSchema } from '@repo/contracts';
import type { ServiceApp } from '@repo/service-kit';
import { z } from 'zod';
import type { AccountsDatabase } from '../db/schema.ts';
import { toCustomer, toServiceProCustomer } from '../domain/mappers.ts';

const errors = { 401: apiErrorSchema, 403: apiErrorSchema };

export async function adminRoutes(app: ServiceApp, { db }: { db: Kysely<AccountsDatabase> }) {
  app.get('/api/admin/customers', {
    preHandler: app.requireRole('staff', 'admin'),
    schema: { tags: ['admin'], response: { 200: z.array(customerSchema), ...errors } },
  }, async () => (await db.selectFrom('customers').selectAll().orderBy('created_at', 'desc').limit(1000).execute()).map(toCustomer));

  app.get('/api/admin/servicepro-customers', {
    preHandler: app.requireRole('staff', 'admin'),
    schema: { tags: ['admin'], response: { 200: serviceProCustomerListSchema, ...errors } },
  }, async () => (await db.selectFrom('servicepro_customers').selectAll().orderBy('last_name').limit(5000).execute()).map(toServiceProCustomer));
}
