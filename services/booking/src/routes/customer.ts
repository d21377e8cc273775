import type { FastifyRequest } from 'fastify';
import {
  appointmentListSchema,
  errorCodes,
  historyImportLimits,
  importFromSystemRequestSchema,
  importHistoryRequestSchema,
  importMessages,
  importResultSchema,
  serviceRequestListSchema,
} from '@repo/contracts';
import { DomainError, errorHandler, errorResponses, forbidden, type ServiceApp } from '@repo/service-kit';
import type { BookingContext } from '../use-cases/context.ts';
import { importFromSystem } from '../use-cases/import-from-system.ts';
import { importHistory } from '../use-cases/import-history.ts';
import { listMyAppointments } from '../use-cases/list-my-appointments.ts';
import { listMyServiceRequests } from '../use-cases/list-my-service-requests.ts';

function callerCustomerId(request: FastifyRequest): number {
  const id = request.session?.customerId;
  if (id === undefined) throw forbidden('Only customer accounts have a service history.');
  return id;
}

/**
 * Imports from a field-service system per customer: each one reaches an outside system with typed credentials, so a
 * script cannot use the portal to try credentials there or to flood it. Counted after the session check.
 */
const systemImportLimit = { max: 10, timeWindow: '10 minutes' };

const historyTooLarge = () => new DomainError(413, errorCodes.payloadTooLarge, importMessages.tooLarge);
const listLength = (value: unknown) => (Array.isArray(value) ? value.length : 0);

/** A customer sees only their own records. */
export async function customerRoutes(app: ServiceApp, { ctx }: { ctx: BookingContext }) {
  app.get('/api/customer/appointments', {
    onRequest: app.requireRole('customer'),
    schema: { tags: ['customer'], summary: "The signed-in customer's appointments", response: { 200: appointmentListSchema } },
  }, async (request) => listMyAppointments(ctx, callerCustomerId(request)));

  app.get('/api/customer/service-requests', {
    onRequest: app.requireRole('customer'),
    schema: { tags: ['customer'], summary: "The signed-in customer's service requests", response: { 200: serviceRequestListSchema } },
  }, async (request) => listMyServiceRequests(ctx, callerCustomerId(request)));

  app.post('/api/customer/import-history', {
    onRequest: app.requireRole('customer'),
    bodyLimit: historyImportLimits.maxBytes,
    // Too many items is refused whole, like too many bytes, before any item is checked.
    preValidation: async (request) => {
      const history = (request.body as { historyData?: { serviceRequests?: unknown; appointments?: unknown } } | null)?.historyData;
      if (listLength(history?.serviceRequests) + listLength(history?.appointments) > historyImportLimits.maxItems) throw historyTooLarge();
    },
    // The kit answers an oversized body with a generic 413; this one says what the limits are.
    errorHandler: (error, request, reply) => errorHandler(error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? historyTooLarge() : error, request, reply),
    schema: {
      tags: ['customer'],
      summary: "Import the customer's service history from a file they exported",
      body: importHistoryRequestSchema,
      response: { 200: importResultSchema },
    },
  }, async (request) => importHistory(ctx, { customerId: callerCustomerId(request), email: request.session?.email }, request.body.historyData));

  app.post('/api/customer/import-from-system', {
    onRequest: app.requireRole('customer'),
    config: { rateLimit: { ...systemImportLimit, keyGenerator: (request: FastifyRequest) => `import-from-system:${request.session?.customerId}` } },
    schema: {
      tags: ['customer'],
      summary: "Import the customer's service history from a field-service system",
      description: 'With the credentials the customer types, used for this call only. 502 or 503 when the system fails or limits.',
      body: importFromSystemRequestSchema,
      response: { 200: importResultSchema, ...errorResponses(404, 502) },
    },
  }, async (request) => {
    const { systemName, customerId } = request.body;
    try {
      const result = await importFromSystem(ctx, { customerId: callerCustomerId(request), email: request.session?.email }, request.body);
      request.log.info({ system: systemName, byCustomerId: Boolean(customerId), imported: result.imported, alreadyPresent: result.alreadyPresent }, 'history imported from a field-service system');
      return result;
    } catch (err) {
      // The connector's message and kind help whoever looks into it; neither carries a credential.
      if (err instanceof DomainError && err.statusCode >= 500) request.log.warn({ system: systemName, err: err.cause }, 'field-service import failed');
      throw err;
    }
  });
}
