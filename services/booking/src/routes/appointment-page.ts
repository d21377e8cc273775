import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  appointmentDetailsSchema,
  appointmentPathParamsSchema,
  photoListSchema,
  rescheduleRequestSchema,
} from '@repo/contracts';
import { appointmentLinkOf, badRequest, errorResponses, withRequirement, type ServiceApp } from '@repo/service-kit';
import { cancelAppointment } from '../use-cases/cancel-appointment.ts';
import type { BookingContext } from '../use-cases/context.ts';
import { exportAppointmentCalendar } from '../use-cases/export-appointment-calendar.ts';
import { getAppointmentDetails } from '../use-cases/get-appointment-details.ts';
import { listPhotos, type PhotoContext } from '../use-cases/photos.ts';
import { rescheduleAppointment } from '../use-cases/reschedule-appointment.ts';
import { resolveAppointmentAccess, type AppointmentAccess } from '../use-cases/resolve-appointment-access.ts';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmenting Fastify's types needs declaration merging
  interface FastifyRequest {
    /** Set by the appointment page's onRequest check: which appointment the caller may act on, and how. */
    appointmentAccess: AppointmentAccess | null;
  }
}

/** The appointment the access check granted; the routes below never run without one. */
function granted(request: FastifyRequest): AppointmentAccess {
  if (!request.appointmentAccess) throw new Error('appointment page route ran without its access check');
  return request.appointmentAccess;
}

/**
 * The appointment as one page: details, reschedule, cancel, calendar file. The caller is its owner (session) or holds
 * its manage link (`X-Appointment-Access`). Access is decided onRequest, before the body is read or validated.
 */
export async function appointmentPageRoutes(app: ServiceApp, { ctx, photos }: { ctx: BookingContext; photos: PhotoContext }) {
  app.decorateRequest('appointmentAccess', null);

  // A customer's session, or the appointment's link instead (a stale session beside a link is ignored).
  const sessionOrLink = app.sessionOrLink(['customer'], { wrongRole: 'Only customer accounts have appointments.' });

  async function checkAccess(request: FastifyRequest, reply: FastifyReply) {
    await sessionOrLink.call(app, request, reply);
    const session = request.session;
    const id = appointmentPathParamsSchema.safeParse(request.params);
    if (!id.success) {
      const message = id.error.issues[0]?.message ?? 'Appointment id is not valid';
      throw badRequest(message, { 'params.id': message });
    }
    request.appointmentAccess = await resolveAppointmentAccess(ctx, {
      appointmentId: id.data.id,
      customerId: session?.role === 'customer' ? (session.customerId ?? null) : null,
      linkToken: appointmentLinkOf(request),
    });
  }

  // For the API document: a customer's session, or the appointment's link instead.
  withRequirement(checkAccess, { kind: 'required', roles: ['customer'], alternatives: ['appointmentLink'] });

  const params = appointmentPathParamsSchema;
  const tags = ['appointment page'];

  app.get('/api/customer/appointments/:id', {
    onRequest: checkAccess,
    schema: {
      tags,
      summary: 'One appointment with what its owner or link holder may do with it',
      params,
      response: { 200: appointmentDetailsSchema, ...errorResponses(404) },
    },
  }, async (request) => getAppointmentDetails(ctx, granted(request)));

  app.put('/api/customer/appointments/:id/reschedule', {
    onRequest: checkAccess,
    schema: {
      tags,
      summary: 'Move an appointment to another free slot',
      params,
      body: rescheduleRequestSchema,
      response: { 200: appointmentDetailsSchema, ...errorResponses(404, 409) },
    },
  }, async (request) => rescheduleAppointment(ctx, granted(request), request.body));

  app.post('/api/customer/appointments/:id/cancel', {
    onRequest: checkAccess,
    schema: { tags, summary: 'Cancel an appointment', params, response: { 200: appointmentDetailsSchema, ...errorResponses(404, 409) } },
  }, async (request) => cancelAppointment(ctx, granted(request)));

  app.get('/api/customer/appointments/:id/photos', {
    onRequest: checkAccess,
    schema: { tags, summary: "The appointment's photos, each ready one with its viewing address", params, response: { 200: photoListSchema, ...errorResponses(404) } },
  }, async (request) => listPhotos(photos, granted(request).appointmentId));

  app.get('/api/customer/appointments/:id/calendar.ics', {
    onRequest: checkAccess,
    // A string with a non-JSON content type is sent as it is, never serialised.
    schema: {
      tags,
      summary: 'The appointment as an iCalendar file for a calendar app',
      params,
      response: { 200: z.string().describe('The iCalendar file (text/calendar)'), ...errorResponses(404) },
    },
  }, async (request, reply) => {
    const calendar = await exportAppointmentCalendar(ctx, granted(request));
    return reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="${calendar.fileName}"`)
      .send(calendar.body);
  });
}
