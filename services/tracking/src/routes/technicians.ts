import type { Kysely } from 'kysely';
import {
  apiErrorSchema,
  createTechnicianSchema,
  technicianIdParamsSchema,
  technicianListSchema,
  technicianSchema,
  updateLocationSchema,
  updateTechnicianSchema,
} from '@repo/contracts';
import type { ServiceApp } from '@repo/service-kit';
import type { TrackingDatabase } from '../db/schema.ts';
import type { LiveHub } from '../domain/live-hub.ts';
import { createTechnician, getTechnician, listTechnicians, updateLocation, updateTechnician } from '../domain/technicians.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

export async function technicianRoutes(app: ServiceApp, { db, hub }: { db: Kysely<TrackingDatabase>; hub: LiveHub }) {
  const staffOnly = app.requireRole('staff', 'admin');

  app.get('/api/technicians', { preHandler: staffOnly, schema: { tags: ['technicians'], response: { 200: technicianListSchema, ...errors } } },
    async () => listTechnicians(db));

  // A customer's tracking page shows their technician's card, so reading one technician needs only a session.
  app.get('/api/technicians/:id', { preHandler: app.authenticate, schema: { tags: ['technicians'], params: technicianIdParamsSchema, response: { 200: technicianSchema, ...errors } } },
    async (request) => getTechnician(db, request.params.id));

  app.post('/api/technicians', { preHandler: staffOnly, schema: { tags: ['technicians'], body: createTechnicianSchema, response: { 201: technicianSchema, ...errors } } },
    async (request, reply) => reply.code(201).send(await createTechnician(db, request.body)));

  app.put('/api/technicians/:id', { preHandler: staffOnly, schema: { tags: ['technicians'], params: technicianIdParamsSchema, body: updateTechnicianSchema, response: { 200: technicianSchema, ...errors } } },
    async (request) => updateTechnician(db, request.params.id, request.body));

  app.put('/api/technicians/:id/location', { preHandler: staffOnly, schema: { tags: ['technicians'], params: technicianIdParamsSchema, body: updateLocationSchema, response: { 200: technicianSchema, ...errors } } },
    async (request) => {
      const technician = await updateLocation(db, request.params.id, request.body);
      hub.publish({ type: 'location_update', technicianId: technician.id });
      return technician;
    });
}
