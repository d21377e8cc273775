import { sql, type Kysely } from 'kysely';

/**
 * The money loop: booking's appointments as payments hears them, the price book, invoices with their lines, the
 * payments that settle them and the refunds given back.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // A copy of each appointment from booking's `appointment.changed` events (payments never reads booking's tables).
  await db.schema
    .createTable('appointments')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('customer_id', 'integer')
    .addColumn('customer_name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('phone', 'text', (col) => col.notNull())
    .addColumn('address', 'text', (col) => col.notNull())
    .addColumn('city', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('zip_code', 'text', (col) => col.notNull())
    .addColumn('service_type', 'text', (col) => col.notNull())
    .addColumn('appliance', 'text', (col) => col.notNull())
    .addColumn('brand', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('confirmation_code', 'text', (col) => col.notNull())
    .addColumn('starts_at', 'timestamptz', (col) => col.notNull())
    .addColumn('ends_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('appointments_customer_idx').on('appointments').column('customer_id').execute();

  await db.schema
    .createTable('price_book_items')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('service', 'part')`))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('unit_price_cents', 'integer', (col) => col.notNull().check(sql`unit_price_cents >= 0`))
    .addColumn('taxable', 'boolean', (col) => col.notNull())
    .addColumn('active', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await sql`create sequence invoice_number_seq start with 1001`.execute(db);
  await db.schema
    .createTable('invoices')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('number', 'text', (col) => col.notNull().unique())
    .addColumn('appointment_id', 'integer', (col) => col.notNull().references('appointments.id'))
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('draft').check(sql`status in ('draft', 'sent', 'partially_paid', 'paid', 'void')`))
    .addColumn('subtotal_cents', 'integer', (col) => col.notNull().defaultTo(0).check(sql`subtotal_cents >= 0`))
    .addColumn('tax_cents', 'integer', (col) => col.notNull().defaultTo(0).check(sql`tax_cents >= 0`))
    .addColumn('total_cents', 'integer', (col) => col.notNull().defaultTo(0).check(sql`total_cents >= 0`))
    .addColumn('amount_paid_cents', 'integer', (col) => col.notNull().defaultTo(0).check(sql`amount_paid_cents >= 0`))
    .addColumn('amount_refunded_cents', 'integer', (col) => col.notNull().defaultTo(0).check(sql`amount_refunded_cents >= 0`))
    .addColumn('state_tax_bps', 'integer', (col) => col.notNull())
    .addColumn('surtax_bps', 'integer', (col) => col.notNull())
    .addColumn('surtax_cap_cents', 'integer', (col) => col.notNull())
    .addColumn('due_date', 'date')
    .addColumn('sent_at', 'timestamptz')
    .addColumn('voided_at', 'timestamptz')
    .addColumn('void_reason', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('invoices_paid_within_total', sql`amount_paid_cents <= total_cents or status = 'void'`)
    .execute();
  await db.schema.createIndex('invoices_appointment_idx').on('invoices').column('appointment_id').execute();
  await db.schema.createIndex('invoices_created_idx').on('invoices').columns(['created_at', 'id']).execute();

  await db.schema
    .createTable('invoice_lines')
    .addColumn('invoice_id', 'integer', (col) => col.notNull().references('invoices.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('price_book_item_id', 'integer')
    .addColumn('kind', 'text')
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`quantity > 0`))
    .addColumn('unit_price_cents', 'integer', (col) => col.notNull().check(sql`unit_price_cents >= 0`))
    .addColumn('taxable', 'boolean', (col) => col.notNull())
    .addPrimaryKeyConstraint('invoice_lines_pkey', ['invoice_id', 'position'])
    .execute();

  await db.schema
    .alterTable('payments')
    .addColumn('invoice_id', 'integer', (col) => col.references('invoices.id'))
    .addColumn('applied_cents', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('refunded_cents', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('payments_invoice_idx').on('payments').column('invoice_id').execute();
  await db.schema.alterTable('payments').addCheckConstraint('payments_refunds_within_amount', sql`refunded_cents <= amount_cents and applied_cents <= amount_cents`).execute();

  await db.schema
    .createTable('refunds')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('payment_id', 'integer', (col) => col.notNull().references('payments.id'))
    .addColumn('invoice_id', 'integer', (col) => col.references('invoices.id'))
    .addColumn('amount_cents', 'integer', (col) => col.notNull().check(sql`amount_cents > 0`))
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending').check(sql`status in ('pending', 'succeeded', 'failed')`))
    .addColumn('reason', 'text')
    .addColumn('created_by', 'text', (col) => col.notNull())
    .addColumn('provider_refund_id', 'text', (col) => col.unique())
    .addColumn('failure_message', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('refunds_payment_idx').on('refunds').column('payment_id').execute();
  await db.schema.createIndex('refunds_invoice_idx').on('refunds').column('invoice_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('refunds').execute();
  await db.schema.alterTable('payments').dropConstraint('payments_refunds_within_amount').execute();
  await db.schema.dropIndex('payments_invoice_idx').execute();
  await db.schema.alterTable('payments').dropColumn('refunded_cents').dropColumn('applied_cents').dropColumn('invoice_id').execute();
  await db.schema.dropTable('invoice_lines').execute();
  await db.schema.dropTable('invoices').execute();
  await sql`drop sequence invoice_number_seq`.execute(db);
  await db.schema.dropTable('price_book_items').execute();
  await db.schema.dropTable('appointments').execute();
}
