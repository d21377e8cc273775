import { sql, type Kysely } from 'kysely';

/**
 * Street-level places, remembered visits and road ETAs:
 * - `appointment_snapshots.customer_precision` may also be `street` (the geocoder found the street address) or `visit`
 *   (where the technician stood on arriving there before); `address_key` is the normalized address the point belongs
 *   to (null on snapshots stored before this migration, until their next version arrives).
 * - `geocoded_addresses`: per normalized address, the street geocoder's answer (a `street` point, or no point: nothing
 *   found, asked again after a while) or a visit's true position (`visit`), so an address is asked about once.
 * - `road_estimates`: per job en route, the routing engine's last answer (road distance and driving time from where
 *   the technician was asked about), or a failed ask (both null), and when it was asked; it goes with its record.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('appointment_snapshots').dropConstraint('appointment_snapshots_customer_precision_check').execute();
  await db.schema
    .alterTable('appointment_snapshots')
    .addCheckConstraint('appointment_snapshots_customer_precision_check', sql`customer_precision in ('visit', 'street', 'zip', 'town')`)
    .execute();
  await db.schema.alterTable('appointment_snapshots').addColumn('address_key', 'text').execute();
  await db.schema.createIndex('appointment_snapshots_address_key').on('appointment_snapshots').column('address_key').execute();

  await db.schema
    .createTable('geocoded_addresses')
    .addColumn('address_key', 'text', (col) => col.primaryKey())
    .addColumn('lat', 'double precision')
    .addColumn('lng', 'double precision')
    .addColumn('precision', 'text', (col) => col.check(sql`precision in ('visit', 'street')`))
    .addColumn('located_at', 'timestamptz', (col) => col.notNull())
    .addCheckConstraint('geocoded_addresses_point', sql`(lat is null) = (lng is null) and (lat is null) = (precision is null)`)
    .execute();

  await db.schema
    .createTable('road_estimates')
    .addColumn('appointment_id', 'integer', (col) => col.primaryKey().references('tracking_records.appointment_id').onDelete('cascade'))
    .addColumn('from_lat', 'double precision', (col) => col.notNull())
    .addColumn('from_lng', 'double precision', (col) => col.notNull())
    .addColumn('to_lat', 'double precision', (col) => col.notNull())
    .addColumn('to_lng', 'double precision', (col) => col.notNull())
    .addColumn('distance_m', 'double precision')
    .addColumn('duration_s', 'double precision')
    .addColumn('asked_at', 'timestamptz', (col) => col.notNull())
    .addCheckConstraint('road_estimates_answer', sql`(distance_m is null) = (duration_s is null)`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('road_estimates').execute();
  await db.schema.dropTable('geocoded_addresses').execute();
  await db.schema.dropIndex('appointment_snapshots_address_key').execute();
  await db.schema.alterTable('appointment_snapshots').dropColumn('address_key').execute();
  // Points stored at street or visit precision cannot be told apart from a ZIP's centre any more: they are dropped.
  await sql`update appointment_snapshots set customer_lat = null, customer_lng = null, customer_precision = null where customer_precision in ('visit', 'street')`.execute(db);
  await db.schema.alterTable('appointment_snapshots').dropConstraint('appointment_snapshots_customer_precision_check').execute();
  await db.schema
    .alterTable('appointment_snapshots')
    .addCheckConstraint('appointment_snapshots_customer_precision_check', sql`customer_precision in ('zip', 'town')`)
    .execute();
}
