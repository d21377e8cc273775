import { sql, type Kysely } from 'kysely';

/**
 * The job record beside the appointment, as the intake is: the model and serial the technician read on the plate
 * (the intake's stay as the customer gave them), the diagnosis, the parts needed, who saved it and when; and the part
 * the visit waits for (description, part number, expected day, since when, who marked it) until the office marks it
 * arrived (`part_arrived_at`). All null until written. A waiting part always has its description and day.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table appointments
    add column job_model_number text,
    add column job_serial_number text,
    add column diagnosis text,
    add column parts_needed text,
    add column job_recorded_at timestamptz,
    add column job_recorded_by text,
    add column waiting_part text,
    add column waiting_part_number text,
    add column waiting_part_expected_on date,
    add column waiting_since timestamptz,
    add column waiting_marked_by text,
    add column part_arrived_at timestamptz,
    add constraint appointments_waiting_part_whole check (
      (waiting_part is null and waiting_part_expected_on is null and waiting_since is null)
      or (waiting_part is not null and waiting_part_expected_on is not null and waiting_since is not null))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table appointments
    drop constraint appointments_waiting_part_whole,
    drop column job_model_number, drop column job_serial_number, drop column diagnosis, drop column parts_needed,
    drop column job_recorded_at, drop column job_recorded_by, drop column waiting_part, drop column waiting_part_number,
    drop column waiting_part_expected_on, drop column waiting_since, drop column waiting_marked_by, drop column part_arrived_at`.execute(db);
}
