import { z } from 'zod';
import { appointmentPathParamsSchema, photoDraftPath, photoDraftRequestSchema, photoDraftResponseSchema, photoListSchema, photoSchema, photoUploadRequestSchema, photoUploadResponseSchema } from '@repo/contracts';
import { errorResponses, type ServiceApp } from '@repo/service-kit';
import { grantPhotoDraft } from '../use-cases/photo-drafts.ts';
import { announcePhoto, listPhotosFor, photoImage, photoUploaded, type PhotoContext } from '../use-cases/photos.ts';
import { jobRecordActor } from './staff-actor.ts';

const photoParamsSchema = appointmentPathParamsSchema.extend({
  photoId: z.coerce.number({ error: 'Photo id must be a positive whole number' }).int('Photo id must be a positive whole number').min(1, 'Photo id must be a positive whole number').max(2_147_483_647, 'Photo id must be a positive whole number'),
});
const imageQuerySchema = z.object({
  expires: z.coerce.number({ error: 'expires must be a time in seconds' }).int('expires must be a time in seconds').min(0, 'expires must be a time in seconds'),
  signature: z.string({ error: 'signature is required' }).regex(/^[A-Za-z0-9_-]{43}$/, 'signature is not valid'),
});

/**
 * An appointment's photos, as its technician and the office take and see them: announce one (the answer says where
 * to upload it, straight to the object store), say it arrived (booking checks it in a job), list them. Each ready
 * photo's image is served at a signed, short-lived address that needs no session, so a page shows it in an `<img>`.
 */
export async function photoRoutes(app: ServiceApp, { photos, draftRateLimitMax }: { photos: PhotoContext; draftRateLimitMax: number }) {
  const tags = ['photos'];
  const worksOnIt = app.requireRole('technician', 'staff', 'admin');

  // The booking wizard's photos: open to visitors (there is no appointment or account yet), limited per client.
  app.post(photoDraftPath, {
    config: { rateLimit: { max: draftRateLimitMax, timeWindow: '1 hour' } },
    schema: {
      tags,
      summary: 'Get an upload slot for a photo to bring to a booking',
      description:
        'For the booking wizard (rating plate or the problem; JPEG, PNG or WebP up to 10 MB): answers a draft id, its token and the address to ' +
        'PUT the file to. The booking request names the drafts with their tokens (`photos`); a draft no booking claims is seen by no one and ' +
        'removed after PHOTO_QUARANTINE_HOURS. 503 when photos cannot be taken (the booking goes ahead without them).',
      body: photoDraftRequestSchema,
      response: { 201: photoDraftResponseSchema, ...errorResponses(429, 503) },
    },
  }, async (request, reply) => reply.code(201).send(await grantPhotoDraft(photos, request.body)));

  app.post('/api/appointments/:id/photos', {
    onRequest: worksOnIt,
    schema: {
      tags,
      summary: 'Announce a photo and get the address to upload it to',
      description: 'JPEG, PNG or WebP up to 10 MB, uploaded with PUT and exactly the headers answered, before the address expires.',
      params: appointmentPathParamsSchema,
      body: photoUploadRequestSchema,
      response: { 201: photoUploadResponseSchema, ...errorResponses(404, 409) },
    },
  }, async (request, reply) => reply.code(201).send(await announcePhoto(photos, request.params.id, jobRecordActor(request), request.body)));

  app.post('/api/appointments/:id/photos/:photoId/uploaded', {
    onRequest: worksOnIt,
    schema: {
      tags,
      summary: 'Say an announced photo was uploaded, so it is checked',
      params: photoParamsSchema,
      body: z.object({}).strict().nullish(),
      response: { 200: photoSchema, ...errorResponses(404, 409) },
    },
  }, async (request) => photoUploaded(photos, request.params.id, request.params.photoId, jobRecordActor(request)));

  app.get('/api/appointments/:id/photos', {
    onRequest: worksOnIt,
    schema: { tags, summary: "The visit's photos, each ready one with its viewing address", params: appointmentPathParamsSchema, response: { 200: photoListSchema, ...errorResponses(404) } },
  }, async (request) => listPhotosFor(photos, request.params.id, jobRecordActor(request)));

  app.get('/api/appointments/:id/photos/:photoId/image', {
    schema: {
      tags,
      summary: 'A ready photo, by its signed address',
      description: 'The address comes with the photo list and works for five minutes; after that it is a 401.',
      params: photoParamsSchema,
      querystring: imageQuerySchema,
      response: { 200: z.any().describe('The photo (image/jpeg)'), ...errorResponses(401, 404) },
    },
  }, async (request, reply) => {
    const image = await photoImage(photos, request.params.id, request.params.photoId, request.query.expires, request.query.signature);
    return reply.type('image/jpeg').header('cache-control', 'private, max-age=300').header('x-content-type-options', 'nosniff').send(image);
  });
}
