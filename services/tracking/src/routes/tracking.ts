import {
  dayRoutesPath,
  dayRoutesQuerySchema,
  dayRoutesSchema,
  technicianJobListSchema,
  technicianJobsPath,
  technicianJobsQuerySchema,
  trackingListQuerySchema,
  trackingListSchema,
  trackingParamsSchema,
  trackingRecordSchema,
  trackingStatusChangeSchema,
} from '@repo/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorResponses, forbidden, withRequirement, type ServiceApp } from '@repo/service-kit';
import { allowStartToday } from '../use-cases/allow-start-today.ts';
import { changeTrackingStatus } from '../use-cases/change-tracking-status.ts';
import { dayRoutes } from '../use-cases/day-routes.ts';
import type { TrackingContext } from '../use-cases/context.ts';
import { getTracking } from '../use-cases/get-tracking.ts';
import { listTechnicianJobs, technicianJobsMessages } from '../use-cases/list-technician-jobs.ts';
import { listTracking } from '../use-cases/list-tracking.ts';
import { callerOf, identifyCaller } from './caller.ts';

export async function trackingRoutes(app: ServiceApp, { ctx }: { ctx: TrackingContext }) {
  /** Staff, or a technician (who reads their own jobs only): 403 for a customer, before the query is read. */
  const staffOrTechnician = withRequirement(async (request: FastifyRequest, reply: FastifyReply) => {
    await app.authenticate.call(app, request, reply);
    if (request.session?.role === 'customer') throw forbidden(technicianJobsMessages.staffOrTechnician);
  }, { kind: 'required', roles: ['staff', 'admin', 'technician'] });

  // Access is checked onRequest, before the body is read or validated, so a caller without access learns nothing from it.
  app.get('/api/tracking', {
    onRequest: app.authenticate,
    schema: {
      tags: ['tracking'],
      summary: 'Active tracking records, a page at a time',
      description: 'Every one for staff; their own for a customer or a technician.',
      querystring: trackingListQuerySchema,
      response: { 200: trackingListSchema },
    },
  }, async (request) => listTracking(ctx, callerOf(request), request.query));

  // A static path, like the jobs below: it wins over `/api/tracking/:appointmentId`.
  app.get(dayRoutesPath, {
    onRequest: app.requireRole('staff', 'admin'),
    schema: {
      tags: ['tracking'],
      summary: "Each technician's visits of one day in order, with the legs between them and travel conflicts",
      description: 'For the dispatch board: where each visit is, the drive from the previous one, and a visit that cannot be reached within its window.',
      querystring: dayRoutesQuerySchema,
      response: { 200: dayRoutesSchema },
    },
  }, async (request) => dayRoutes(ctx, request.query.date));

  // A static path: it wins over `/api/tracking/:appointmentId` (whose id accepts digits only) whatever the order.
  app.get(technicianJobsPath, {
    onRequest: staffOrTechnician,
    schema: {
      tags: ['tracking'],
      summary: "One technician's jobs on a business date, today by default",
      description: "A technician reads their own (403 for another's); staff name the technician (technicianId), 404 when there is none.",
      querystring: technicianJobsQuerySchema,
      response: { 200: technicianJobListSchema, ...errorResponses(404) },
    },
  }, async (request) => listTechnicianJobs(ctx, callerOf(request), request.query));

  app.get('/api/tracking/:appointmentId', {
    onRequest: identifyCaller(app),
    schema: {
      tags: ['tracking'],
      summary: "One appointment's tracking record",
      description:
        'For staff, its owner, its technician, or the holder of its link (X-Appointment-Access). Anyone else gets 404, as ' +
        'for a missing one; a lapsed or forged link is a 401.',
      params: trackingParamsSchema,
      response: { 200: trackingRecordSchema, ...errorResponses(404) },
    },
  }, async (request) => getTracking(ctx, callerOf(request), request.params.appointmentId));

  app.post('/api/tracking/:appointmentId/allow-today', {
    onRequest: app.requireRole('staff', 'admin'),
    schema: {
      tags: ['tracking'],
      summary: "Let the job's technician move it today, though the visit is dated another day",
      description: 'Staff. 409 for a visit of today (nothing to allow), a completed job or a closed record.',
      params: trackingParamsSchema,
      response: { 200: trackingRecordSchema, ...errorResponses(404, 409) },
    },
  }, async (request) => allowStartToday(ctx, request.params.appointmentId, request.session?.email ?? request.session?.sub ?? 'the office'));

  app.put('/api/tracking/:appointmentId/status', {
    onRequest: app.requireRole('staff', 'admin', 'technician'),
    schema: {
      tags: ['tracking'],
      summary: 'Move a job one step forward: dispatched, en-route, arrived, in-progress, completed',
      description: "Staff, or the job's technician (another's job is a 404, as a missing one). Any other step is a 409 naming the next.",
      params: trackingParamsSchema,
      body: trackingStatusChangeSchema,
      response: { 200: trackingRecordSchema, ...errorResponses(404, 409) },
    },
  }, async (request) => {
    const caller = callerOf(request);
    // A technician's session without a technician (never minted so) moves nothing: '' matches no record.
    const byTechnician = caller.staff ? undefined : (caller.technicianId ?? '');
    return changeTrackingStatus(ctx, request.params.appointmentId, request.body.status, byTechnician);
  });
}
