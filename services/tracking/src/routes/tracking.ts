import {
  technicianJobListSchema,
  technicianJobsPath,
  technicianJobsQuerySchema,
  trackingListQuerySchema,
  trackingListSchema,
  trackingParamsSchema,
  trackingRecordSchema,
  trackingStatusChangeSchema,
} from '@repo/contracts';
import { errorResponses, type ServiceApp } from '@repo/service-kit';
import { changeTrackingStatus } from '../use-cases/change-tracking-status.ts';
import type { TrackingContext } from '../use-cases/context.ts';
import { getTracking } from '../use-cases/get-tracking.ts';
import { listTechnicianJobs } from '../use-cases/list-technician-jobs.ts';
import { listTracking } from '../use-cases/list-tracking.ts';
import { callerOf, identifyCaller } from './caller.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 429, 503);

export async function trackingRoutes(app: ServiceApp, { ctx }: { ctx: TrackingContext }) {
  // Access is checked onRequest, before the body is read or validated, so a caller without access learns nothing from it.
  app.get('/api/tracking', {
    onRequest: app.authenticate,
    schema: {
      tags: ['tracking'],
      summary: 'Active tracking records, a page at a time: every one for staff, their own for a customer or a technician',
      querystring: trackingListQuerySchema,
      response: { 200: trackingListSchema, ...errors },
    },
  }, async (request) => listTracking(ctx, callerOf(request), request.query));

  // A static path: it wins over `/api/tracking/:appointmentId` (whose id accepts digits only) whatever the order.
  app.get(technicianJobsPath, {
    onRequest: app.authenticate,
    schema: {
      tags: ['tracking'],
      summary: "One technician's jobs on a business date (today by default): a technician's own, or any technician's for staff (technicianId)",
      querystring: technicianJobsQuerySchema,
      response: { 200: technicianJobListSchema, ...errors },
    },
  }, async (request) => listTechnicianJobs(ctx, callerOf(request), request.query));

  app.get('/api/tracking/:appointmentId', {
    onRequest: identifyCaller(app),
    schema: {
      tags: ['tracking'],
      summary: "One appointment's tracking record: for staff, its owner, its technician, or the holder of its link (X-Appointment-Access)",
      params: trackingParamsSchema,
      response: { 200: trackingRecordSchema, ...errors },
    },
  }, async (request) => getTracking(ctx, callerOf(request), request.params.appointmentId));

  app.put('/api/tracking/:appointmentId/status', {
    onRequest: app.requireRole('staff', 'admin', 'technician'),
    schema: {
      tags: ['tracking'],
      summary: 'Moves the job one step forward: dispatched, en-route, arrived, in-progress, completed (staff, or the technician of the job)',
      params: trackingParamsSchema,
      body: trackingStatusChangeSchema,
      response: { 200: trackingRecordSchema, ...errors },
    },
  }, async (request) => {
    const caller = callerOf(request);
    // A technician's session without a technician (never minted so) moves nothing: '' matches no record.
    const byTechnician = caller.staff ? undefined : (caller.technicianId ?? '');
    return changeTrackingStatus(ctx, request.params.appointmentId, request.body.status, byTechnician);
  });
}
