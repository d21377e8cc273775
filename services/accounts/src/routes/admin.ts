import { customerSchema, customerSearchQuerySchema, pagedListSchema, serviceProCustomerSchema } from '@repo/contracts';
import type { ServiceApp } from '@repo/service-kit';
import type { AccountsContext } from '../use-cases/context.ts';
import { listCustomers } from '../use-cases/list-customers.ts';
import { listServiceProCustomers } from '../use-cases/list-service-pro-customers.ts';

/** The back office's two customer lists (staff and administrators), searched and paged on the server. */
export async function adminRoutes(app: ServiceApp, { ctx }: { ctx: AccountsContext }) {
  const staffOrAdmin = app.requireRole('staff', 'admin');
  const search = 'By last and first name. q: a name or email prefix (any letter case), or 3+ digits of a phone in any format (any part of it); page and pageSize (≤ 100).';

  app.get('/api/admin/customers', {
    onRequest: staffOrAdmin,
    schema: {
      tags: ['admin'],
      summary: 'Search the portal customers, a page at a time',
      description: search,
      operationId: 'listPortalCustomers',
      querystring: customerSearchQuerySchema,
      response: { 200: pagedListSchema(customerSchema) },
    },
  }, async (request) => listCustomers(ctx, request.query));

  app.get('/api/admin/servicepro-customers', {
    onRequest: staffOrAdmin,
    schema: {
      tags: ['admin'],
      summary: 'Search the customers imported from the field-service system, a page at a time',
      description: search,
      operationId: 'listImportedCustomers',
      querystring: customerSearchQuerySchema,
      response: { 200: pagedListSchema(serviceProCustomerSchema) },
    },
  }, async (request) => listServiceProCustomers(ctx, request.query));
}
