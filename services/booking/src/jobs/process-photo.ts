import { z } from 'zod';
import { jobDefinition, type JobDefinition } from '@repo/service-kit';
import { checkPhoto, type PhotoContext } from '../use-cases/photos.ts';

export const processPhotoJob = 'process-photo';
const processPhotoPayload = z.object({ photoId: z.number().int().positive() });
export type BookingJobs = { [processPhotoJob]: JobDefinition<typeof processPhotoPayload> };

/**
 * Booking's own job: check an uploaded photo (`checkPhoto`), scheduled in the transaction that marked it arrived, so
 * a photo is checked even when the service stops right after. Retried while the object store cannot be reached; a
 * photo already decided is left as it is.
 */
export const bookingJobs = (context: () => PhotoContext): BookingJobs => ({
  [processPhotoJob]: jobDefinition({
    schema: processPhotoPayload,
    retryLimit: 10,
    run: async (_db, { photoId }) => {
      await checkPhoto(context(), photoId);
    },
  }),
});
