import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db, InvoiceLinesTable, InvoiceRow, InvoicesTable, Trx } from '../db/schema.ts';

export async function nextInvoiceNumber(db: Db): Promise<string> {
  const { value } = await sql<{ value: string }>`select nextval('invoice_number_seq')::text as value`.execute(db).then((result) => result.rows[0]!);
  return `INV-${value}`;
}

export const insertInvoice = (db: Db, values: Insertable<InvoicesTable>) => db.insertInto('invoices').values(values).returningAll().executeTakeFirstOrThrow();

export const findInvoice = (db: Db, id: number) => db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst();

/** Locks the invoice until the transaction ends: edits, payments and refunds of one invoice take turns. */
export const findInvoiceForUpdate = (trx: Trx, id: number) => trx.selectFrom('invoices').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export const updateInvoice = (db: Db, id: number, values: Updateable<InvoicesTable>) =>
  db.updateTable('invoices').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();

export const findInvoiceLines = (db: Db, invoiceId: number) =>
  db.selectFrom('invoice_lines').selectAll().where('invoice_id', '=', invoiceId).orderBy('position').execute();

export async function replaceInvoiceLines(db: Db, invoiceId: number, lines: Omit<Insertable<InvoiceLinesTable>, 'invoice_id' | 'position'>[]): Promise<void> {
  await db.deleteFrom('invoice_lines').where('invoice_id', '=', invoiceId).execute();
  if (lines.length === 0) return;
  await db.insertInto('invoice_lines').values(lines.map((line, position) => ({ ...line, invoice_id: invoiceId, position }))).execute();
}

export type InvoiceFilters = {
  /** Stored statuses to match; `overdueBefore` narrows to those due before that business date, `notOverdueOn` to the rest. */
  statuses?: InvoiceRow['status'][];
  overdueBefore?: string;
  notOverdueOn?: string;
  customerId?: number;
  excludeDrafts?: boolean;
  appointmentId?: number;
  search?: string;
};

export type InvoiceListRow = InvoiceRow & { customer_name: string; email: string; phone: string; address: string; city: string; state: string; zip_code: string };

/** One page of invoices with their customer, newest first, and how many match in all. */
export async function findInvoicePage(db: Db, filters: InvoiceFilters, page: { limit: number; offset: number }): Promise<{ rows: InvoiceListRow[]; total: number }> {
  let query = db.selectFrom('invoices').innerJoin('appointments', 'appointments.id', 'invoices.appointment_id');
  if (filters.statuses) query = query.where('invoices.status', 'in', filters.statuses);
  if (filters.overdueBefore) query = query.where('invoices.due_date', '<', filters.overdueBefore);
  if (filters.notOverdueOn) {
    const today = filters.notOverdueOn;
    query = query.where((eb) => eb.or([eb('invoices.due_date', 'is', null), eb('invoices.due_date', '>=', today)]));
  }
  if (filters.customerId !== undefined) query = query.where('appointments.customer_id', '=', filters.customerId);
  if (filters.excludeDrafts) query = query.where('invoices.status', '!=', 'draft');
  if (filters.appointmentId !== undefined) query = query.where('invoices.appointment_id', '=', filters.appointmentId);
  if (filters.search) {
    const pattern = `%${filters.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) => eb.or([eb('invoices.number', 'ilike', pattern), eb('appointments.customer_name', 'ilike', pattern), eb('appointments.email', 'ilike', pattern)]));
  }
  const [rows, count] = await Promise.all([
    query
      .selectAll('invoices')
      .select(['appointments.customer_name', 'appointments.email', 'appointments.phone', 'appointments.address', 'appointments.city', 'appointments.state', 'appointments.zip_code'])
      .orderBy('invoices.created_at', 'desc')
      .orderBy('invoices.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}
