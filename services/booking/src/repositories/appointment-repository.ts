import { sql, type Insertable } from 'kysely';
import type { ApplianceIntake, AppointmentStatus } from '@repo/contracts';
import type { AppointmentRow, AppointmentsTable, Db, Trx } from '../db/schema.ts';
import { skipKnownImports, type ImportedRow, type ImportIdentity } from './imported-rows.ts';

export type NewBooking = {
  appointmentDate: string;
  timeSlot: string;
  capacity: number;
  customerId: number | null;
  customerName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  serviceType: string;
  appliance: string;
  brand: string;
  description: string | null;
  confirmationCode: string;
  idempotencyKey: string | null;
  requestHash: string;
  smsConsent: boolean;
  /** The consent's words the customer agreed to; null without consent. */
  smsConsentText: string | null;
  /** The appliance intake given at booking; null when none was. */
  intake: ApplianceIntake | null;
};

/**
 * One call of the `book_appointment` database function: take a place in the slot while it has room, insert the
 * appointment, record the Idempotency-Key. One statement, so a unique violation anywhere undoes the whole call; the
 * caller runs it in the transaction that also publishes the booking. Undefined means the slot was full.
 */
export async function bookIfRoom(db: Db, booking: NewBooking): Promise<AppointmentRow | undefined> {
  const b = booking;
  const { rows } = await sql<AppointmentRow>`select * from book_appointment(${b.appointmentDate}::date, ${b.timeSlot}, ${b.capacity}::integer,
    ${b.customerId}::integer, ${b.customerName}, ${b.email}, ${b.phone}, ${b.address}, ${b.city},
    ${b.state}, ${b.zipCode}, ${b.serviceType}, ${b.appliance}, ${b.brand}, ${b.description}::text,
    ${b.confirmationCode}, ${b.idempotencyKey}::text, ${b.requestHash}, ${b.smsConsent}::boolean, ${b.smsConsentText}::text,
    ${b.intake?.modelNumber ?? null}::text, ${b.intake?.serialNumber ?? null}::text, ${b.intake?.warranty ?? null}::text,
    ${b.intake?.homeWarrantyCompany ?? null}::text)`.execute(db);
  return rows[0];
}

/** The appointment booked with this Idempotency-Key, and the hash of the request that booked it. */
export async function findByIdempotencyKey(db: Db, key: string): Promise<{ requestHash: string; row: AppointmentRow } | undefined> {
  const stored = await db
    .selectFrom('idempotency_keys')
    .innerJoin('appointments', 'appointments.id', 'idempotency_keys.appointment_id')
    .selectAll('appointments')
    .select('idempotency_keys.request_hash')
    .where('idempotency_keys.key', '=', key)
    .executeTakeFirst();
  if (!stored) return undefined;
  const { request_hash: requestHash, ...row } = stored;
  return { requestHash, row };
}

/** Locks the appointment's row until the transaction ends. */
export const findAppointmentForUpdate = (trx: Trx, id: number) =>
  trx.selectFrom('appointments').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

/** One appointment, or undefined. */
export const findAppointment = (db: Db, id: number) => db.selectFrom('appointments').selectAll().where('id', '=', id).executeTakeFirst();

/** What deciding access to an appointment needs: its owner and its slot (links expire after it). */
export const findAppointmentAccessFacts = (db: Db, id: number) =>
  db.selectFrom('appointments').select(['id', 'customer_id', 'appointment_date', 'time_slot']).where('id', '=', id).executeTakeFirst();

/** A new status; every change of status is a new revision (the calendar file's SEQUENCE). */
export const setAppointmentStatus = (db: Db, id: number, status: AppointmentStatus) =>
  db.updateTable('appointments').set((eb) => ({ status, revision: eb('revision', '+', 1) })).where('id', '=', id).returningAll().executeTakeFirstOrThrow();

/** What an office action changes besides the status: who confirmed it and when, why it was cancelled. */
export type OfficeFields = { confirmedAt: Date | null; confirmedBy: string | null; cancelReason: string | null };

