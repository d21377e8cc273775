import type { ExternalCustomer, SessionClaims } from '@repo/contracts';
import { FieldServiceError } from '@repo/field-service';
import { forbidden, notFound } from '@repo/service-kit';
import type { CustomerRow } from '../db/schema.ts';
import type { Audience } from '../domain/field-service.ts';
import { withServiceHistory } from '../domain/service-history.ts';
import { findCustomerById } from '../repositories/customer-repository.ts';
import { toExternalCustomerDetails } from '../repositories/mappers.ts';
import { findImportedCustomer } from '../repositories/service-pro-customer-repository.ts';
import type { AccountsContext } from './context.ts';
import { askSystem, configuredConnector } from './field-service-connector.ts';

/**
 * The signed-in customer's linked field-service record with its visits read from the system; null when the customer
 * is linked to nothing (or to a customer the import no longer has).
 */
export async function getLinkedServiceHistory(ctx: AccountsContext, session: SessionClaims | null): Promise<ExternalCustomer | null> {
  const id = session?.customerId;
  if (id === undefined) throw forbidden('This call is for customer accounts.');
  const customer = await findCustomerById(ctx.db, id);
  if (!customer) throw notFound('Your account no longer exists.');
  return linkedServiceHistoryOf(ctx, customer, 'customer');
}

/** A customer's linked field-service record with its visits, for them or for staff (`audience` words the failures). */
export async function linkedServiceHistoryOf(ctx: AccountsContext, customer: CustomerRow, audience: Audience): Promise<ExternalCustomer | null> {
  // Links are made only through a proven contact; an account that has proven none is never shown another's record.
  if (!customer.service_pro_customer_id || (customer.email_verified_at === null && customer.phone_verified_at === null)) return null;
  const imported = await findImportedCustomer(ctx.db, ctx.fieldService.system, customer.service_pro_customer_id);
  if (!imported) return null;
  const connector = await configuredConnector(ctx, audience);
  const visits = await askSystem(ctx, audience, () =>
    connector.listVisits(imported.service_pro_id).catch((err: unknown) => {
      if (err instanceof FieldServiceError && err.kind === 'not-found') return [];
      throw err;
    }),
  );
  return withServiceHistory(toExternalCustomerDetails(imported), visits);
}
