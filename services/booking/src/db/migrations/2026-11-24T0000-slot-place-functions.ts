import { sql, type Kysely } from 'kysely';
import { up as createFirstBookFunction } from './2026-11-22T0100-book-function.ts';

/**
 * The slot counter in one place: `take_slot_place` and `release_slot_place` are the only code that changes
 * slot_bookings. `book_appointment` (the one-statement booking) and the slot repository (cancelling, un-cancelling)
 * both call them, so capacity is counted the same way on every path. Taking a place grows the counter only while it is
 * below capacity, checked under the row lock, so concurrent callers never overbook.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function take_slot_place(p_date date, p_slot text, p_capacity integer) returns boolean language plpgsql as $$
    begin
      insert into slot_bookings (appointment_date, time_slot, booked) values (p_date, p_slot, 1)
      on conflict (appointment_date, time_slot) do update set booked = slot_bookings.booked + 1
      where slot_bookings.booked < p_capacity;
      return found;
    end
    $$`.execute(db);

  await sql`
    create function release_slot_place(p_date date, p_slot text) returns void language plpgsql as $$
    begin
      update slot_bookings set booked = booked - 1
      where appointment_date = p_date and time_slot = p_slot and booked > 0;
    end
    $$`.execute(db);

  await sql`
    create or replace function book_appointment(
      p_date date, p_slot text, p_capacity integer, p_customer_id integer, p_customer_name text, p_email text,
      p_phone text, p_address text, p_city text, p_state text, p_zip_code text, p_service_type text, p_appliance text,
      p_brand text, p_description text, p_confirmation_code text, p_idempotency_key text, p_request_hash text
    ) returns setof appointments language plpgsql as $$
    declare
      booked appointments;
    begin
      if not take_slot_place(p_date, p_slot, p_capacity) then
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
  await createFirstBookFunction(db);
  await sql`drop function release_slot_place`.execute(db);
  await sql`drop function take_slot_place`.execute(db);
}
