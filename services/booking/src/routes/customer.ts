import type { FastifyRequest } from 'fastify';
import { appointmentListSchema, serviceRequestListSchema } from '@repo/contracts';
import { errorResponses, forbidden, type ServiceApp } from '@repo/service-kit';
import type { BookingContext } from '../use-cases/context.ts';
import { listMyAppointments } from '../use-cases/list-my-appointments.ts';
import { listMyServiceRequests } from '../use-cases/list-my-service-requests.ts';

function callerCustomerId(request: FastifyRequest): number {
  const id = request.session?.customerId;
  if (id === undefined) throw forbidden('Only customer accounts have a service history.');
  return id;
}

/** A customer sees only their own records. */
export async function customerRoutes(app: ServiceApp, { ctx }: { ctx: BookingContext }) {
  app.get('/api/customer/appointments', {
    onRequest: app.requireRole('customer'),
    schema: { tags: ['customer'], response: { 200: appointmentListSchema, ...errorResponses(401, 403) } },
  }, async (request) => listMyAppointments(ctx, callerCustomerId(request)));

  app.get('/api/customer/service-requests', {
    onRequest: app.requireRole('customer'),
    schema: { tags: ['customer'], response: { 200: serviceRequestListSchema, ...errorResponses(401, 403) } },
  }, async (request) => listMyServiceRequests(ctx, callerCustomerId(request)));
}
