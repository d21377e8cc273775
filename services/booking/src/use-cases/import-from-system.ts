import {
  errorCodes,
  missingCredentials,
  missingCredentialsMessage,
  serviceSystemCredentialNames,
  systemImportMessages,
  type ImportFromSystemRequest,
  type ImportResult,
} from '@repo/contracts';
import type { ExternalCustomerRecord, FieldServiceConnector } from '@repo/field-service';
import { badRequest, DomainError, forbidden, notFound } from '@repo/service-kit';
import { fieldServiceFailure, systemName } from '../domain/field-service-failure.ts';
import { visitHistory, type SystemHistory } from '../domain/system-history.ts';
import type { BookingContext } from './context.ts';
import { importSystemHistory, type HistoryOwner } from './import-history.ts';

/** Longer than any real credential; a longer one is refused before it reaches a system. */
const credentialMaxLength = 2000;

const sameEmail = (a: string | null, b: string) => a !== null && a.trim().toLowerCase() === b.trim().toLowerCase();

/** The required credentials, trimmed, or a 400 naming the blank ones with the spec's message beside each field. */
function checkedCredentials(request: ImportFromSystemRequest): Record<string, string> {
  const missing = missingCredentials(request.systemName, request.credentials);
  if (missing.length > 0) {
    throw badRequest(missingCredentialsMessage(missing), Object.fromEntries(missing.map((name) => [`credentials.${name}`, missingCredentialsMessage([name])])));
  }
  const names = serviceSystemCredentialNames[request.systemName];
  const tooLong = names.filter((name) => (request.credentials[name] ?? '').trim().length > credentialMaxLength);
  if (tooLong.length > 0) {
    const message = `Must be at most ${credentialMaxLength} characters`;
    throw badRequest(message, Object.fromEntries(tooLong.map((name) => [`credentials.${name}`, message])));
  }
  return Object.fromEntries(names.map((name) => [name, (request.credentials[name] ?? '').trim()]));
}

/**
 * The system's records that are the signed-in customer's: the one with the given ID when its email is theirs, else
 * every record with their email. Booking knows the customer's email from the session, not their phone, so the email
 * is what proves a record is theirs.
 */
async function ownRecords(connector: FieldServiceConnector, request: ImportFromSystemRequest, email: string): Promise<ExternalCustomerRecord[]> {
  const name = systemName(request.systemName);
  if (request.customerId) {
    const record = await connector.getCustomer(request.customerId);
    if (!record || !sameEmail(record.email, email)) {
      const message = systemImportMessages.noMatchingId(name);
      throw new DomainError(404, errorCodes.notFound, message, { customerId: message });
    }
    return [record];
  }
  const records = (await connector.findCustomersByEmail(email)).filter((record) => sameEmail(record.email, email));
  if (records.length === 0) throw notFound(systemImportMessages.noRecordWithEmail(name, email));
  return records;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * POST /api/customer/import-from-system: reads the customer's own records and their visits from the chosen system
 * with the credentials they typed, then stores the visits as their service requests and appointments through the
 * history import's insert path, keyed by system and visit id (a re-run adds nothing twice). Everything is read before
 * anything is written, so a failure midway stores nothing. The credentials live only in this call.
 */
export async function importFromSystem(ctx: BookingContext, owner: HistoryOwner, request: ImportFromSystemRequest): Promise<ImportResult> {
  const credentials = checkedCredentials(request);
  if (!owner.email) throw forbidden('Your session does not carry your email. Please log in again.');
  const connector = ctx.fieldService.connect(request.systemName, credentials);
  const history: SystemHistory = { serviceRequests: [], appointments: [] };
  const problems: string[] = [];
  try {
    for (const record of await ownRecords(connector, request, owner.email)) {
      const found = visitHistory(record, await connector.listVisits(record.externalId));
      history.serviceRequests.push(...found.history.serviceRequests);
      history.appointments.push(...found.history.appointments);
      problems.push(...found.problems);
    }
  } catch (err) {
    throw fieldServiceFailure(err, request.systemName);
  }
  const result = await importSystemHistory(ctx, owner, request.systemName, history);
  if (problems.length === 0) return result;
  return { ...result, message: `${result.message} ${plural(problems.length, 'visit', 'visits')} could not be imported.`, notImported: problems };
}
