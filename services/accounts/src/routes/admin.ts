import { customerSchema, customerSearchQuerySchema, pagedListSchema, serviceProCustomerSchema } from '@repo/contracts';
import { errorResponses, type ServiceApp } from '@repo/service-kit';
import type { AccountsContext } from '../use-cases/context.ts';
import { listCustomers } from '../use-cases/list-customers.ts';
import { listServiceProCustomers } from '../use-cases/list-service-pro-customers.ts';

/** The back office's two customer lists (staff and administrators), searched and paged on the server. */
export async function adminRoutes(app: ServiceApp, { ctx }: { ctx: AccountsContext }) {
  const staffOrAdmin = app.requireRole('staff', 'admin');
  const search = 'q: a name or email prefix (any letter case), or 3+ digits of a phone in any format (its start or end); page and pageSize (≤ 100)';

  app.get('/api/admin/customers', {
    onRequest: staffOrAdmin,
    schema: {
      tags: ['admin'],
      summary: `Portal customers by last and first name, a page at a time. ${search}`,
      operationId: 'listPortalCustomers',
      querystring: customerSearchQuerySchema,
      response: { 200: pagedListSchema(customerSchema), ...errorResponses(400, 401, 403, 503) },
    },
  }, async (request) => listCustomers(ctx, request.query));

  app.get('/api/admin/servicepro-customers', {
    onRequest: staffOrAdmin,
    schema: {
      tags: ['admin'],
      summary: `Customers imported from the field-service system by last and first name, a page at a time. ${search}`,
      operationId: 'listImportedCustomers',
      querystring: customerSearchQuerySchema,
      response: { 200: pagedListSchema(serviceProCustomerSchema), ...errorResponses(400, 401, 403, 503) },
    },
  }, async (request) => listServiceProCustomers(ctx, request.query));
}
