import type { Insertable, Updateable } from 'kysely';
import type { AppointmentPhotosTable, Db, PhotoDraftsTable, Trx } from '../db/schema.ts';

export const insertPhoto = (trx: Trx, values: Insertable<AppointmentPhotosTable>) =>
  trx.insertInto('appointment_photos').values(values).returningAll().executeTakeFirstOrThrow();

/** The photos of one appointment in the order they were taken. */
export const findAppointmentPhotos = (db: Db, appointmentId: number) =>
  db.selectFrom('appointment_photos').selectAll().where('appointment_id', '=', appointmentId).orderBy('id').execute();

/** Photos an appointment holds or is still receiving (a rejected one no longer counts). */
export async function countKeptPhotos(trx: Trx, appointmentId: number): Promise<number> {
  const row = await trx.selectFrom('appointment_photos').select((eb) => eb.fn.countAll<string>().as('count'))
    .where('appointment_id', '=', appointmentId).where('state', '<>', 'rejected').executeTakeFirstOrThrow();
  return Number(row.count);
}

export const findPhoto = (db: Db, appointmentId: number, photoId: number) =>
  db.selectFrom('appointment_photos').selectAll().where('appointment_id', '=', appointmentId).where('id', '=', photoId).executeTakeFirst();

export const findPhotoForUpdate = (trx: Trx, photoId: number) =>
  trx.selectFrom('appointment_photos').selectAll().where('id', '=', photoId).forUpdate().executeTakeFirst();

export const updatePhoto = (db: Db, photoId: number, values: Updateable<AppointmentPhotosTable>) =>
  db.updateTable('appointment_photos').set(values).where('id', '=', photoId).returningAll().executeTakeFirstOrThrow();

export const insertPhotoDraft = (db: Db, values: Insertable<PhotoDraftsTable>) => db.insertInto('photo_drafts').values(values).execute();

/** A draft, held for the caller's transaction (the booking claiming it, or the sweep removing it). */
export const findPhotoDraftForUpdate = (trx: Trx, id: string) => trx.selectFrom('photo_drafts').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

/** Quarantined uploads older than `before` that nothing claimed: drafts no booking named, and visit photos never said uploaded. */
export async function findUnclaimedUploads(db: Db, before: Date, limit: number) {
  const drafts = await db.selectFrom('photo_drafts').select(['id', 'upload_key']).where('created_at', '<', before).orderBy('created_at').limit(limit).execute();
  const photos = await db.selectFrom('appointment_photos').select(['id', 'upload_key'])
    .where('state', '=', 'uploading').where('created_at', '<', before).orderBy('created_at').limit(limit).execute();
  return { drafts, photos };
}

/** Removes a draft (claimed by a booking, or swept); false when it was gone already. */
export async function removePhotoDraft(trx: Trx, id: string): Promise<boolean> {
  return (await trx.deleteFrom('photo_drafts').where('id', '=', id).executeTakeFirst()).numDeletedRows > 0n;
}

/** Removes a visit photo still waiting for its upload; false when it arrived (or was removed) meanwhile. */
export async function removeUnconfirmedPhoto(trx: Trx, id: number): Promise<boolean> {
  return (await trx.deleteFrom('appointment_photos').where('id', '=', id).where('state', '=', 'uploading').executeTakeFirst()).numDeletedRows > 0n;
}
