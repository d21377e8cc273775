import { sql, type Kysely } from 'kysely';

/**
 * Dispatch: booking assigns technicians and tells tracking through its outbox.
 * - `appointments.version`: grows with every update of the row (a trigger, so no path can forget it). Tracking
 *   applies an appointment snapshot only when its version is newer than the one it holds, so snapshots delivered out
 *   of order or twice change nothing.
 * - `technicians`: booking's replica of tracking's technicians (id, name, status), fed by tracking's
 *   `technician.changed` effect, so an assignment is checked without tracking being up. `version` is tracking's.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('appointments').addColumn('version', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await sql`
    create function bump_appointment_version() returns trigger language plpgsql as $$
    begin
      new.version := old.version + 1;
      return new;
    end
    $$`.execute(db);
  await sql`create trigger appointments_version before update on appointments for each row execute function bump_appointment_version()`.execute(db);

  await db.schema
    .createTable('technicians')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('available', 'busy', 'offline')`))
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('technicians').execute();
  await sql`drop trigger appointments_version on appointments`.execute(db);
  await sql`drop function bump_appointment_version`.execute(db);
  await db.schema.alterTable('appointments').dropColumn('version').execute();
}
