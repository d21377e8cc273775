import { errorCodes, systemImportMessages, type ServiceSystemId, type ImportResult } from '@repo/contracts';
import type { ExternalCustomerRecord, FieldServiceConnector } from '@repo/field-service';
import { DomainError, notFound } from '@repo/service-kit';
import { fieldServiceFailure, systemName } from '../domain/field-service-failure.ts';
import { visitHistory, type SystemHistory } from '../domain/system-history.ts';
import type { BookingContext } from './context.ts';
import { importSystemHistory } from './import-history.ts';

/** The signed-in customer and the email they have proven is theirs (the route checks the proof). */
export type SystemImportOwner = { customerId: number; provenEmail: string };

const sameEmail = (a: string | null, b: string) => a !== null && a.trim().toLowerCase() === b.trim().toLowerCase();

/** The system's records with the customer's (proven) email; a 404 when it has none. */
async function ownRecords(connector: FieldServiceConnector, system: ServiceSystemId, email: string): Promise<ExternalCustomerRecord[]> {
  const records = (await connector.findCustomersByEmail(email)).filter((record) => sameEmail(record.email, email));
  if (records.length === 0) throw notFound(systemImportMessages.noRecordWithEmail(systemName(system), email));
  return records;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * POST /api/customer/import-from-system: brings in the signed-in customer's past visits from one of the systems the
 * business keeps records in, read through the business's own connection (server configuration; the customer types no
 * credentials). Only the records with the customer's proven email are theirs (an email typed at registration is a
 * claim anyone can make, and would hand them someone else's history: the route refuses it). The visits are
 * stored as the customer's service requests and appointments through the history import's insert path, keyed by system
 * and visit id (a re-run adds nothing twice). Everything is read before anything is written, so a failure midway
 * stores nothing.
 */
export async function importFromSystem(ctx: BookingContext, owner: SystemImportOwner, system: ServiceSystemId): Promise<ImportResult> {
  const email = owner.provenEmail;
  if (!ctx.fieldService.connected.includes(system)) {
    const message = systemImportMessages.notConnected(systemName(system));
    throw new DomainError(404, errorCodes.notFound, message, { systemName: message });
  }
  const connector = ctx.fieldService.connect(system);
  const history: SystemHistory = { serviceRequests: [], appointments: [] };
  const problems: string[] = [];
  try {
    for (const record of await ownRecords(connector, system, email)) {
      const found = visitHistory(record, await connector.listVisits(record.externalId));
      history.serviceRequests.push(...found.history.serviceRequests);
      history.appointments.push(...found.history.appointments);
      problems.push(...found.problems);
    }
  } catch (err) {
    throw fieldServiceFailure(err, system, email);
  }
  const result = await importSystemHistory(ctx, { customerId: owner.customerId, email }, system, history);
  if (problems.length === 0) return result;
  return { ...result, message: `${result.message} ${plural(problems.length, 'visit', 'visits')} could not be imported.`, notImported: problems };
}
