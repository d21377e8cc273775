import { sql, type Kysely } from 'kysely';

/**
 * The words of the SMS consent a customer ticked, kept with the appointment (`sms_consent_text`, null without consent,
 * and for consents given before the words were kept). The text itself rather than a version id of it: the wording is
 * the business's to edit (contracts' `smsConsentWording`), and each appointment keeps what its customer agreed to
 * whatever the wording says later, with no list of past wordings to keep in code. `book_appointment` takes it as one
 * more argument.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table appointments add column sms_consent_text text`.execute(db);
  await sql`alter table appointments add constraint appointments_sms_consent_text_with_consent check (sms_consent or sms_consent_text is null)`.execute(db);
  await sql`drop function book_appointment(date, text, integer, integer, text, text, text, text, text, text, text, text, text, text, text, text, text, text, boolean)`.execute(db);
  await createBookAppointment(db, { consentText: true });
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function book_appointment(date, text, integer, integer, text, text, text, text, text, text, text, text, text, text, text, text, text, text, boolean, text)`.execute(db);
  await createBookAppointment(db, { consentText: false });
  await sql`alter table appointments drop column sms_consent_text`.execute(db);
}

/** `book_appointment` as the SMS consent migration made it, with or without the consent's words. */
async function createBookAppointment(db: Kysely<any>, { consentText }: { consentText: boolean }): Promise<void> {
  const textParameter = consentText ? sql`, p_sms_consent_text text` : sql``;
  const textColumn = consentText ? sql`, sms_consent_text` : sql``;
  const textValue = consentText ? sql`, p_sms_consent_text` : sql``;
  await sql`
    create function book_appointment(
      p_date date, p_slot text, p_capacity integer, p_customer_id integer, p_customer_name text, p_email text,
      p_phone text, p_address text, p_city text, p_state text, p_zip_code text, p_service_type text, p_appliance text,
      p_brand text, p_description text, p_confirmation_code text, p_idempotency_key text, p_request_hash text,
      p_sms_consent boolean${textParameter}
    ) returns setof appointments language plpgsql as $$
    declare
      booked appointments;
    begin
      if not take_slot_place(p_date, p_slot, p_capacity) then
        return; -- the slot is full
      end if;
      insert into appointments (customer_id, customer_name, email, phone, address, city, state, zip_code, appointment_date,
        time_slot, service_type, appliance, brand, description, confirmation_code, sms_consent${textColumn})
      values (p_customer_id, p_customer_name, p_email, p_phone, p_address, p_city, p_state, p_zip_code, p_date, p_slot,
        p_service_type, p_appliance, p_brand, p_description, p_confirmation_code, p_sms_consent${textValue})
      returning * into booked;
      if p_idempotency_key is not null then
        insert into idempotency_keys (key, request_hash, appointment_id) values (p_idempotency_key, p_request_hash, booked.id);
      end if;
      return next booked;
    end
    $$`.execute(db);
}
