import { closedDaysPath, closedDaysSchema, closureDateParamsSchema, closureListSchema, closureSchema, closuresPath, createClosureSchema } from '@repo/contracts';
import { errorResponses, type ServiceApp } from '@repo/service-kit';
import { z } from 'zod';
import type { BookingContext } from '../use-cases/context.ts';
import { addClosure, listClosedDays, listClosures, removeClosure } from '../use-cases/manage-closures.ts';
import { staffActor } from './staff-actor.ts';

export async function closureRoutes(app: ServiceApp, { ctx }: { ctx: BookingContext }) {
  // Access is checked onRequest, before the body is read or validated, so a caller without access learns nothing from it.
  const staffOnly = app.requireRole('staff', 'admin');

  app.get(closedDaysPath, {
    schema: {
      tags: ['closures'],
      summary: 'The bookable days the business is closed all day, for the booking calendar',
      description: 'Public. Each with its reason (or null), in date order. Days with reduced hours are not listed: their open windows are offered.',
      response: { 200: closedDaysSchema },
    },
  }, async () => listClosedDays(ctx));

  app.get(closuresPath, {
    onRequest: staffOnly,
    schema: {
      tags: ['closures'],
      summary: "Today's and later closures (closed days and reduced hours), in date order",
      description: 'Each with the visits of its day still booked outside what stays open; and the windows a normal day offers.',
      response: { 200: closureListSchema },
    },
  }, async () => listClosures(ctx));

  app.post(closuresPath, {
    onRequest: staffOnly,
    schema: {
      tags: ['closures'],
      summary: 'Close a day, or keep reduced hours on it (the arrival windows that stay open)',
      description:
        'From today on, one closure a day (409 for a second). Availability stops offering what it closes at once; booking ' +
        'and every move into it answer 409. Visits already booked keep their place and are counted in `visitsToMove`.',
      body: createClosureSchema,
      response: { 201: closureSchema, ...errorResponses(409) },
    },
  }, async (request, reply) => reply.code(201).send(await addClosure(ctx, { ...request.body, actor: staffActor(request.session) })));

  app.delete(`${closuresPath}/:date`, {
    onRequest: staffOnly,
    schema: {
      tags: ['closures'],
      summary: "Remove a day's closure: its normal arrival windows are offered again",
      params: closureDateParamsSchema,
      response: { 204: z.null(), ...errorResponses(404) },
    },
  }, async (request, reply) => {
    await removeClosure(ctx, request.params.date);
    return reply.code(204).send(null);
  });
}
