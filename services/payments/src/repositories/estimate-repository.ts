import type { Insertable, Updateable } from 'kysely';
import type { Db, EstimateLinesTable, EstimatesTable, Trx } from '../db/schema.ts';

export const insertEstimate = (db: Db, values: Insertable<EstimatesTable>) => db.insertInto('estimates').values(values).returningAll().executeTakeFirstOrThrow();

export const findEstimate = (db: Db, id: number) => db.selectFrom('estimates').selectAll().where('id', '=', id).executeTakeFirst();

/** Locks the estimate until the transaction ends: edits, decisions and making its invoice take turns. */
export const findEstimateForUpdate = (trx: Trx, id: number) => trx.selectFrom('estimates').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export const updateEstimate = (db: Db, id: number, values: Updateable<EstimatesTable>) =>
  db.updateTable('estimates').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();

/** A visit's estimates, newest version first, with the number of the invoice each became. */
export const findAppointmentEstimates = (db: Db, appointmentId: number) =>
  db
    .selectFrom('estimates')
    .leftJoin('invoices', 'invoices.id', 'estimates.invoice_id')
    .selectAll('estimates')
    .select('invoices.number as invoice_number')
    .where('estimates.appointment_id', '=', appointmentId)
    .orderBy('estimates.version', 'desc')
    .execute();

/** The draft or presented estimate of a visit, if one is open; locked, so two starts cannot both make one. */
export const findOpenEstimateForUpdate = (trx: Trx, appointmentId: number) =>
  trx.selectFrom('estimates').selectAll().where('appointment_id', '=', appointmentId).where('status', 'in', ['draft', 'sent']).forUpdate().executeTakeFirst();

/** The newest approved estimate of a visit that has not become an invoice yet, locked. */
export const findApprovedUninvoicedForUpdate = (trx: Trx, appointmentId: number) =>
  trx
    .selectFrom('estimates')
    .selectAll()
    .where('appointment_id', '=', appointmentId)
    .where('status', '=', 'approved')
    .where('invoice_id', 'is', null)
    .orderBy('version', 'desc')
    .forUpdate()
    .executeTakeFirst();

export async function nextEstimateVersion(db: Db, appointmentId: number): Promise<number> {
  const row = await db.selectFrom('estimates').select((eb) => eb.fn.max('version').as('latest')).where('appointment_id', '=', appointmentId).executeTakeFirst();
  return Number(row?.latest ?? 0) + 1;
}

export const findEstimateLines = (db: Db, estimateId: number) =>
  db.selectFrom('estimate_lines').selectAll().where('estimate_id', '=', estimateId).orderBy('position').execute();

export async function replaceEstimateLines(db: Db, estimateId: number, lines: Omit<Insertable<EstimateLinesTable>, 'estimate_id' | 'position'>[]): Promise<void> {
  await db.deleteFrom('estimate_lines').where('estimate_id', '=', estimateId).execute();
  if (lines.length === 0) return;
  await db.insertInto('estimate_lines').values(lines.map((line, position) => ({ ...line, estimate_id: estimateId, position }))).execute();
}
