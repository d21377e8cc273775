import { sql, type Kysely } from 'kysely';

/**
 * The customer's consent to text messages about an appointment, given when booking, so booking's `appointment.changed`
 * event can tell a subscriber whether it may text them. `book_appointment` takes it as one more argument.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table appointments add column sms_consent boolean not null default false`.execute(db);
  await sql`drop function book_appointment(date, text, integer, integer, text, text, text, text, text, text, text, text, text, text, text, text, text, text)`.execute(db);
  await createBookAppointment(db, { smsConsent: true });
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function book_appointment(date, text, integer, integer, text, text, text, text, text, text, text, text, text, text, text, text, text, text, boolean)`.execute(db);
  await createBookAppointment(db, { smsConsent: false });
  await sql`alter table appointments drop column sms_consent`.execute(db);
}

/** `book_appointment` as the slot-place migration made it, with or without the consent argument. */
async function createBookAppointment(db: Kysely<any>, { smsConsent }: { smsConsent: boolean }): Promise<void> {
  const consentParameter = smsConsent ? sql`, p_sms_consent boolean` : sql``;
  const consentColumn = smsConsent ? sql`, sms_consent` : sql``;
  const consentValue = smsConsent ? sql`, p_sms_consent` : sql``;
  await sql`
    create function book_appointment(
      p_date date, p_slot text, p_capacity integer, p_customer_id integer, p_customer_name text, p_email text,
      p_phone text, p_address text, p_city text, p_state text, p_zip_code text, p_service_type text, p_appliance text,
      p_brand text, p_description text, p_confirmation_code text, p_idempotency_key text, p_request_hash text${consentParameter}
    ) returns setof appointments language plpgsql as $$
    declare
      booked appointments;
    begin
      if not take_slot_place(p_date, p_slot, p_capacity) then
        return; -- the slot is full
      end if;
      insert into appointments (customer_id, customer_name, email, phone, address, city, state, zip_code, appointment_date,
        time_slot, service_type, appliance, brand, description, confirmation_code${consentColumn})
      values (p_customer_id, p_customer_name, p_email, p_phone, p_address, p_city, p_state, p_zip_code, p_date, p_slot,
        p_service_type, p_appliance, p_brand, p_description, p_confirmation_code${consentValue})
      returning * into booked;
      if p_idempotency_key is not null then
        insert into idempotency_keys (key, request_hash, appointment_id) values (p_idempotency_key, p_request_hash, booked.id);
      end if;
      return next booked;
    end
    $$`.execute(db);
}
