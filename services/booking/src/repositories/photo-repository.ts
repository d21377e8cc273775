import type { Insertable, Updateable } from 'kysely';
import type { AppointmentPhotosTable, Db, Trx } from '../db/schema.ts';

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
