import { sql, type Kysely } from 'kysely';

/**
 * The appliance intake given at booking: model and serial number from the rating plate, the warranty
 * (`manufacturer`, `home-warranty`, `none`) and a home-warranty plan's company, each null when not given. Part of the
 * appointment's own data; `book_appointment` takes them as four more arguments, so a booking stays one statement.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table appointments
    add column model_number text,
    add column serial_number text,
    add column warranty text constraint appointments_warranty_known check (warranty in ('manufacturer', 'home-warranty', 'none')),
    add column home_warranty_company text`.execute(db);
  await sql`drop function book_appointment(date, text, integer, integer, text, text, text, text, text, text, text, text, text, text, text, text, text, text, boolean, text)`.execute(db);
  await createBookAppointment(db, { intake: true });
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function book_appointment(date, text, integer, integer, text, text, text, text, text, text, text, text, text, text, text, text, text, text, boolean, text, text, text, text, text)`.execute(db);
  await createBookAppointment(db, { intake: false });
  await sql`alter table appointments drop column model_number, drop column serial_number, drop column warranty, drop column home_warranty_company`.execute(db);
}

/** `book_appointment` as the SMS consent text migration made it, with or without the intake's arguments. */
async function createBookAppointment(db: Kysely<any>, { intake }: { intake: boolean }): Promise<void> {
  const intakeParameters = intake ? sql`, p_model_number text, p_serial_number text, p_warranty text, p_home_warranty_company text` : sql``;
  const intakeColumns = intake ? sql`, model_number, serial_number, warranty, home_warranty_company` : sql``;
  const intakeValues = intake ? sql`, p_model_number, p_serial_number, p_warranty, p_home_warranty_company` : sql``;
  await sql`
    create function book_appointment(
      p_date date, p_slot text, p_capacity integer, p_customer_id integer, p_customer_name text, p_email text,
      p_phone text, p_address text, p_city text, p_state text, p_zip_code text, p_service_type text, p_appliance text,
      p_brand text, p_description text, p_confirmation_code text, p_idempotency_key text, p_request_hash text,
      p_sms_consent boolean, p_sms_consent_text text${intakeParameters}
    ) returns setof appointments language plpgsql as $$
    declare
      booked appointments;
    begin
      if not take_slot_place(p_date, p_slot, p_capacity) then
        return; -- the slot is full
      end if;
      insert into appointments (customer_id, customer_name, email, phone, address, city, state, zip_code, appointment_date,
        time_slot, service_type, appliance, brand, description, confirmation_code, sms_consent, sms_consent_text${intakeColumns})
      values (p_customer_id, p_customer_name, p_email, p_phone, p_address, p_city, p_state, p_zip_code, p_date, p_slot,
        p_service_type, p_appliance, p_brand, p_description, p_confirmation_code, p_sms_consent, p_sms_consent_text${intakeValues})
      returning * into booked;
      if p_idempotency_key is not null then
        insert into idempotency_keys (key, request_hash, appointment_id) values (p_idempotency_key, p_request_hash, booked.id);
      end if;
      return next booked;
    end
    $$`.execute(db);
}
