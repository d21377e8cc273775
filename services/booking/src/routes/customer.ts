import type { FastifyRequest } from 'fastify';
import {
  applianceListSchema,
  appointmentListSchema,
  errorCodes,
  historyImportLimits,
  importFromSystemRequestSchema,
  importHistoryRequestSchema,
  importMessages,
  importResultSchema,
  myAppliancesPath,
  serviceRequestListSchema,
  systemImportMessages,
} from '@repo/contracts';
import { DomainError, errorHandler, errorResponses, forbidden, type ServiceApp } from '@repo/service-kit';
import type { BookingContext } from '../use-cases/context.ts';
import { importFromSystem } from '../use-cases/import-from-system.ts';
import { importHistory } from '../use-cases/import-history.ts';
import { listMyAppliances } from '../use-cases/list-my-appliances.ts';
import { listMyAppointments } from '../use-cases/list-my-appointments.ts';
import { listMyServiceRequests } from '../use-cases/list-my-service-requests.ts';

/**
 * Visits kept in another system under an email are brought in only for a customer who has proven that email is theirs
 * (their session says so): a typed email is a claim anyone can make. Checked before the body, like the session.
 */
async function requireProvenEmail(request: FastifyRequest): Promise<void> {
  if (request.session?.emailVerified !== true || !request.session.email) throw forbidden(systemImportMessages.emailNotConfirmed);
}

function callerCustomerId(request: FastifyRequest): number {
  const id = request.session?.customerId;
  if (id === undefined) throw forbidden('Only customer accounts have a service history.');
  return id;
}

/**
 * Imports from a field-service system per customer: each one spends the business's requests to an outside system, so
 * a script cannot use the portal to flood it. Counted after the session check.
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

  app.get(myAppliancesPath, {
    onRequest: app.requireRole('customer'),
    schema: {
      tags: ['customer'],
      summary: "The signed-in customer's appliances, each with its visits",
      description: 'Made up from their appointments, booked and imported; a diagnosis and parts show once the visit is completed.',
      response: { 200: applianceListSchema },
    },
  }, async (request) => listMyAppliances(ctx, callerCustomerId(request)));

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
    onRequest: [app.requireRole('customer'), requireProvenEmail],
    config: { rateLimit: { ...systemImportLimit, keyGenerator: (request: FastifyRequest) => `import-from-system:${request.session?.customerId}` } },
    schema: {
      tags: ['customer'],
      summary: "Bring in the customer's past visits from one of the business's field-service systems",
      description:
        'The system\'s name only: the records are read through the business\'s own connection and matched on the customer\'s ' +
        'email, which they must have proven (403 otherwise). Credentials or a record id are refused with 400. 404 for a system ' +
        'the business has not connected or with no record of that email; 502 or 503 when the system fails or limits.',
      body: importFromSystemRequestSchema,
      response: { 200: importResultSchema, ...errorResponses(403, 404, 502) },
    },
  }, async (request) => {
    const { systemName } = request.body;
    const owner = { customerId: callerCustomerId(request), provenEmail: request.session!.email! };
    try {
      const result = await importFromSystem(ctx, owner, systemName);
      request.log.info({ system: systemName, imported: result.imported, alreadyPresent: result.alreadyPresent }, 'history imported from a field-service system');
      return result;
    } catch (err) {
      // The connector's message and kind help whoever looks into it (a refused sign-in is the business's configuration
      // to fix); neither carries a credential.
      if (err instanceof DomainError && err.statusCode >= 500) request.log.warn({ system: systemName, err: err.cause }, 'field-service import failed');
      throw err;
    }
  });
}
