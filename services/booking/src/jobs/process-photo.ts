import { z } from 'zod';
import { jobDefinition } from '@repo/service-kit';
import { checkPhoto, type PhotoContext } from '../use-cases/photos.ts';
import { quarantineSweepJob, quarantineSweepJobDefinition, type QuarantineContext } from './quarantine-sweep.ts';

export const processPhotoJob = 'process-photo';
const processPhotoPayload = z.object({ photoId: z.number().int().positive() });

/**
 * Booking's own job: check an uploaded photo (`checkPhoto`), scheduled in the transaction that marked it arrived, so
 * a photo is checked even when the service stops right after. Retried while the object store cannot be reached; a
 * photo already decided is left as it is. Beside it, the hourly quarantine sweep.
 */
export const bookingJobs = (photos: () => PhotoContext, quarantine: () => QuarantineContext) => ({
  [processPhotoJob]: jobDefinition({
    schema: processPhotoPayload,
    retryLimit: 10,
    run: async (_db, { photoId }) => {
      await checkPhoto(photos(), photoId);
    },
  }),
  [quarantineSweepJob]: quarantineSweepJobDefinition(quarantine),
});
