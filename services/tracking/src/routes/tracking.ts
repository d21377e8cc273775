import {
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
import { listTracking } from '../use-cases/list-tracking.ts';
import { callerOf, identifyCaller } from './caller.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 429, 503);
const security: Record<string, string[]>[] = [{ bearer: [] }, { cookie: [] }];

export async function trackingRoutes(app: ServiceApp, { ctx }: { ctx: TrackingContext }) {
  // Access is checked onRequest, before the body is read or validated, so a caller without access learns nothing from it.
  app.get('/api/tracking', {
    onRequest: app.authenticate,
    schema: {
      tags: ['tracking'],
      summary: 'Active tracking records, a page at a time: every one for staff, their own for a customer',
      security,
      querystring: trackingListQuerySchema,
      response: { 200: trackingListSchema, ...errors },
    },
  }, async (request) => listTracking(ctx, callerOf(request), request.query));

  app.get('/api/tracking/:appointmentId', {
    onRequest: identifyCaller(app),
    schema: {
      tags: ['tracking'],
      summary: "One appointment's tracking record: for staff, its owner, or the holder of its link (X-Appointment-Access)",
      security,
      params: trackingParamsSchema,
      response: { 200: trackingRecordSchema, ...errors },
    },
  }, async (request) => getTracking(ctx, callerOf(request), request.params.appointmentId));

  app.put('/api/tracking/:appointmentId/status', {
    onRequest: app.requireRole('staff', 'admin'),
    schema: {
      tags: ['tracking'],
      summary: 'Moves the job one step forward: dispatched, en-route, arrived, in-progress, completed',
      security,
      params: trackingParamsSchema,
      body: trackingStatusChangeSchema,
      response: { 200: trackingRecordSchema, ...errors },
    },
  }, async (request) => changeTrackingStatus(ctx, request.params.appointmentId, request.body.status));
}
