import { sql, type Kysely } from 'kysely';

/**
 * Estimates: the technician of the appointment (from booking's events, so payments can tell who may build one), and
 * estimates with their lines, versions, the customer's signed decision and the invoice each became.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('appointments').addColumn('technician_id', 'text').execute();

  await db.schema
    .createTable('estimates')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('appointment_id', 'integer', (col) => col.notNull().references('appointments.id'))
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('draft').check(sql`status in ('draft', 'sent', 'approved', 'declined', 'replaced')`))
    .addColumn('subtotal_cents', 'integer', (col) => col.notNull().check(sql`subtotal_cents >= 0`))
    .addColumn('tax_cents', 'integer', (col) => col.notNull().check(sql`tax_cents >= 0`))
    .addColumn('total_cents', 'integer', (col) => col.notNull().check(sql`total_cents >= 0`))
    .addColumn('state_tax_bps', 'integer', (col) => col.notNull())
    .addColumn('surtax_bps', 'integer', (col) => col.notNull())
    .addColumn('surtax_cap_cents', 'integer', (col) => col.notNull())
    .addColumn('sent_at', 'timestamptz')
    .addColumn('decided_at', 'timestamptz')
    .addColumn('signer_name', 'text')
    .addColumn('signature_png', 'text')
    .addColumn('recorded_by', 'text', (col) => col.check(sql`recorded_by in ('technician', 'customer', 'staff')`))
    .addColumn('replaced_by_id', 'integer', (col) => col.references('estimates.id'))
    .addColumn('invoice_id', 'integer', (col) => col.unique().references('invoices.id'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('estimates_appointment_version_key', ['appointment_id', 'version'])
    .addCheckConstraint('estimates_decision_signed', sql`(status in ('approved', 'declined')) = (decided_at is not null and signer_name is not null)`)
    .execute();

  await db.schema
    .createTable('estimate_lines')
    .addColumn('estimate_id', 'integer', (col) => col.notNull().references('estimates.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('price_book_item_id', 'integer')
    .addColumn('kind', 'text')
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`quantity > 0`))
    .addColumn('unit_price_cents', 'integer', (col) => col.notNull().check(sql`unit_price_cents >= 0`))
    .addColumn('taxable', 'boolean', (col) => col.notNull())
    .addPrimaryKeyConstraint('estimate_lines_pkey', ['estimate_id', 'position'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('estimate_lines').execute();
  await db.schema.dropTable('estimates').execute();
  await db.schema.alterTable('appointments').dropColumn('technician_id').execute();
}
