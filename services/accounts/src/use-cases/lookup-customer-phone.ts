import { usPhoneDigits, type LookupCustomerPhoneResponse } from '@repo/contracts';
import { FieldServiceError, type ExternalCustomerRecord } from '@repo/field-service';
import { detailsOfRecord, withServiceHistory } from '../domain/service-history.ts';
import { findCustomersLinkedTo } from '../repositories/customer-repository.ts';
import type { AccountsContext } from './context.ts';
import { askSystem, configuredConnector } from './field-service-connector.ts';

/** Of several customers with one number, the one served most recently (then the system's first). */
function mostRecent(customers: readonly ExternalCustomerRecord[]): ExternalCustomerRecord | undefined {
  return [...customers].sort((a, b) => (b.lastServiceDate ?? '').localeCompare(a.lastServiceDate ?? ''))[0];
}

/**
 * Finds the customer with this phone number in the configured system (server credentials), whatever format it was
 * typed in, with their service history read from the system, and the portal account linked to them (its record);
 * null when there is none.
 */
export async function lookupCustomerPhone(ctx: AccountsContext, phone: string): Promise<LookupCustomerPhoneResponse> {
  const connector = await configuredConnector(ctx);
  const digits = usPhoneDigits(phone) ?? phone.replace(/\D/g, '');
  const customer = await askSystem(ctx, 'staff', async () => {
    const customer = mostRecent(await connector.findCustomersByPhone(digits));
    if (!customer) return null;
    const visits = await connector.listVisits(customer.externalId).catch((err: unknown) => {
      // Removed between the two calls: the customer, without history.
      if (err instanceof FieldServiceError && err.kind === 'not-found') return [];
      throw err;
    });
    return withServiceHistory(detailsOfRecord(customer), visits);
  });
  const linked = customer ? await findCustomersLinkedTo(ctx.db, [customer.id]) : undefined;
  return { customer, customerId: (customer && linked?.get(customer.id)) ?? null };
}
