import { customerSchema, serviceProCustomerSchema } from '@repo/contracts';
import { z } from 'zod';
import { errorResponses, type ServiceApp } from '@repo/service-kit';
import type { AccountsContext } from '../use-cases/context.ts';
import { listCustomers } from '../use-cases/list-customers.ts';
import { listServiceProCustomers } from '../use-cases/list-service-pro-customers.ts';

export async function adminRoutes(app: ServiceApp, { ctx }: { ctx: AccountsContext }) {
  app.get('/api/admin/customers', {
    onRequest: app.requireRole('staff', 'admin'),
    schema: { tags: ['admin'], response: { 200: z.array(customerSchema), ...errorResponses(401, 403) } },
  }, async () => listCustomers(ctx));

  app.get('/api/admin/servicepro-customers', {
    onRequest: app.requireRole('staff', 'admin'),
    schema: { tags: ['admin'], response: { 200: z.array(serviceProCustomerSchema), ...errorResponses(401, 403) } },
  }, async () => listServiceProCustomers(ctx));
}
