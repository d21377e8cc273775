import { sql, type Kysely } from 'kysely';

/**
 * Where the customer is and where the technician went:
 * - `appointment_snapshots.customer_lat/lng/precision`: the appointment's address geocoded when its snapshot arrives
 *   (null when the geocoder cannot place it); `precision` says whether the point is a ZIP's or a town's centre.
 * - `tracking_route_points`: the positions of a job's trip, appended while it is en route, oldest first (by `id`);
 *   bounded per record by the code that appends them. They go with their record.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('appointment_snapshots')
    .addColumn('customer_lat', 'double precision')
    .addColumn('customer_lng', 'double precision')
    .addColumn('customer_precision', 'text', (col) => col.check(sql`customer_precision in ('zip', 'town')`))
    .execute();
  await db.schema
    .alterTable('appointment_snapshots')
    .addCheckConstraint('appointment_snapshots_customer_point', sql`(customer_lat is null) = (customer_lng is null) and (customer_lat is null) = (customer_precision is null)`)
    .execute();

  await db.schema
    .createTable('tracking_route_points')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('appointment_id', 'integer', (col) => col.notNull().references('tracking_records.appointment_id').onDelete('cascade'))
    .addColumn('lat', 'double precision', (col) => col.notNull())
    .addColumn('lng', 'double precision', (col) => col.notNull())
    .addColumn('recorded_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('tracking_route_points_trip').on('tracking_route_points').columns(['appointment_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('tracking_route_points').execute();
  await db.schema.alterTable('appointment_snapshots').dropConstraint('appointment_snapshots_customer_point').execute();
  await db.schema.alterTable('appointment_snapshots').dropColumn('customer_lat').dropColumn('customer_lng').dropColumn('customer_precision').execute();
}
