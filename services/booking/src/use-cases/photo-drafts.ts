import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { photoDraftMessages, photoLimits, type BookingPhoto, type PhotoDraftRequest, type PhotoDraftResponse } from '@repo/contracts';
import { badRequest, unavailable } from '@repo/service-kit';
import type { Trx } from '../db/schema.ts';
import { findPhotoDraftForUpdate, insertPhoto, insertPhotoDraft, removePhotoDraft } from '../repositories/photo-repository.ts';
import type { PhotoContext } from './photos.ts';

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

function sameHash(stored: string, token: string): boolean {
  const expected = Buffer.from(stored, 'hex');
  const given = Buffer.from(tokenHash(token), 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * A photo a visitor adds in the booking wizard, before there is an appointment: a draft with a token of its own (only
 * its hash is kept, so the token is shown once) and an address to upload the file to, in quarantine, for its announced
 * type and exact size. The address is signed before the row is written, so a store that cannot be reached leaves
 * nothing behind (503, and the wizard books without photos).
 */
export async function grantPhotoDraft(ctx: PhotoContext, request: PhotoDraftRequest): Promise<PhotoDraftResponse> {
  if (!ctx.store) throw unavailable(photoDraftMessages.unavailable);
  const id = randomUUID();
  const token = randomBytes(32).toString('base64url');
  const uploadKey = `quarantine/drafts/${id}`;
  let upload: PhotoDraftResponse['upload'];
  try {
    upload = await ctx.store.presignUpload(uploadKey, { contentType: request.contentType, contentLength: request.contentLength }, photoLimits.uploadSeconds);
  } catch {
    throw unavailable(photoDraftMessages.unavailable);
  }
  await insertPhotoDraft(ctx.db, {
    id,
    token_hash: tokenHash(token),
    kind: request.kind,
    upload_key: uploadKey,
    content_type: request.contentType,
    declared_bytes: request.contentLength,
    created_at: ctx.now(),
  });
  return { draft: { id, token, kind: request.kind }, upload };
}

/**
 * The booking's drafts become the new appointment's photos, in the booking's transaction: each named draft must exist
 * with its own token (a draft's token opens no other draft, and a claimed draft is gone, so it cannot be used twice;
 * 400 otherwise, and nothing is booked). Each photo is checked as a visit photo is (the `process-photo` job, scheduled
 * here), without asking the store now: a store that is down delays the check, never the booking.
 */
export async function attachPhotoDrafts(trx: Trx, scheduleCheck: PhotoContext['scheduleCheck'], appointmentId: number, photos: readonly BookingPhoto[]): Promise<void> {
  for (const named of photos) {
    const draft = await findPhotoDraftForUpdate(trx, named.id);
    if (!draft || !sameHash(draft.token_hash, named.token)) throw badRequest(photoDraftMessages.invalid, { photos: photoDraftMessages.invalid });
    await removePhotoDraft(trx, draft.id);
    const photo = await insertPhoto(trx, {
      appointment_id: appointmentId,
      kind: draft.kind,
      state: 'processing',
      upload_key: draft.upload_key,
      content_type: draft.content_type,
      declared_bytes: draft.declared_bytes,
      taken_by: 'customer',
    });
    await scheduleCheck(trx, photo.id);
  }
}
