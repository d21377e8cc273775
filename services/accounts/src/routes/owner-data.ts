import {
  customerDeletionBodySchema,
  customerDeletionPath,
  customerDeletionParamsSchema,
  deletionRequestListSchema,
  deletionRequestSchema,
  deletionRequestsPath,
} from '@repo/contracts';
import { errorResponses, notFound, tableExportRoute, type ServiceApp } from '@repo/service-kit';
import type { AccountsContext } from '../use-cases/context.ts';
import { deletionRequests, requestCustomerDeletion } from '../use-cases/customer-deletion.ts';

/** The owner's data (administrators only): the customers' CSV for the full export, and customers' deletion requests. */
export async function ownerDataRoutes(app: ServiceApp, { ctx }: { ctx: AccountsContext }) {
  const adminOnly = app.requireRole('admin');

  tableExportRoute(app, {
    file: 'customers.csv',
    tags: ['admin'],
    summary: "Every portal customer as CSV, for the owner's full export",
    description: 'Password hashes are never exported.',
    header: ['id', 'first_name', 'last_name', 'email', 'phone', 'address', 'email_proven_at', 'phone_proven_at', 'imported_record_id', 'created_at', 'last_login'],
    readPage: (afterId, limit) =>
      ctx.db
        .selectFrom('customers')
        .select(['id', 'first_name', 'last_name', 'email', 'phone', 'address', 'email_verified_at', 'phone_verified_at', 'service_pro_customer_id', 'created_at', 'last_login'])
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(limit)
        .execute(),
    cells: (row) => [row.id, row.first_name, row.last_name, row.email, row.phone, row.address, row.email_verified_at, row.phone_verified_at, row.service_pro_customer_id, row.created_at, row.last_login],
  });

  app.post(customerDeletionPath(':id'), {
    onRequest: adminOnly,
    schema: {
      tags: ['admin'],
      summary: "Record a customer's request to be forgotten and carry it out in every service",
      description:
        'Accounts deletes the account at once and tells booking, tracking, payments and notifications, which each erase or anonymise the customer and report back ' +
        '(see the answer\'s progress). 202 for a new request; 200 with the earlier request when one exists (nothing changes). What the law makes the business keep is in `retention`.',
      operationId: 'requestCustomerDeletion',
      params: customerDeletionParamsSchema,
      body: customerDeletionBodySchema,
      response: { 200: deletionRequestSchema, 202: deletionRequestSchema, ...errorResponses(404) },
    },
  }, async (request, reply) => {
    const requestedBy = request.session?.email ?? request.session?.sub ?? 'admin';
    const { created, request: answer } = await requestCustomerDeletion(ctx, request.params.id, request.body.reason, requestedBy);
    return reply.code(created ? 202 : 200).send(answer);
  });

  app.get(deletionRequestsPath, {
    onRequest: adminOnly,
    schema: {
      tags: ['admin'],
      summary: "Customers' deletion requests, newest first, with each service's progress",
      operationId: 'listDeletionRequests',
      response: { 200: deletionRequestListSchema },
    },
  }, async () => ({ items: await deletionRequests(ctx.db) }));

  app.get(customerDeletionPath(':id'), {
    onRequest: adminOnly,
    schema: {
      tags: ['admin'],
      summary: "The deletion request for a customer, with each service's progress",
      operationId: 'getCustomerDeletion',
      params: customerDeletionParamsSchema,
      response: { 200: deletionRequestSchema, ...errorResponses(404) },
    },
  }, async (request) => {
    const [found] = await deletionRequests(ctx.db, request.params.id);
    if (!found) throw notFound('No deletion request for that customer.');
    return found;
  });
}
