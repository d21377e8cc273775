import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('service_requests')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('customer_id', 'integer')
    .addColumn('first_name', 'text', (col) => col.notNull())
    .addColumn('last_name', 'text', (col) => col.notNull())
    .addColumn('phone', 'text', (col) => col.notNull())
    .addColumn('email', 'text')
    .addColumn('appliance_type', 'text', (col) => col.notNull())
    .addColumn('brand', 'text')
    .addColumn('problem_description', 'text', (col) => col.notNull())
    .addColumn('is_emergency', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending'))
    .addColumn('technician_notes', 'text')
    .addColumn('completed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('service_requests_customer_idx').on('service_requests').column('customer_id').execute();

  await db.schema
    .createTable('appointments')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('customer_id', 'integer')
    .addColumn('service_request_id', 'integer', (col) => col.references('service_requests.id').onDelete('set null'))
    .addColumn('customer_name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('phone', 'text', (col) => col.notNull())
    .addColumn('address', 'text', (col) => col.notNull())
    .addColumn('city', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('zip_code', 'text', (col) => col.notNull())
    .addColumn('appointment_date', 'date', (col) => col.notNull())
    .addColumn('time_slot', 'text', (col) => col.notNull())
    .addColumn('service_type', 'text', (col) => col.notNull())
    .addColumn('appliance', 'text', (col) => col.notNull())
    .addColumn('brand', 'text', (col) => col.notNull())
    .addColumn('description', 'text')
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('scheduled'))
    .addColumn('technician_id', 'text')
    .addColumn('technician_notes', 'text')
    .addColumn('total_cost', 'text')
    .addColumn('confirmation_code', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('appointments_date_idx').on('appointments').columns(['appointment_date', 'time_slot']).execute();
  await db.schema.createIndex('appointments_customer_idx').on('appointments').column('customer_id').execute();

  await db.schema
    .createTable('slot_bookings')
    .addColumn('appointment_date', 'date', (col) => col.notNull())
    .addColumn('time_slot', 'text', (col) => col.notNull())
    .addColumn('booked', 'integer', (col) => col.notNull().check(sql`booked >= 0`))
    .addPrimaryKeyConstraint('slot_bookings_pk', ['appointment_date', 'time_slot'])
    .execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('request_hash', 'text', (col) => col.notNull())
    .addColumn('appointment_id', 'integer', (col) => col.notNull().references('appointments.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['idempotency_keys', 'slot_bookings', 'appointments', 'service_requests']) {
    await db.schema.dropTable(table).execute();
  }
}
