import { serviceSystemDescriptors, shownAppointmentStatus, type Appliance, type ApplianceVisit, type AppointmentStatus, type VisitStage } from '@repo/contracts';
import type { AppointmentRow } from '../db/schema.ts';

/** What the appliance history reads of an appointment. */
export type ApplianceVisitRow = Pick<
  AppointmentRow,
  | 'id' | 'appointment_date' | 'service_type' | 'appliance' | 'brand' | 'status' | 'confirmation_code' | 'model_number' | 'serial_number'
  | 'job_model_number' | 'job_serial_number' | 'diagnosis' | 'parts_needed' | 'warranty_purchase_date' | 'source_system' | 'import_key'
> & { visit_stage: VisitStage | null };

/** Words as a person would compare them: trimmed, single spaces, one case. */
const plain = (value: string) => value.trim().replace(/\s+/g, ' ').toLowerCase();

const importedFrom = (row: ApplianceVisitRow): string | null => {
  if (row.source_system !== null) return serviceSystemDescriptors.find((system) => system.id === row.source_system)?.name ?? row.source_system;
  return row.import_key !== null ? 'Your imported history' : null;
};

function toVisit(row: ApplianceVisitRow): ApplianceVisit {
  const done = row.status === 'completed';
  return {
    appointmentId: row.id,
    date: row.appointment_date,
    serviceType: row.service_type,
    status: shownAppointmentStatus({ status: row.status as AppointmentStatus, visitStage: row.visit_stage }),
    confirmationCode: row.confirmation_code,
    diagnosis: done ? row.diagnosis : null,
    parts: done ? row.parts_needed : null,
    importedFrom: importedFrom(row),
  };
}

type Group = { appliance: string; brand: string; serials: Set<string>; models: Set<string>; rows: ApplianceVisitRow[] };

/**
 * A customer's appliances from their appointments (cancelled ones left out: no one came). The plate as the technician
 * read it wins over what was given at booking. Visits are one appliance when they share the type and brand and:
 * the same serial; or, without a serial, the same model as an appliance already known; or, with neither, the only
 * appliance of that type and brand. Anything else starts an appliance of its own (two washers of one brand stay two).
 * Appliances come newest visit first; each one's visits too.
 */
export function applianceHistory(rows: readonly ApplianceVisitRow[]): Appliance[] {
  const groups: Group[] = [];
  const visits = rows.filter((row) => row.status !== 'cancelled');
  // Plates read as written: upper case, single spaces (imported history may not be).
  const plate = (value: string | null) => value?.trim().replace(/\s+/g, ' ').toUpperCase() || null;
  const serialOf = (row: ApplianceVisitRow) => plate(row.job_serial_number ?? row.serial_number);
  const modelOf = (row: ApplianceVisitRow) => plate(row.job_model_number ?? row.model_number);
  const sameKind = (group: Group, row: ApplianceVisitRow) => plain(group.appliance) === plain(row.appliance) && plain(group.brand) === plain(row.brand);
  const add = (group: Group, row: ApplianceVisitRow) => {
    group.rows.push(row);
    const serial = serialOf(row);
    const model = modelOf(row);
    if (serial) group.serials.add(serial);
    if (model) group.models.add(model);
  };
  const start = (row: ApplianceVisitRow) => {
    const group: Group = { appliance: row.appliance, brand: row.brand, serials: new Set(), models: new Set(), rows: [] };
    groups.push(group);
    add(group, row);
  };
  // Serials first, so a visit without one finds the appliance its model belongs to.
  const withSerial = visits.filter((row) => serialOf(row) !== null);
  for (const row of withSerial) {
    const found = groups.find((group) => sameKind(group, row) && group.serials.has(serialOf(row)!));
    if (found) add(found, row);
    else start(row);
  }
  for (const row of visits.filter((candidate) => serialOf(candidate) === null)) {
    const model = modelOf(row);
    const kind = groups.filter((group) => sameKind(group, row));
    const found = model ? kind.find((group) => group.models.has(model)) : kind.length === 1 ? kind[0] : kind.find((group) => group.serials.size === 0 && group.models.size === 0);
    if (found) add(found, row);
    else start(row);
  }
  const newestFirst = (a: ApplianceVisitRow, b: ApplianceVisitRow) => b.appointment_date.localeCompare(a.appointment_date) || b.id - a.id;
  return groups
    .map((group): Appliance => {
      const sorted = [...group.rows].sort(newestFirst);
      const latest = (read: (row: ApplianceVisitRow) => string | null) => sorted.map(read).find((value) => value !== null) ?? null;
      const serialNumber = latest(serialOf);
      const modelNumber = latest(modelOf);
      const installs = sorted.filter((row) => row.status === 'completed' && plain(row.service_type) === 'installation');
      return {
        key: [plain(group.appliance), plain(group.brand), serialNumber ? `serial ${serialNumber}` : modelNumber ? `model ${modelNumber}` : 'unread'].join('|'),
        appliance: group.appliance,
        brand: group.brand,
        modelNumber,
        serialNumber,
        purchasedOn: latest((row) => row.warranty_purchase_date),
        installedOn: installs.at(-1)?.appointment_date ?? null,
        visits: sorted.map(toVisit),
      };
    })
    .sort((a, b) => (b.visits[0]?.date ?? '').localeCompare(a.visits[0]?.date ?? ''));
}
