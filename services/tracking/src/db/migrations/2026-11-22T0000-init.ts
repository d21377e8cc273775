import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('technicians')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('phone', 'text', (col) => col.notNull())
    .addColumn('avatar', 'text')
    .addColumn('vehicle_info', 'text')
    .addColumn('specialties', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('rating', sql`numeric(2,1)`, (col) => col.notNull().defaultTo(5).check(sql`rating between 0 and 5`))
    .addColumn('completed_jobs', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('available').check(sql`status in ('available', 'busy', 'offline')`))
    .addColumn('lat', 'double precision')
    .addColumn('lng', 'double precision')
    .addColumn('location_address', 'text')
    .addColumn('location_updated_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('technicians').execute();
}
