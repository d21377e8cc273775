import { sql, type Kysely } from 'kysely';

/**
 * The warranty claim beside the job record: the failure code (set whenever a claim was recorded), the brand's service
 * code, the distributor's part number and invoice, the purchase date, who saved it and when. All null until saved.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table appointments
    add column warranty_failure_code text,
    add column warranty_service_code text,
    add column warranty_part_number text,
    add column warranty_part_invoice text,
    add column warranty_purchase_date date,
    add column warranty_recorded_at timestamptz,
    add column warranty_recorded_by text,
    add constraint appointments_warranty_claim_whole check (
      (warranty_failure_code is null) = (warranty_recorded_at is null))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table appointments
    drop constraint appointments_warranty_claim_whole,
    drop column warranty_failure_code, drop column warranty_service_code, drop column warranty_part_number,
    drop column warranty_part_invoice, drop column warranty_purchase_date, drop column warranty_recorded_at,
    drop column warranty_recorded_by`.execute(db);
}
