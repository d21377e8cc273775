import type { Insertable } from 'kysely';
import type { AppointmentCopiesTable, Db } from '../db/schema.ts';
import { copyIdentity } from '../domain/visit-identity.ts';

/** Where every visit the customer imported came from (their appointments' and the later copies'), as `copyIdentity` strings. */
export async function knownImportIdentities(db: Db, customerId: number): Promise<Set<string>> {
  const originals = await db
    .selectFrom('appointments')
    .select(['import_key', 'source_system', 'external_id'])
    .where('customer_id', '=', customerId)
    .where((eb) => eb.or([eb('import_key', 'is not', null), eb('source_system', 'is not', null)]))
    .execute();
  const copies = await db.selectFrom('appointment_copies').select(['import_key', 'source_system', 'external_id']).where('customer_id', '=', customerId).execute();
  return new Set([...originals, ...copies].map(copyIdentity));
}

/** The customer's appointments on these days, with what `visitKey` reads. */
export const customerVisitsOn = (db: Db, customerId: number, dates: readonly string[]) =>
  dates.length === 0
    ? Promise.resolve([])
    : db.selectFrom('appointments').select(['id', 'appointment_date', 'appliance', 'address', 'zip_code']).where('customer_id', '=', customerId).where('appointment_date', 'in', dates).orderBy('id').execute();

/** Records later copies of visits; one already recorded is left as it is. Returns how many were new. */
export async function insertAppointmentCopies(db: Db, copies: Insertable<AppointmentCopiesTable>[]): Promise<number> {
  if (copies.length === 0) return 0;
  const inserted = await db.insertInto('appointment_copies').values(copies).onConflict((oc) => oc.doNothing()).returning('id').execute();
  return inserted.length;
}

