import {
  createTechnicianSchema,
  setTechnicianActiveSchema,
  staffTechnicianSchema,
  technicianIdParamsSchema,
  technicianListSchema,
  technicianQuerySchema,
  technicianSchema,
  technicianViewSchema,
  updateLocationSchema,
  updateTechnicianScheduleSchema,
  updateTechnicianSchema,
} from '@repo/contracts';
import { errorResponses, forbidden, withRequirement, type ServiceApp } from '@repo/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TrackingContext } from '../use-cases/context.ts';
import { createTechnician } from '../use-cases/create-technician.ts';
import { getTechnician } from '../use-cases/get-technician.ts';
import { listTechnicians } from '../use-cases/list-technicians.ts';
import { moveTechnician } from '../use-cases/move-technician.ts';
import { setTechnicianActive } from '../use-cases/set-technician-active.ts';
import { setTechnicianSchedule } from '../use-cases/set-technician-schedule.ts';
import { updateTechnician } from '../use-cases/update-technician.ts';
import { callerOf, identifyCaller } from './caller.ts';

const ownLocationOnly = 'You can only update your own location.';

export async function technicianRoutes(app: ServiceApp, { ctx }: { ctx: TrackingContext }) {
  const staffOnly = app.requireRole('staff', 'admin');
  const staffOrTechnician = app.requireRole('staff', 'admin', 'technician');
  /** Staff, or the technician whose id is in the path (their phone reports their position): 403 for anyone else. */
  const staffOrSelf = withRequirement(async (request: FastifyRequest, reply: FastifyReply) => {
    await staffOrTechnician.call(app, request, reply);
    const session = request.session;
    // onRequest runs before validation: the path's id is still the raw string the router matched.
    const { id } = request.params as { id?: string };
    if (session?.role === 'technician' && (!session.technicianId || session.technicianId !== id)) throw forbidden(ownLocationOnly);
  }, { kind: 'required', roles: ['staff', 'admin', 'technician'] });
  // Access is checked onRequest, before the body is read or validated, so a caller without access learns nothing from it.

  app.get('/api/technicians', {
    onRequest: staffOnly,
    schema: { tags: ['technicians'], summary: 'Every technician with their status, vehicle and last position', response: { 200: technicianListSchema } },
  }, async () => listTechnicians(ctx));

  // A customer's tracking page shows their technician's card: staff read any technician, a technician themselves, a
  // customer or the holder of an appointment's link only the one assigned to that appointment (`?appointment=<id>`, or
  // their open job).
  app.get('/api/technicians/:id', {
    onRequest: identifyCaller(app),
    schema: {
      tags: ['technicians'],
      summary: 'One technician: any for staff, themselves for a technician, their own for a customer',
      description:
        "A customer, or the holder of an appointment's link (X-Appointment-Access), reads only the technician assigned to " +
        'that appointment (`appointment`, or their open job); anyone else gets 404, as for a missing one.',
      params: technicianIdParamsSchema,
      querystring: technicianQuerySchema,
      response: { 200: technicianViewSchema, ...errorResponses(404) },
    },
  }, async (request) => getTechnician(ctx, callerOf(request), request.params.id, request.query.appointment));

  app.post('/api/technicians', {
    onRequest: staffOnly,
    schema: { tags: ['technicians'], summary: 'Add a technician', body: createTechnicianSchema, response: { 201: technicianSchema } },
  }, async (request, reply) => reply.code(201).send(await createTechnician(ctx, request.body)));

  app.put('/api/technicians/:id', {
    onRequest: staffOnly,
    schema: {
      tags: ['technicians'],
      summary: "Change a technician's details or status",
      params: technicianIdParamsSchema,
      body: updateTechnicianSchema,
      response: { 200: technicianSchema, ...errorResponses(404) },
    },
  }, async (request) => updateTechnician(ctx, request.params.id, request.body));

  app.put('/api/technicians/:id/active', {
    onRequest: staffOnly,
    schema: {
      tags: ['technicians'],
      summary: 'Deactivate or reactivate a technician',
      description:
        'A deactivated technician keeps their history and jobs, goes offline, is offered no new jobs (booking refuses ' +
        'them) and cannot sign in (accounts ends their sessions); both learn it through the outbox.',
      params: technicianIdParamsSchema,
      body: setTechnicianActiveSchema,
      response: { 200: technicianSchema, ...errorResponses(404) },
    },
  }, async (request) => setTechnicianActive(ctx, request.params.id, request.body.active));

  app.put('/api/technicians/:id/schedule', {
    onRequest: staffOnly,
    schema: {
      tags: ['technicians'],
      summary: "Set a technician's working hours per weekday and days off",
      description:
        'The whole schedule at once: a weekday not listed is not worked. The dispatch board warns before giving the ' +
        'technician a visit outside it; the technician list answers it to staff.',
      params: technicianIdParamsSchema,
      body: updateTechnicianScheduleSchema,
      response: { 200: staffTechnicianSchema, ...errorResponses(404) },
    },
  }, async (request) => setTechnicianSchedule(ctx, request.params.id, request.body));

  app.put('/api/technicians/:id/location', {
    onRequest: staffOrSelf,
    schema: {
      tags: ['technicians'],
      summary: "Report a technician's position: staff for anyone, a technician for themselves",
      params: technicianIdParamsSchema,
      body: updateLocationSchema,
      response: { 200: technicianSchema, ...errorResponses(404) },
    },
  }, async (request) => moveTechnician(ctx, request.params.id, request.body));
}
