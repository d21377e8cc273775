import { createHash } from 'node:crypto';
import { businessDate, businessInstant, futureHistoryMessage, type importHistoryRequestSchema, type ImportResult, type ServiceSystemId } from '@repo/contracts';
import { badRequest } from '@repo/service-kit';
import { uniqueViolationConstraint } from '@repo/service-kit/db';
import type { z } from 'zod';
import { confirmationCode } from '../domain/confirmation-code.ts';
import type { SystemHistory } from '../domain/system-history.ts';
import type { Trx } from '../db/schema.ts';
import { copyIdentity, visitKey } from '../domain/visit-identity.ts';
import { customerVisitsOn, insertAppointmentCopies, knownImportIdentities } from '../repositories/appointment-copy-repository.ts';
import { insertImportedAppointments } from '../repositories/appointment-repository.ts';
import type { ImportedRowIdentity, ImportIdentity } from '../repositories/imported-rows.ts';
import { insertImportedServiceRequests } from '../repositories/service-request-repository.ts';
import type { BookingContext } from './context.ts';

type History = z.output<typeof importHistoryRequestSchema>['historyData'];
type ImportedServiceRequest = History['serviceRequests'][number];
type ImportedAppointment = History['appointments'][number];

/** Who the history is imported for: the signed-in customer. */
export type HistoryOwner = { customerId: number; email: string | undefined };

/** A date alone is read as noon Eastern that day, so it shows as that day wherever it is displayed. */
const instant = (value: string) => (value.length === 10 ? businessInstant(value, '12:00') : new Date(value));

/**
 * The identity of an imported item: a hash of its validated, normalised fields (trimmed, email in lower case, instants
 * in UTC). The same item imported again by the same customer has the same key, so it is skipped.
 */
function importKey(kind: 'service-request' | 'appointment', item: ImportedServiceRequest | ImportedAppointment): string {
  const normalised = Object.fromEntries(Object.entries(item).map(([key, value]) => [key, key.endsWith('At') && typeof value === 'string' ? instant(value).toISOString() : value]));
  return createHash('sha256').update(JSON.stringify({ kind, ...normalised })).digest('hex');
}

const serviceRequestRow = (owner: HistoryOwner, item: ImportedServiceRequest, identity: ImportedRowIdentity) => ({
  customer_id: owner.customerId,
  first_name: item.firstName,
  last_name: item.lastName,
  phone: item.phone,
  email: item.email ?? null,
  appliance_type: item.applianceType,
  brand: item.brand ?? null,
  problem_description: item.problemDescription,
  is_emergency: item.isEmergency ?? false,
  status: item.status ?? 'pending',
  technician_notes: item.technicianNotes ?? null,
  completed_at: item.completedAt ? instant(item.completedAt) : null,
  ...(item.createdAt ? { created_at: instant(item.createdAt) } : {}),
  ...identity,
});

const appointmentRow = (owner: HistoryOwner, item: ImportedAppointment, identity: ImportedRowIdentity) => ({
  customer_id: owner.customerId,
  customer_name: item.customerName,
  email: item.email ?? owner.email ?? '',
  phone: item.phone,
  address: item.address,
  city: item.city,
  state: item.state,
  zip_code: item.zipCode,
  appointment_date: item.appointmentDate,
  time_slot: item.timeSlot,
  service_type: item.serviceType,
  appliance: item.appliance,
  brand: item.brand,
  description: item.description ?? null,
  status: item.status ?? 'scheduled',
  technician_notes: item.technicianNotes ?? null,
  total_cost: item.totalCost ?? null,
  confirmation_code: confirmationCode(),
  ...identity,
});

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function summary(imported: ImportResult['imported'], alreadyPresent: ImportResult['imported'], merged: number): string {
  const skipped = alreadyPresent.serviceRequests + alreadyPresent.appointments - merged;
  const sameVisits = merged > 0 ? ` ${count(merged, 'visit was', 'visits were')} already in your history from another record, and kept once.` : '';
  if (imported.serviceRequests + imported.appointments === 0 && skipped > 0 && merged === 0) return 'Everything in this history was already imported; nothing new was added.';
  const added = `Imported ${count(imported.serviceRequests, 'service request', 'service requests')} and ${count(imported.appointments, 'appointment', 'appointments')}.`;
  return `${added}${skipped > 0 ? ` ${count(skipped, 'item was', 'items were')} already imported and skipped.` : ''}${sameVisits}`;
}

type AppointmentRowToImport = ReturnType<typeof appointmentRow>;

/**
 * Inserts the visits that are new to the customer. A visit imported before from the same place (the same content, or
 * the same system and visit id, as an appointment or as a later copy) is skipped. A visit the customer already has from
 * elsewhere, the same day, appliance and address (`visitKey`), is not inserted again: it is recorded as a copy of that
 * appointment, saying where it came from. Copies within this import are found the same way.
 */
