import type { Kysely } from 'kysely';
import { apiErrorSchema, customerAppointmentListSchema, serviceRequestListSchema } from '@repo/contracts';
import { forbidden, type ServiceApp } from '@repo/service-kit';
import type { FastifyRequest } from 'fastify';
import type { BookingDatabase } from '../db/schema.ts';
import { toAppointment, toServiceRequest } from '../domain/mappers.ts';

const errors = { 401: apiErrorSchema, 403: apiErrorSchema };

function callerCustomerId(request: FastifyRequest): number {
  const id = request.session?.customerId;
  if (id === undefined) throw forbidden('Only customer accounts have a service history.');
  return id;
}

/** A customer sees only their own records. */
export async function customerRoutes(app: ServiceApp, { db }: { db: Kysely<BookingDatabase> }) {
  app.get('/api/customer/appointments', {
    preHandler: app.requireRole('customer'),
    schema: { tags: ['customer'], response: { 200: customerAppointmentListSchema, ...errors } },
  }, async (request) => {
    const rows = await db.selectFrom('appointments').selectAll().where('customer_id', '=', callerCustomerId(request))
      .orderBy('appointment_date', 'desc').orderBy('id', 'desc').execute();
    return rows.map(toAppointment);
  });

  app.get('/api/customer/service-requests', {
    preHandler: app.requireRole('customer'),
    schema: { tags: ['customer'], response: { 200: serviceRequestListSchema, ...errors } },
  }, async (request) => {
    const rows = await db.selectFrom('service_requests').selectAll().where('customer_id', '=', callerCustomerId(request))
      .orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    return rows.map(toServiceRequest);
  });
}
