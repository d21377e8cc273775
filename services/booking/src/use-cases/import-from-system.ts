import { errorCodes, fieldServiceHistoryMessages, systemImportMessages, type CustomerHistoryAnswer, type ImportResult, type ServiceSystemId } from '@repo/contracts';
import { FieldServiceError } from '@repo/field-service';
import { DomainError, notFound, unavailable } from '@repo/service-kit';
import { fieldServiceFailure, systemName } from '../domain/field-service-failure.ts';
import { AccountsUnavailableError } from '../domain/field-service-from-accounts.ts';
import { visitHistory, type SystemHistory } from '../domain/system-history.ts';
import type { BookingContext } from './context.ts';
import { importSystemHistory } from './import-history.ts';

/** The signed-in customer and the email they have proven is theirs (the route checks the proof). */
export type SystemImportOwner = { customerId: number; provenEmail: string };

type FoundCustomers = Extract<CustomerHistoryAnswer, { outcome: 'found' }>['customers'];

const sameEmail = (a: string | null, b: string) => a !== null && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The system's records with the customer's (proven) email, each with its visits, as accounts read them; a 404 when the
 * business has not connected the system or the system has no such record. Accounts sends only exact matches already:
 * they are checked again here, as importing a record under another email would hand over someone else's history.
 */
async function ownRecords(ctx: BookingContext, system: ServiceSystemId, email: string): Promise<FoundCustomers> {
  let answer: CustomerHistoryAnswer;
  try {
    answer = await ctx.fieldService.customerHistory(system, email);
  } catch (err) {
    if (!(err instanceof AccountsUnavailableError)) throw err;
    throw Object.assign(unavailable(fieldServiceHistoryMessages.accountsUnavailable(systemName(system))), { cause: err }) satisfies DomainError;
  }
  switch (answer.outcome) {
    case 'not-connected': {
      const message = systemImportMessages.notConnected(systemName(system));
      throw new DomainError(404, errorCodes.notFound, message, { systemName: message });
    }
    case 'failed':
      // The connector's failure as accounts met it: worded for the customer as when booking made the calls itself.
      throw fieldServiceFailure(new FieldServiceError(system, answer.kind, answer.message), system, email);
    case 'found': {
      const records = answer.customers.filter(({ customer }) => sameEmail(customer.email, email));
      if (records.length === 0) throw notFound(systemImportMessages.noRecordWithEmail(systemName(system), email));
      return records;
    }
  }
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * POST /api/customer/import-from-system: brings in the signed-in customer's past visits from one of the systems the
 * business keeps records in, read through the business's own connection: accounts keeps it (the administrator's saved
 * settings, else the environment's) and makes the calls (the customer types no credentials, and booking holds none).
 * Only the records with the customer's proven email are theirs (an email typed at registration is a claim anyone can
 * make, and would hand them someone else's history: the route refuses it). The visits are stored as the customer's
 * service requests and appointments through the history import's insert path, keyed by system and visit id (a re-run
 * adds nothing twice). Everything is read before anything is written, so a failure midway stores nothing.
 */
export async function importFromSystem(ctx: BookingContext, owner: SystemImportOwner, system: ServiceSystemId): Promise<ImportResult> {
  const email = owner.provenEmail;
  const history: SystemHistory = { serviceRequests: [], appointments: [] };
  const problems: string[] = [];
  for (const { customer, visits } of await ownRecords(ctx, system, email)) {
    const found = visitHistory(customer, visits);
    history.serviceRequests.push(...found.history.serviceRequests);
    history.appointments.push(...found.history.appointments);
    problems.push(...found.problems);
  }
  const result = await importSystemHistory(ctx, { customerId: owner.customerId, email }, system, history);
  if (problems.length === 0) return result;
  return { ...result, message: `${result.message} ${plural(problems.length, 'visit', 'visits')} could not be imported.`, notImported: problems };
}
