import { sql, type Kysely } from 'kysely';

/**
 * The appointment page and the JSON history import:
 * - `holds_slot_place`: whether the row took a place through the slot counter. History (imported, or seeded as past)
 *   never did, so cancelling or moving it must not give a place back. Rows from before this column are taken as
 *   booked; the only exception, seeded past history, lies in the past, where the counter no longer matters.
 * - `revision`: grows with every change of time or status; the calendar file's SEQUENCE, so calendar apps replace
 *   the event they already have.
 * - `import_key`: a hash of the normalised imported item, unique per customer, so importing the same data twice
 *   inserts nothing new (NULL for everything not imported: NULLs never collide).
 * - `move_slot_place`: a reschedule's counter change through `take_slot_place` and `release_slot_place`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('appointments')
    .addColumn('holds_slot_place', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('revision', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('import_key', 'text')
    .execute();
  await db.schema.alterTable('service_requests').addColumn('import_key', 'text').execute();
  await db.schema.createIndex('appointments_customer_import_key').unique().on('appointments').columns(['customer_id', 'import_key']).execute();
  await db.schema.createIndex('service_requests_customer_import_key').unique().on('service_requests').columns(['customer_id', 'import_key']).execute();

  // Takes a place in the new slot and gives back the old one, or changes nothing and answers false when the new slot
  // is full. The two counter rows are locked in one order (date, then slot), so two moves crossing each other never
  // deadlock; inside the caller's transaction that order is invisible to everyone else.
  await sql`
    create function move_slot_place(p_from_date date, p_from_slot text, p_to_date date, p_to_slot text, p_capacity integer)
    returns boolean language plpgsql as $$
    begin
      if (p_to_date, p_to_slot) < (p_from_date, p_from_slot) then
        if not take_slot_place(p_to_date, p_to_slot, p_capacity) then
          return false;
        end if;
        perform release_slot_place(p_from_date, p_from_slot);
      else
        perform release_slot_place(p_from_date, p_from_slot);
        if not take_slot_place(p_to_date, p_to_slot, p_capacity) then
          raise exception using errcode = 'P0001', message = 'the new slot is full';
        end if;
      end if;
      return true;
    exception when raise_exception then
      return false; -- the block's changes, the released place included, are undone
    end
    $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function move_slot_place`.execute(db);
  await db.schema.dropIndex('service_requests_customer_import_key').execute();
  await db.schema.dropIndex('appointments_customer_import_key').execute();
  await db.schema.alterTable('service_requests').dropColumn('import_key').execute();
  await db.schema.alterTable('appointments').dropColumn('import_key').dropColumn('revision').dropColumn('holds_slot_place').execute();
}
