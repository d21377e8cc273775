import { sql, type Kysely } from 'kysely';

/**
 * The visit's stage beside the appointment, as tracking last told it (`appointment.visit-progressed`): the technician
 * on the way, arrived or working, or null; and when tracking changed it, so a late or repeated delivery is recognised.
 * Booking keeps its own status; every page shows the stage in its place while the visit is under way.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table appointments
    add column visit_stage text,
    add column visit_stage_at timestamptz,
    add constraint appointments_visit_stage_known check (visit_stage in ('en-route', 'arrived', 'in-progress'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table appointments drop constraint appointments_visit_stage_known, drop column visit_stage, drop column visit_stage_at`.execute(db);
}
