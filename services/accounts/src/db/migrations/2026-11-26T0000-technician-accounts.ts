import { sql, type Kysely } from 'kysely';

/**
 * Technicians sign in to the back office's phone view: staff_users takes the technician role, linked to the tracking
 * technician (one sign-in per technician), and their sessions are staff-kind sessions with that role.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table staff_users drop constraint staff_users_role_check`.execute(db);
  await sql`alter table staff_users add constraint staff_users_role_check check (role in ('technician', 'staff', 'admin'))`.execute(db);
  await db.schema.alterTable('staff_users').addColumn('technician_id', 'text').execute();
  // A technician sign-in names its technician; staff and administrators name none.
  await sql`alter table staff_users add constraint staff_users_technician_id_check check ((role = 'technician') = (technician_id is not null))`.execute(db);
  await sql`create unique index staff_users_technician_id_key on staff_users (technician_id) where technician_id is not null`.execute(db);

  await sql`alter table sessions drop constraint sessions_role_check`.execute(db);
  await sql`alter table sessions add constraint sessions_role_check check (role in ('customer', 'technician', 'staff', 'admin'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('sessions').where('role', '=', 'technician').execute();
  await sql`alter table sessions drop constraint sessions_role_check`.execute(db);
  await sql`alter table sessions add constraint sessions_role_check check (role in ('customer', 'staff', 'admin'))`.execute(db);

  await db.deleteFrom('staff_users').where('role', '=', 'technician').execute();
  await sql`drop index staff_users_technician_id_key`.execute(db);
  await sql`alter table staff_users drop constraint staff_users_technician_id_check`.execute(db);
  await db.schema.alterTable('staff_users').dropColumn('technician_id').execute();
  await sql`alter table staff_users drop constraint staff_users_role_check`.execute(db);
  await sql`alter table staff_users add constraint staff_users_role_check check (role in ('staff', 'admin'))`.execute(db);
}
