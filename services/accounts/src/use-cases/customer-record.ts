import { customerRecordMessages, type CustomerNote, type CustomerNoteRequest, type CustomerRecord, type ExternalCustomer, type SessionClaims } from '@repo/contracts';
import { notFound } from '@repo/service-kit';
import type { CustomerRow, Db } from '../db/schema.ts';
import { findCustomerById } from '../repositories/customer-repository.ts';
import { findCustomerNotes, insertCustomerNote } from '../repositories/customer-note-repository.ts';
import { toCustomer, toCustomerNote, toServiceProCustomer } from '../repositories/mappers.ts';
import { findImportedCustomer } from '../repositories/service-pro-customer-repository.ts';
import { administratorEmails, findStaffById } from '../repositories/staff-repository.ts';
import type { AccountsContext } from './context.ts';
import { linkedServiceHistoryOf } from './linked-service-history.ts';

async function existingCustomer(db: Db, id: number): Promise<CustomerRow> {
  const customer = await findCustomerById(db, id);
  if (!customer) throw notFound(customerRecordMessages.notFound);
  return customer;
}

/**
 * Accounts' part of a customer's record for staff: the customer (administrators badged as in the list), the imported
 * customer their account is linked to, and the staff notes, newest first. 404 for an id no customer has.
 */
export async function getCustomerRecord(ctx: AccountsContext, id: number): Promise<CustomerRecord> {
  const row = await existingCustomer(ctx.db, id);
  const [administrators, imported, notes] = await Promise.all([
    administratorEmails(ctx.db, [row.email]),
    row.service_pro_customer_id ? findImportedCustomer(ctx.db, ctx.fieldService.system, row.service_pro_customer_id) : undefined,
    findCustomerNotes(ctx.db, id),
  ]);
  return {
    customer: { ...toCustomer(row), isAdmin: row.is_admin || administrators.has(row.email.toLowerCase()) },
    importedCustomer: imported ? toServiceProCustomer(imported) : null,
    notes: notes.map(toCustomerNote),
  };
}

/** Who wrote a note: the staff sign-in of the session (`staff:<id>`), named as it is now; its email otherwise. */
async function noteAuthor(db: Db, session: SessionClaims) {
  const staffId = /^staff:(\d+)$/.exec(session.sub)?.[1];
  const staff = staffId ? await findStaffById(db, Number(staffId)) : undefined;
  const email = staff?.email ?? session.email ?? session.sub;
  return { author_staff_id: staff?.id ?? null, author_name: staff?.name ?? email, author_email: email };
}

/** Adds a staff note to a customer's record, with its author and the time; 404 for an id no customer has. */
export async function addCustomerNote(ctx: AccountsContext, id: number, session: SessionClaims, note: CustomerNoteRequest): Promise<CustomerNote> {
  await existingCustomer(ctx.db, id);
  const row = await insertCustomerNote(ctx.db, { customer_id: id, text: note.text, ...(await noteAuthor(ctx.db, session)), created_at: ctx.now() });
  return toCustomerNote(row);
}

/** The customer's linked field-service record with its visits read from the system, for staff; null when not linked. */
export async function getCustomerServiceHistory(ctx: AccountsContext, id: number): Promise<ExternalCustomer | null> {
  return linkedServiceHistoryOf(ctx, await existingCustomer(ctx.db, id), 'staff');
}
