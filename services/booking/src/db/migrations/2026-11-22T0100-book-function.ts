import { sql, type Kysely } from 'kysely';

/**
 * Booking as one database function: take a place in the slot while it has room, insert the appointment, record the
 * Idempotency-Key. One call is one statement, so it is atomic without a transaction round trip, and PL/pgSQL keeps
 * the plans of its statements, which the hot path would otherwise re-plan on every booking.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function book_appointment(
      p_date date, p_slot text, p_capacity integer, p_customer_id integer, p_customer_name text, p_email text,
      p_phone text, p_address text, p_city text, p_state text, p_zip_code text, p_service_type text, p_appliance text,
      p_brand text, p_description text, p_confirmation_code text, p_idempotency_key text, p_request_hash text
    ) returns setof appointments language plpgsql as $$
    declare
      booked appointments;
    begin
      insert into slot_bookings (appointment_date, time_slot, booked) values (p_date, p_slot, 1)
      on conflict (appointment_date, time_slot) do update set booked = slot_bookings.booked + 1
      where slot_bookings.booked < p_capacity;
      if not found then
        return; -- the slot is full
      end if;
      insert into appointments (customer_id, customer_name, email, phone, address, city, state, zip_code, appointment_date,
        time_slot, service_type, appliance, brand, description, confirmation_code)
      values (p_customer_id, p_customer_name, p_email, p_phone, p_address, p_city, p_state, p_zip_code, p_date, p_slot,
        p_service_type, p_appliance, p_brand, p_description, p_confirmation_code)
      returning * into booked;
      if p_idempotency_key is not null then
        insert into idempotency_keys (key, request_hash, appointment_id) values (p_idempotency_key, p_request_hash, booked.id);
      end if;
      return next booked;
    end
    $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function book_appointment`.execute(db);
}
