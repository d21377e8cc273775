import type { Insertable } from 'kysely';
import type { AppointmentsTable, Db } from '../db/schema.ts';

export const findAppointment = (db: Db, id: number) => db.selectFrom('appointments').selectAll().where('id', '=', id).executeTakeFirst();

/** Stores booking's snapshot unless a newer (or the same) version is already here: repeats and late arrivals change nothing. */
export async function upsertAppointmentIfNewer(db: Db, values: Insertable<AppointmentsTable>): Promise<void> {
  await db
    .insertInto('appointments')
    .values(values)
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet((eb) => ({
          version: eb.ref('excluded.version'),
          customer_id: eb.ref('excluded.customer_id'),
          customer_name: eb.ref('excluded.customer_name'),
          email: eb.ref('excluded.email'),
          phone: eb.ref('excluded.phone'),
          address: eb.ref('excluded.address'),
          city: eb.ref('excluded.city'),
          state: eb.ref('excluded.state'),
          zip_code: eb.ref('excluded.zip_code'),
          service_type: eb.ref('excluded.service_type'),
          appliance: eb.ref('excluded.appliance'),
          brand: eb.ref('excluded.brand'),
          status: eb.ref('excluded.status'),
          confirmation_code: eb.ref('excluded.confirmation_code'),
          starts_at: eb.ref('excluded.starts_at'),
          ends_at: eb.ref('excluded.ends_at'),
          technician_id: eb.ref('excluded.technician_id'),
        }))
        .where('appointments.version', '<', (eb) => eb.ref('excluded.version')),
    )
    .execute();
}