async function insertVisits(trx: Trx, rows: AppointmentRowToImport[], identity: ImportIdentity): Promise<{ inserted: number; merged: number }> {
  const customerId = rows[0]?.customer_id;
  if (customerId === undefined) return { inserted: 0, merged: 0 };
  const known = await knownImportIdentities(trx, customerId);
  const unseen = rows.filter((row) => !known.has(copyIdentity(row)));
  const visits = new Map((await customerVisitsOn(trx, customerId, [...new Set(unseen.map((row) => row.appointment_date))])).map((visit) => [visitKey(visit), visit.id]));
  const fresh = new Map<string, AppointmentRowToImport>();
  const copies: AppointmentRowToImport[] = [];
  for (const row of unseen) {
    const key = visitKey(row);
    if (visits.has(key) || fresh.has(key)) copies.push(row);
    else fresh.set(key, row);
  }
  const inserted = await insertImportedAppointments(trx, [...fresh.values()], identity);
  for (const visit of inserted) visits.set(visitKey(visit), visit.id);
  const merged = await insertAppointmentCopies(trx, copies.flatMap((row) => {
    const appointmentId = visits.get(visitKey(row));
    if (appointmentId === undefined) return [];
    const source = 'import_key' in row ? { import_key: row.import_key, source_system: null, external_id: null } : { import_key: null, source_system: row.source_system, external_id: row.external_id };
    return [{ appointment_id: appointmentId, customer_id: customerId, ...source }];
  }));
  return { inserted: inserted.length, merged };
}

/**
 * The items dated after now, each named beside its field: an appointment on a day after the business's today, a
 * request created or completed after this instant. History never reaches the office's live schedule.
 */
function futureItems(history: History, now: Date): Record<string, string> {
  const fields: Record<string, string> = {};
  const today = businessDate(now);
  history.appointments.forEach((item, index) => {
    if (item.appointmentDate > today) fields[`historyData.appointments.${index}.appointmentDate`] = futureHistoryMessage(`Appointment ${index + 1}`, item.appointmentDate);
  });
  history.serviceRequests.forEach((item, index) => {
    for (const key of ['createdAt', 'completedAt'] as const) {
      const value = item[key];
      if (value && instant(value) > now) fields[`historyData.serviceRequests.${index}.${key}`] = futureHistoryMessage(`Service request ${index + 1}`, value);
    }
  });
  return fields;
}

/**
 * Imports a customer's history (already validated item by item: finished visits and closed requests only) as their own
 * rows, in one transaction. Anything dated in the future is refused, item by item, and nothing is imported then.
 * History holds no places in the slot counter. Items this customer imported before are skipped and counted as already
 * present.
 */
export function importHistory(ctx: BookingContext, owner: HistoryOwner, history: History): Promise<ImportResult> {
  const future = futureItems(history, ctx.now());
  const refused = Object.values(future);
  if (refused.length > 0) return Promise.reject(badRequest(refused.length === 1 ? refused[0]! : `${refused.length} items are dated in the future.`, future));
  return insertHistory(ctx, 'content', {
    serviceRequests: history.serviceRequests.map((item) => serviceRequestRow(owner, item, { import_key: importKey('service-request', item) })),
    appointments: history.appointments.map((item) => appointmentRow(owner, item, { import_key: importKey('appointment', item) })),
  });
}

/** The same for history read from a field-service system: a visit imported before (same system and id) is skipped. */
export function importSystemHistory(ctx: BookingContext, owner: HistoryOwner, system: ServiceSystemId, history: SystemHistory): Promise<ImportResult> {
  const source = (externalId: string) => ({ source_system: system, external_id: externalId });
  return insertHistory(ctx, 'source', {
    serviceRequests: history.serviceRequests.map(({ externalId, ...item }) => serviceRequestRow(owner, item, source(externalId))),
    appointments: history.appointments.map(({ externalId, ...item }) => appointmentRow(owner, item, source(externalId))),
  });
}

type Rows = { serviceRequests: ReturnType<typeof serviceRequestRow>[]; appointments: ReturnType<typeof appointmentRow>[] };

async function insertHistory(ctx: BookingContext, identity: ImportIdentity, rows: Rows): Promise<ImportResult> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const [requests, visits] = await ctx.db.transaction().execute(async (trx) => [
        await insertImportedServiceRequests(trx, rows.serviceRequests, identity),
        await insertVisits(trx, rows.appointments, identity),
      ] as const);
      const imported = { serviceRequests: requests.length, appointments: visits.inserted };
      const alreadyPresent = { serviceRequests: rows.serviceRequests.length - requests.length, appointments: rows.appointments.length - visits.inserted };
      return { imported, alreadyPresent, message: summary(imported, alreadyPresent, visits.merged) };
    } catch (err) {
      // A repeated random confirmation code (about one in a billion per item): the transaction undid itself; draw again.
      if (uniqueViolationConstraint(err) !== 'appointments_confirmation_code_key' || attempt >= 3) throw err;
      rows = { ...rows, appointments: rows.appointments.map((row) => ({ ...row, confirmation_code: confirmationCode() })) };
    }
  }
}
