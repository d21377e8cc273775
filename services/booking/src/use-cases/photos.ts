import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { appointmentPhotoMessages, jobRecordMessages, officeActionMessages, photoLimits, type Photo, type PhotoUploadRequest, type PhotoUploadResponse } from '@repo/contracts';
import type { ObjectStore } from '@repo/object-store';
import { conflict, notFound, unauthorized, unavailable } from '@repo/service-kit';
import type { AppointmentPhotoRow, BookingDatabase, Trx } from '../db/schema.ts';
import type { PhotoAddresses } from '../domain/photo-addresses.ts';
import { processPhoto } from '../domain/photo-processing.ts';
import { findAppointment, findAppointmentForUpdate } from '../repositories/appointment-repository.ts';
import { countKeptPhotos, findAppointmentPhotos, findPhoto, findPhotoForUpdate, insertPhoto, updatePhoto } from '../repositories/photo-repository.ts';
import { findTechnician } from '../repositories/technician-repository.ts';
import { reachable, type JobRecordActor } from './job-record.ts';

/** What the photo use cases work with: the object store, the viewing addresses, and the job that checks an upload. */
export type PhotoContext = {
  db: Kysely<BookingDatabase>;
  now: () => Date;
  /** Undefined where no object store is configured: photos can then be listed but not taken (503). */
  store: ObjectStore | undefined;
  addresses: PhotoAddresses;
  /** Schedules the check of an arrived photo in the caller's transaction (the `process-photo` job). */
  scheduleCheck: (trx: Trx, photoId: number) => Promise<unknown>;
};

const photoNotFound = () => notFound(appointmentPhotoMessages.notFound);

function storeOf(ctx: PhotoContext): ObjectStore {
  if (!ctx.store) throw unavailable('Photos cannot be taken here: no object store is configured (OBJECT_STORE_URL).');
  return ctx.store;
}

