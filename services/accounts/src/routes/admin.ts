import {
  customerNoteRequestSchema,
  customerNoteSchema,
  customerRecordParamsSchema,
  customerRecordSchema,
  customerSchema,
  customerSearchQuerySchema,
  linkedServiceHistoryResponseSchema,
  importedCustomerListItemSchema,
  pagedListSchema,
} from '@repo/contracts';
import { errorResponses, type ServiceApp } from '@repo/service-kit';
import type { AccountsContext } from '../use-cases/context.ts';
import { addCustomerNote, getCustomerRecord, getCustomerServiceHistory } from '../use-cases/customer-record.ts';
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
      response: { 200: pagedListSchema(importedCustomerListItemSchema) },
    },
  }, async (request) => listServiceProCustomers(ctx, request.query));

  // The customer record (issue 27): accounts' part of it, the staff notes, and the linked system's visits.
  app.get('/api/admin/customers/:id', {
    onRequest: staffOrAdmin,
    schema: {
      tags: ['admin'],
      summary: "A customer's record: the account, the imported customer it is linked to, and staff notes",
      description: 'Notes newest first, each with its author and time. 404 for an id no customer has.',
      operationId: 'getCustomerRecord',
      params: customerRecordParamsSchema,
      response: { 200: customerRecordSchema, ...errorResponses(404) },
    },
  }, async (request) => getCustomerRecord(ctx, request.params.id));

  app.post('/api/admin/customers/:id/notes', {
    onRequest: staffOrAdmin,
    schema: {
      tags: ['admin'],
      summary: "Add a staff note to a customer's record",
      description: 'The author is the signed-in staff member, the time now. 404 for an id no customer has.',
      operationId: 'addCustomerNote',
      params: customerRecordParamsSchema,
      body: customerNoteRequestSchema,
      response: { 201: customerNoteSchema, ...errorResponses(404) },
    },
  }, async (request, reply) => reply.code(201).send(await addCustomerNote(ctx, request.params.id, request.session!, request.body)));

  app.get('/api/admin/customers/:id/service-history', {
    onRequest: staffOrAdmin,
    schema: {
      tags: ['admin'],
      summary: "The customer's linked field-service record with its visits, read from the system",
      description:
        'Null when the account is linked to no imported customer (links are made only through a proven email or phone). ' +
        '404 for an id no customer has; 502, 503 or 504 when the system fails, is not configured or does not answer in time.',
      operationId: 'getCustomerServiceHistory',
      params: customerRecordParamsSchema,
      response: { 200: linkedServiceHistoryResponseSchema, ...errorResponses(404, 502, 503, 504) },
    },
  }, async (request) => ({ customer: await getCustomerServiceHistory(ctx, request.params.id) }));
}