/** A new status set by the office, with its own fields, as a new revision. */
export const setAppointmentOfficeStatus = (db: Db, id: number, status: AppointmentStatus, fields: OfficeFields) =>
  db.updateTable('appointments')
    .set((eb) => ({ status, confirmed_at: fields.confirmedAt, confirmed_by: fields.confirmedBy, cancel_reason: fields.cancelReason, call_back_requested_at: null, revision: eb('revision', '+', 1) }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();

/** Moves an appointment to another slot as a new revision, back to `scheduled` (no longer confirmed) until the business confirms the new time. */
export const moveAppointment = (db: Db, id: number, date: string, slot: string) =>
  db.updateTable('appointments')
    .set((eb) => ({ appointment_date: date, time_slot: slot, status: 'scheduled', confirmed_at: null, confirmed_by: null, call_back_requested_at: null, revision: eb('revision', '+', 1) }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();

/** A new technician, or none (null); the row's version grows with it, as with every update. */
export const setAppointmentTechnician = (db: Db, id: number, technicianId: string | null) =>
  db.updateTable('appointments').set({ technician_id: technicianId }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();

export type AppointmentFilters = { date?: string; status?: AppointmentStatus; page: number; pageSize: number };

/** One page of the staff list in schedule order, and the count of every match. */
export async function findAppointmentPage(db: Db, filters: AppointmentFilters): Promise<{ rows: AppointmentRow[]; total: number }> {
  let query = db.selectFrom('appointments');
  if (filters.date) query = query.where('appointment_date', '=', filters.date);
  if (filters.status) query = query.where('status', '=', filters.status);
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy('appointment_date').orderBy('time_slot').orderBy('id')
      .limit(filters.pageSize).offset((filters.page - 1) * filters.pageSize).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** Every appointment of one business day in schedule order (the dispatch board: a day holds at most a few hundred). */
export const findAppointmentsOn = (db: Db, date: string) =>
  db.selectFrom('appointments').selectAll().where('appointment_date', '=', date).orderBy('time_slot').orderBy('id').execute();

/** One customer's appointments, newest first (latest date and time first). */
export const findCustomerAppointments = (db: Db, customerId: number) =>
  db.selectFrom('appointments').selectAll().where('customer_id', '=', customerId)
    .orderBy('appointment_date', 'desc').orderBy('time_slot', 'desc').orderBy('id', 'desc').execute();

export async function countAppointments(db: Db): Promise<number> {
  const { count } = await db.selectFrom('appointments').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(count);
}

/** An appointment as it is stored, without taking a place in its slot (demo data: history, or a visit on a full day). */
export const insertAppointmentWithoutPlace = (db: Db, values: Insertable<AppointmentsTable>) =>
  db.insertInto('appointments').values({ ...values, holds_slot_place: false }).returningAll().executeTakeFirstOrThrow();

/** The newest unassigned, still scheduled appointment of this email with this description (the demo's live visit). */
export const findUnassignedByDescription = (db: Db, email: string, description: string) =>
  db.selectFrom('appointments').selectAll()
    .where('email', '=', email).where('description', '=', description).where('technician_id', 'is', null).where('status', '=', 'scheduled')
    .orderBy('id', 'desc').limit(1)
    .executeTakeFirst();

/**
 * Imported history, without taking places; a row this customer already has (the same `import_key`, or the same source
 * system and visit) is skipped. Returns the ids inserted. Any other unique violation (a repeated confirmation code)
 * still fails the statement.
 */
export const insertImportedAppointments = (db: Db, values: ImportedRow<Insertable<AppointmentsTable>>[], key: ImportIdentity) =>
  values.length === 0
    ? Promise.resolve([])
    : db.insertInto('appointments').values(values.map((row) => ({ ...row, holds_slot_place: false })))
      .onConflict((oc) => skipKnownImports(oc, key))
      .returning(['id', 'appointment_date', 'appliance', 'address', 'zip_code'])
      .execute();

/** Gives the appointments booked under this email without an account to the account; returns them as they are now. */
export const assignGuestAppointments = (db: Db, email: string, customerId: number) =>
  db.updateTable('appointments').set({ customer_id: customerId })
    .where('customer_id', 'is', null).where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .returningAll()
    .execute();

/** The customer asked by text to be called back at `at`, or (null) no longer needs the call. Answers the row as it is now. */
export const setCallBackRequest = (db: Db, id: number, at: Date | null) =>
  db.updateTable('appointments').set({ call_back_requested_at: at }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
