import { sql, type Kysely } from 'kysely';

/**
 * Tracking records and what feeds them:
 * - `technicians.version`: grows with every update of the row (a trigger, so no path can forget it); booking keeps the
 *   newest `technician.changed` snapshot by it.
 * - `appointment_snapshots`: the newest `appointment.dispatch` snapshot booking sent per appointment (its `version`
 *   decides: an older or repeated one changes nothing). Who owns the appointment and its slot come from here.
 * - `tracking_records`: one per appointment that has had a technician; kept when closed (`closed_at`, `close_reason`).
 *   `notifications` is the customer's list (type, message, timestamp), oldest first.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('technicians').addColumn('version', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await sql`
    create function bump_technician_version() returns trigger language plpgsql as $$
    begin
      new.version := old.version + 1;
      return new;
    end
    $$`.execute(db);
  await sql`create trigger technicians_version before update on technicians for each row execute function bump_technician_version()`.execute(db);

  await db.schema
    .createTable('appointment_snapshots')
    .addColumn('appointment_id', 'integer', (col) => col.primaryKey())
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('technician_id', 'text')
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('customer_id', 'integer')
    .addColumn('customer_name', 'text', (col) => col.notNull())
    .addColumn('phone', 'text', (col) => col.notNull())
    .addColumn('address', 'text', (col) => col.notNull())
    .addColumn('city', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('zip_code', 'text', (col) => col.notNull())
    .addColumn('service_type', 'text', (col) => col.notNull())
    .addColumn('appliance', 'text', (col) => col.notNull())
    .addColumn('brand', 'text', (col) => col.notNull())
    .addColumn('starts_at', 'timestamptz', (col) => col.notNull())
    .addColumn('ends_at', 'timestamptz', (col) => col.notNull())
    /** The business date (America/New_York) of the start, for the staff list of a day. */
    .addColumn('scheduled_date', 'date', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('appointment_snapshots_customer').on('appointment_snapshots').column('customer_id').execute();

  await db.schema
    .createTable('tracking_records')
    .addColumn('appointment_id', 'integer', (col) => col.primaryKey().references('appointment_snapshots.appointment_id'))
    .addColumn('technician_id', 'text', (col) => col.notNull().references('technicians.id'))
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('dispatched', 'en-route', 'arrived', 'in-progress', 'completed')`))
    .addColumn('actual_arrival', 'timestamptz')
    .addColumn('notifications', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('closed_at', 'timestamptz')
    .addColumn('close_reason', 'text', (col) => col.check(sql`close_reason in ('unassigned', 'cancelled')`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('tracking_records_closed', sql`(closed_at is null) = (close_reason is null)`)
    .execute();
  // Active records (neither closed nor completed), per technician: the technician's status and the staff list read them.
  await db.schema
    .createIndex('tracking_records_active')
    .on('tracking_records')
    .columns(['technician_id', 'status'])
    .where(sql.ref('closed_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('tracking_records').execute();
  await db.schema.dropTable('appointment_snapshots').execute();
  await sql`drop trigger technicians_version on technicians`.execute(db);
  await sql`drop function bump_technician_version`.execute(db);
  await db.schema.alterTable('technicians').dropColumn('version').execute();
}