function toPhoto(ctx: PhotoContext, row: AppointmentPhotoRow): Photo {
  return {
    id: row.id,
    appointmentId: row.appointment_id,
    kind: row.kind,
    state: row.state,
    rejectedReason: row.rejected_reason,
    width: row.width,
    height: row.height,
    url: row.state === 'ready' ? ctx.addresses.sign(row.appointment_id, row.id, ctx.now()) : null,
    takenBy: row.taken_by,
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * A photo about to be taken by the visit's technician or the office: its row (`uploading`) and the address the phone
 * uploads it to, in quarantine, for its announced type and exact size. A cancelled visit takes none (409); a visit
 * keeps at most `photoLimits.perAppointment` (409).
 */
export async function announcePhoto(ctx: PhotoContext, appointmentId: number, who: JobRecordActor, request: PhotoUploadRequest): Promise<PhotoUploadResponse> {
  const row = await ctx.db.transaction().execute(async (trx) => {
    const appointment = await findAppointmentForUpdate(trx, appointmentId);
    if (!reachable(appointment, who)) throw notFound(officeActionMessages.notFound);
    if (appointment.status === 'cancelled') throw conflict(jobRecordMessages.cancelled);
    if ((await countKeptPhotos(trx, appointmentId)) >= photoLimits.perAppointment) throw conflict(appointmentPhotoMessages.tooMany);
    const technician = who.staff || who.technicianId === null ? undefined : await findTechnician(trx, who.technicianId);
    return insertPhoto(trx, {
      appointment_id: appointmentId,
      kind: request.kind,
      upload_key: `quarantine/${appointmentId}/${randomUUID()}`,
      content_type: request.contentType,
      declared_bytes: request.contentLength,
      taken_by: technician?.name ?? who.actor,
    });
  });
  const upload = await storeOf(ctx).presignUpload(row.upload_key, { contentType: row.content_type, contentLength: row.declared_bytes }, photoLimits.uploadSeconds);
  return { photo: toPhoto(ctx, row), upload };
}

/**
 * The phone says the upload finished: the file must be in quarantine at its announced size (409 otherwise, and a
 * wrong file is removed). The check is scheduled in the same transaction; saying so again changes nothing.
 */
export async function photoUploaded(ctx: PhotoContext, appointmentId: number, photoId: number, who: JobRecordActor): Promise<Photo> {
  if (!reachable(await findAppointment(ctx.db, appointmentId), who)) throw notFound(officeActionMessages.notFound);
  const announced = await findPhoto(ctx.db, appointmentId, photoId);
  if (!announced) throw photoNotFound();
  if (announced.state !== 'uploading') return toPhoto(ctx, announced);
  const store = storeOf(ctx);
  const arrived = await store.head(announced.upload_key);
  if (!arrived) throw conflict(appointmentPhotoMessages.notArrived);
  if (arrived.size !== announced.declared_bytes) {
    await store.delete(announced.upload_key);
    throw conflict(appointmentPhotoMessages.wrongSize);
  }
  const row = await ctx.db.transaction().execute(async (trx) => {
    const current = await findPhotoForUpdate(trx, photoId);
    if (!current || current.state !== 'uploading') return current ?? announced;
    await ctx.scheduleCheck(trx, photoId);
    return updatePhoto(trx, photoId, { state: 'processing' });
  });
  return toPhoto(ctx, row);
}

/**
 * The `process-photo` job: reads the quarantined file, keeps it re-encoded without metadata under its own key, and
 * removes the quarantined one; a file that is not a photo is rejected with the reason. A job for a photo already
 * decided (a retry after the commit) does nothing. Store failures throw, so the job retries.
 */
export async function checkPhoto(ctx: PhotoContext, photoId: number): Promise<void> {
  const row = await ctx.db.selectFrom('appointment_photos').selectAll().where('id', '=', photoId).executeTakeFirst();
  if (!row || row.state !== 'processing') return;
  const store = storeOf(ctx);
  const file = await store.get(row.upload_key, photoLimits.maxBytes);
  const verdict = file ? await processPhoto(file) : { rejected: appointmentPhotoMessages.notArrived };
  if ('rejected' in verdict) {
    await updatePhoto(ctx.db, photoId, { state: 'rejected', rejected_reason: verdict.rejected, processed_at: ctx.now() });
  } else {
    const storedKey = `photos/${row.appointment_id}/${row.id}.jpg`;
    await store.put(storedKey, verdict.kept.image, 'image/jpeg');
    await updatePhoto(ctx.db, photoId, {
      state: 'ready', stored_key: storedKey, bytes: verdict.kept.image.length, width: verdict.kept.width, height: verdict.kept.height, processed_at: ctx.now(),
    });
  }
  await store.delete(row.upload_key);
}

/** The appointment's photos, each ready one with its short-lived viewing address. The caller's access is checked before. */
export async function listPhotos(ctx: PhotoContext, appointmentId: number): Promise<Photo[]> {
  return (await findAppointmentPhotos(ctx.db, appointmentId)).map((row) => toPhoto(ctx, row));
}

/** The visit's technician and the office list a visit's photos (another technician's job is a 404). */
export async function listPhotosFor(ctx: PhotoContext, appointmentId: number, who: JobRecordActor): Promise<Photo[]> {
  if (!reachable(await findAppointment(ctx.db, appointmentId), who)) throw notFound(officeActionMessages.notFound);
  return listPhotos(ctx, appointmentId);
}

/**
 * A ready photo's image by its signed address: a bad signature or another photo's is a 404, an expired address a 401
 * saying to reload. Read from the object store.
 */
export async function photoImage(ctx: PhotoContext, appointmentId: number, photoId: number, expires: number, signature: string): Promise<Buffer> {
  const verdict = ctx.addresses.check(appointmentId, photoId, expires, signature, ctx.now());
  if (verdict === 'bad') throw photoNotFound();
  if (verdict === 'expired') throw unauthorized(appointmentPhotoMessages.linkExpired);
  const row = await findPhoto(ctx.db, appointmentId, photoId);
  if (!row || row.state !== 'ready' || !row.stored_key) throw photoNotFound();
  const image = await storeOf(ctx).get(row.stored_key, photoLimits.maxBytes);
  if (!image) throw photoNotFound();
  return image;
}
