import { serviceSystemListSchema } from '@repo/contracts';
import type { ServiceApp } from '@repo/service-kit';
import { AccountsUnavailableError } from '../domain/field-service-from-accounts.ts';
import type { BookingContext } from '../use-cases/context.ts';
import { listServiceSystems } from '../use-cases/list-service-systems.ts';

/**
 * The field-service systems the business has connected, which the portal offers for bringing in past visits (public).
 * Accounts keeps the connections and says which are usable (booking reuses its answer briefly). While accounts cannot
 * be asked no system is offered: an import could not be made then either, and the portal says there is nothing to
 * bring in right now rather than showing an error beside the JSON import.
 */
export async function serviceSystemRoutes(app: ServiceApp, { ctx }: { ctx: BookingContext }) {
  app.get('/api/service-systems', {
    schema: { tags: ['service-systems'], summary: 'The field-service systems a customer can bring in past visits from', response: { 200: serviceSystemListSchema } },
  }, async (request) => {
    try {
      return await listServiceSystems(ctx);
    } catch (err) {
      if (!(err instanceof AccountsUnavailableError)) throw err;
      request.log.warn({ err }, 'could not ask accounts which field-service systems are connected');
      return [];
    }
  });
}
